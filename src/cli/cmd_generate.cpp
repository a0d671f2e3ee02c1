// `hidato generate` (board spec -> puzzles with solutions) and `hidato grade` (puzzle files ->
// grades with technique counts).
//
// Text output of generate, per puzzle: `# puzzle:`, `# spec:`, `# seed:`, `# grade:`,
// `# attempt:` and `# description:` header lines, the puzzle in the text format (with its
// `# topology:` line), then a `# solution` line and the solution grid, then a blank line.
// Every reader (grade, solve) reads such files back through core's read_puzzle_collection.
// Puzzle 0 of --count K has seed N, puzzle i > 0 job_seed(N, "generate", i); any puzzle is
// reproduced alone by `--seed <its # seed> --count 1`.
#include <iostream>
#include <limits>
#include <optional>
#include <sstream>

#include <boost/program_options.hpp>
#include <nlohmann/json.hpp>

#include <tbb/global_control.h>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "core/atomic_file.hpp"
#include "core/codec.hpp"
#include "core/limits.hpp"
#include "core/errors.hpp"
#include "core/json_text.hpp"
#include "core/rng.hpp"
#include "core/run_ahead.hpp"
#include "core/text.hpp"
#include "generator/base_board.hpp"
#include "generator/generator.hpp"
#include "pipeline/run.hpp"
#include "pipeline/signals.hpp"

namespace hidato::cli {
namespace {

namespace po = boost::program_options;
using nlohmann::json;


struct GenerateOptions {
  BoardSpec spec;
  Difficulty difficulty = Difficulty::medium;
  std::uint64_t seed = 1;
  int count = 1;
  std::string out;
  bool json = false;
  WorkBudget budget;
  int threads = 1;
  int stream = 1;  // with no `out` file: standard output (1), or error (2) when --out named it
};

// What to change after a failure, in flags, as the book's failures say it in config keys
// (progress.cpp, explained); an outside check: "failed: level after 20 attempts" named neither the
// level nor a way out.
std::string failure_hint(const Failure& failure, const GenerateOptions& o) {
  const std::string_view word = failure.kind();
  if (word == "level")
    return " (no attempt's puzzle graded " + std::string(to_string(o.difficulty)) +
           "; more --attempts, a larger board, fewer --obstacles or another --difficulty may reach it)";
  if (word == "deadline")
    return " (--deadline-ms " + std::to_string(o.budget.deadline_ms) + " passed before a puzzle was made and proved; raise it)";
  if (word == "budget")
    return " (its proofs needed more than --nodes " + std::to_string(o.budget.nodes_per_attempt) +
           " an attempt; raise it, or --attempts)";
  return "";
}

GenerateOptions read_generate_options(const po::variables_map& vm) {
  GenerateOptions o;
  const auto topology = vm["topology"].as<std::string>();
  const auto t = parse_topology(topology);
  if (!t) throw InputError("--topology: unknown topology '" + topology + "' (expected square8, square4 or hex6)");
  o.spec.topology = *t;
  o.spec.shape = vm["shape"].as<std::string>();
  if (vm.count("mask")) {
    o.spec.mask_file = vm["mask"].as<std::string>();
    if (vm["shape"].defaulted()) o.spec.shape = "mask";
    else if (o.spec.shape != "mask") throw InputError("--mask needs --shape mask (got --shape " + o.spec.shape + ")");
  }
  o.spec.rows = static_cast<int>(parse_number_in(vm["rows"].as<std::string>(), 2, max_side, "--rows"));
  o.spec.cols = static_cast<int>(parse_number_in(vm["cols"].as<std::string>(), 2, max_side, "--cols"));
  o.spec.obstacles = parse_ratio_in(vm["obstacles"].as<std::string>(), 0.0, 0.5, true, "--obstacles");
  o.spec.fill = parse_ratio_in(vm["fill"].as<std::string>(), 0.2, 1.0, false, "--fill");
  o.spec.hide_ends = vm.count("hide-ends") > 0;
  o.spec.sparse = vm.count("sparse") > 0;
  const auto level = vm["difficulty"].as<std::string>();
  const auto d = parse_difficulty(level);
  if (!d) throw InputError("--difficulty: unknown level '" + level + "' (expected easy, medium, hard, expert or extreme)");
  o.difficulty = *d;
  // Flags that would change nothing are refused, as --mask without --shape mask is (they were
  // taken without a word, and --sparse written into the header).
  if (!vm["fill"].defaulted() && o.spec.shape != "grown")
    throw InputError("--fill needs --shape grown (got --shape " + o.spec.shape + ")");
  if (o.spec.sparse && o.difficulty != Difficulty::extreme)
    throw InputError("--sparse needs --difficulty extreme (got --difficulty " + level + ")");
  o.seed = parse_unsigned_in(vm["seed"].as<std::string>(), 0, std::numeric_limits<std::uint64_t>::max(), "--seed");
  o.count = static_cast<int>(parse_number_in(vm["count"].as<std::string>(), 1, 1'000'000, "--count"));
  // '-' is standard output, as `solve -` reads standard input (it wrote a file called '-').
  if (vm.count("out") && vm["out"].as<std::string>() != "-") o.out = vm["out"].as<std::string>();
  o.json = vm.count("json") > 0;
  o.budget.nodes_per_attempt = parse_unsigned_in(vm["nodes"].as<std::string>(), 1, std::numeric_limits<std::uint64_t>::max(), "--nodes");
  o.budget.max_attempts = static_cast<int>(parse_number_in(vm["attempts"].as<std::string>(), 1, 10'000, "--attempts"));
  o.budget.deadline_ms = static_cast<int>(parse_number_in(vm["deadline-ms"].as<std::string>(), 0, max_deadline_ms, "--deadline-ms"));
  o.threads = vm.count("threads") ? static_cast<int>(parse_number_in(vm["threads"].as<std::string>(), 1, 1024, "--threads"))
                                   : default_threads();
  if (const auto problem = unknown_shape(o.spec.shape)) throw InputError("--shape: " + *problem);
  if (const auto problem = check_spec(o.spec)) throw InputError(*problem);
  if (const auto problem = check_level(o.spec, o.difficulty)) throw InputError("--difficulty: " + *problem);
  // Last, once nothing else can refuse the run (it creates missing folders), and before any
  // puzzle is made. /dev/stdout and the like name the stream, written into as it is (it replaced
  // the file behind a `>> log` redirection).
  if (!o.out.empty()) check_output_file(o.out);
  if (const int fd = standard_stream_named(o.out); fd != 0) {
    o.stream = fd;
    o.out.clear();
  }
  return o;
}

std::string spec_text(const BoardSpec& s, Difficulty d) {
  std::ostringstream out;
  out << "topology=" << to_string(s.topology) << " shape=" << s.shape;
  if (s.shape == "mask") out << " mask=" << s.mask_file;
  else out << " rows=" << s.rows << " cols=" << s.cols;
  if (s.shape == "grown") out << " fill=" << s.fill;
  out << " obstacles=" << s.obstacles << " difficulty=" << to_string(d) << " hide-ends=" << (s.hide_ends ? "yes" : "no");
  if (s.sparse) out << " sparse=yes";
  return out.str();
}

std::string grade_text(const Grade& g) {
  std::ostringstream out;
  out << to_string(g.level) << " (score " << g.score << ", deepest tier " << g.deepest_tier
      << ", search " << (g.needs_search ? "yes" : "no") << ")";
  return out.str();
}

json grade_json(const Grade& g) {
  json techniques = json::array();
  for (const auto& t : g.techniques) techniques.push_back({{"technique", t.technique}, {"tier", t.tier}, {"steps", t.steps}});
  return {{"level", std::string(to_string(g.level))}, {"score", g.score}, {"deepest_tier", g.deepest_tier},
          {"needs_search", g.needs_search}, {"techniques", techniques}};
}

json spec_json(const BoardSpec& s, Difficulty d) {
  json j = {{"topology", std::string(to_string(s.topology))}, {"shape", s.shape}, {"rows", s.rows},
            {"cols", s.cols}, {"obstacles", s.obstacles}, {"difficulty", std::string(to_string(d))},
            {"hide_ends", s.hide_ends}};
  if (s.shape == "mask") j["mask"] = s.mask_file;
  if (s.shape == "grown") j["fill"] = s.fill;
  if (s.sparse) j["sparse"] = true;
  return j;
}

// easy..expert givens are minimal for the grader limited to the level's tier; extreme ones for the
// exact solver (say whether it settled every removal test).
std::string minimal_text(const GeneratedPuzzle& g) {
  if (g.job.target != Difficulty::extreme) return "tier " + std::to_string(tier_of(g.job.target));
  if (g.stats.undecided == 0) return "proven";
  return "not proven (" + counted(g.stats.undecided, "removal test") + " undecided)";
}

std::string puzzle_text(const GeneratedPuzzle& g, int index, int count) {
  std::ostringstream out;
  out << "# puzzle: " << index + 1 << "/" << count << "\n"
      << "# spec: " << line_text(spec_text(g.job.board, g.job.target)) << "\n"
      << "# seed: " << g.job.seed << "\n"
      << "# grade: " << grade_text(g.grade) << "\n"
      << "# attempt: " << g.attempt << "\n"
      << "# minimal: " << minimal_text(g) << "\n"
      << "# description: " << describe(g.puzzle) << "\n"
      << format_puzzle(g.puzzle);
  const std::string solution = format_grid(g.puzzle, g.solution);
  out << "# solution\n" << solution.substr(solution.find('\n') + 1) << "\n";
  return out.str();
}

std::string puzzle_json(const GeneratedPuzzle& g, int index, int count) {
  const json j = {{"number", index + 1},
                  {"count", count},
                  {"minimal", minimal_text(g)},  // as the text's `# minimal:` line says it
                  {"puzzle", to_grid(g.puzzle.board, g.puzzle.givens)},
                  {"solution", to_grid(g.puzzle.board, g.solution)},
                  {"spec", spec_json(g.job.board, g.job.target)},
                  {"seed", std::to_string(g.job.seed)},  // a string: past 2^53, JSON numbers round in jq and JavaScript
                  {"attempt", g.attempt},
                  {"description", describe(g.puzzle)},
                  {"grade", grade_json(g.grade)},
                  {"undecided", g.stats.undecided},
                  // What it cost in a deterministic unit (solver nodes and SAT conflicts, the same on
                  // any machine and thread count): time swings with the machine's load, this does not.
                  {"nodes", g.stats.nodes}};
  return json_text(j) + "\n";
}

// Why a puzzle cannot be graded: no solution, several, or the proof did not finish by `deadline`
// (none: no limit); nullopt when it has exactly one solution. No node cap: the deadline is the
// limit (a hidden cap of 2,000,000 nodes gave up on a unique puzzle after 25 s of 60).
std::optional<std::string> not_unique(const Puzzle& p, std::optional<Clock::time_point> deadline) {
  SolveLimits limits;
  limits.deadline = deadline;
  const SolveReport r = count_solutions(p, 2, limits);
  switch (r.verdict) {
    case Verdict::unique: return std::nullopt;
    case Verdict::multiple: return std::string("more than one solution");
    case Verdict::none: return std::string("no solution");
    case Verdict::gave_up:
      return "uniqueness not proven (" + std::string(to_string(r.stats.stop)) + " after " +
             std::to_string(r.stats.nodes) + " nodes)";
  }
  return std::nullopt;
}

po::options_description generate_options() {
  po::options_description desc("options");
  desc.add_options()
      ("help,h", "show this help")
      ("topology,t", po::value<std::string>()->default_value("square8"), "square8 (Hidato), square4 (Numbrix) or hex6")
      ("shape,s", po::value<std::string>()->default_value("rect"),
       "rect, circle, diamond, heart, ring, triangle, star, cross, hexagon, grown (with --fill), or mask (with --mask)")
      ("mask", po::value<std::string>(), "mask file (a text picture); a name without / is a shipped mask of templates/shapes/ when there is one (./NAME: your own)")
      ("rows,r", po::value<std::string>()->default_value("10"), "rows of the shape's box (2 to 200)")
      ("cols,c", po::value<std::string>()->default_value("10"), "columns of the shape's box (2 to 200)")
      ("obstacles", po::value<std::string>()->default_value("0"), "fraction of the shape's cells made holes, [0, 0.5)")
      ("fill", po::value<std::string>()->default_value("0.65"), "shape grown: share of the box the path visits, [0.2, 1]")
      ("difficulty,d", po::value<std::string>()->default_value("medium"), "easy, medium, hard, expert (deduction tiers 1-4) or extreme (needs search)")
      ("seed", po::value<std::string>()->default_value("1"), "seed N (0 to 2^64-1); the first puzzle uses N, the others seeds mixed from N and their number (each printed)")
      ("count,n", po::value<std::string>()->default_value("1"), "number of puzzles (1 to 1000000)")
      ("out,o", po::value<std::string>(), "write to FILE (atomically) instead of standard output (- : standard output)")
      ("json", "one JSON object per puzzle per line")
      ("hide-ends", "1 and N need not be shown")
      ("sparse", "extreme: the fewest givens (about 21% of the cells at square8 20x20 instead of 26%), proofs about 4x slower")
      ("nodes", po::value<std::string>()->default_value(std::to_string(WorkBudget{}.nodes_per_attempt)), "solver nodes per attempt")
      ("attempts", po::value<std::string>()->default_value(std::to_string(WorkBudget{}.max_attempts)), "attempts per puzzle (1 to 10000)")
      ("deadline-ms", po::value<std::string>()->default_value("0"), "wall-clock safety net per puzzle, 0 = none (at most 86400000, a day)")
      ("threads,j", po::value<std::string>()->value_name("N"), "worker threads (default: every core): puzzles made side by side, or one puzzle's next attempts run ahead (at most one a core; square4 extreme: the cores help the attempt itself); the output is the same, but for a --deadline-ms that fires (time depends on the machine)");
  return desc;
}

// After a stop signal, with `done` puzzles settled (-1: not known): what was printed stays, --out
// is untouched.
int interrupted_generate(const GenerateOptions& o, int done) {
  std::cout << std::flush;
  if (!o.out.empty())
    std::cerr << "hidato: interrupted; " << line_text(o.out) << " left as it was\n";
  else if (done >= 0)
    std::cerr << "hidato: interrupted after " << done << " of " << counted(o.count, "puzzle") << "\n";
  else
    std::cerr << "hidato: interrupted\n";
  return exit_code_for_signal(stop_signal());
}

// The puzzles of `o`, made ahead and printed in order; the exit code.
int generate_all(const GenerateOptions& o, const std::atomic<bool>& stop) {
  // Standard output gets each puzzle as it is made, in order with the failure lines (it got them
  // all at the end, held in memory); so does the temporary file of --out FILE, renamed into place
  // at the end (it was held in memory too: a gigabyte for a million puzzles).
  const bool streamed = o.out.empty();
  std::ostream& stream = o.stream == 2 ? std::cerr : std::cout;
  std::optional<AtomicFileWriter> file;
  if (!streamed) file.emplace(o.out);
  int failed = 0;
  // Puzzle i's seed: --seed itself for the first, a mixed one for the others. derive(seed, i)
  // was attempt i of the first puzzle, so a retry made an earlier puzzle again. The seed is
  // printed, and --seed with it (and --count 1) makes that puzzle alone.
  const auto job_of = [&](int i) {
    const std::uint64_t seed = i == 0 ? o.seed : job_seed(o.seed, "generate", static_cast<std::uint64_t>(i));
    return PuzzleJob{"generate", i, o.spec, o.difficulty, seed, o.budget};
  };
  // One puzzle gets the threads for its attempts, at most one a core (more would slow the attempt
  // that is settled next); more are made side by side, one thread each, at most four per thread
  // ahead of the one printed next; the last ones borrow the threads of those that end (as a book's
  // tail does: run_jobs).
  // Cores for a strip's second thread (strip_givens' speculation) come from TBB's arena: at most
  // --threads in all, so -j 1 keeps to one core (the output is the same).
  const tbb::global_control cores(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(o.threads));
  const int side_by_side = o.count > 1 ? o.threads : 1;
  const int attempt_threads = o.count > 1 ? 1 : std::min(o.threads, default_threads());
  IdleCores idle;
  TailLender tail(idle, static_cast<std::size_t>(o.count));
  RunAhead<Result<GeneratedPuzzle>> made(o.count, side_by_side, 4 * side_by_side,
                                         [&](std::int64_t i, const std::atomic<bool>* halt) {
                                           tail.begin();
                                           auto r = make_puzzle(job_of(static_cast<int>(i)), halt, attempt_threads,
                                                                o.count > 1 ? &idle : nullptr);
                                           tail.end();
                                           return r;
                                         },
                                         &stop);
  for (int i = 0; i < o.count; ++i) {
    const auto result = made.take();
    if (stop.load()) return interrupted_generate(o, i);
    if (!result) {
      ++failed;
      std::cerr << "hidato: puzzle " << i + 1 << " (seed " << job_of(i).seed << ") failed: " << result.failure().reason
                << " after " << counted(result.failure().attempts, "attempt") << failure_hint(result.failure(), o)
                << "\n";
      continue;
    }
    const std::string text = o.json ? puzzle_json(result.value(), i, o.count) : puzzle_text(result.value(), i, o.count);
    if (streamed) stream << text;
    else file->write(text);
  }
  // Nothing made: an existing --out file is left as it was (an empty file would replace it); the
  // temporary goes with `file`.
  if (streamed) stream << std::flush;
  else if (stop.load()) return interrupted_generate(o, o.count);
  else if (failed < o.count) file->commit();
  else std::cerr << "hidato: no puzzle made; " << line_text(o.out) << " left as it was\n";
  return failed > 0 ? exit_puzzle_failed : exit_ok;
}

}  // namespace

int run_generate(const Args& args) {
  auto desc = generate_options();
  const Parsed p = parse_command(args, desc);
  const auto& vm = p.vm;
  if (p.help) {
    std::cout << "usage: hidato generate [--topology T] [--shape S] [--rows R] [--cols C] [--difficulty D]\n"
                 "                       [--seed N] [--count K] [--out FILE] [--json] [--threads N]\n"
                 "                       [other options below]\n\n"
                 "Makes puzzles without a config, each proved to have exactly one solution, and prints\n"
                 "them in the puzzle text format (with their solution, grade and seed) or as JSON.\n\n"
              << desc
              << "\nexit codes: 0 every puzzle made, 1 bad input or usage, 2 some puzzle failed (named on\n"
                 "            standard error with its seed), 3 internal error,\n"
                 "            129/130/143 interrupted by SIGHUP/SIGINT/SIGTERM (the puzzles printed so far\n"
                 "            stay; an --out file is left as it was; nothing half-written is left)\n";
    return exit_ok;
  }
  const GenerateOptions o = read_generate_options(vm);
  if (const auto note = shape_note(o.spec)) std::cerr << "hidato: note: " << line_text(*note) << "\n";
  // A signal stops the run at the next puzzle (a second one kills the process): the puzzles
  // printed so far stay, and --out is not written. It killed the process, which could leave the
  // temporary file of --out behind when it came during the final write.
  const auto& stop = install_stop_handlers();
  try {
    return generate_all(o, stop);
  } catch (const OutputError&) {
    // A write the signal broke off (EINTR: an --out FIFO nobody reads yet) is the stop, not a fault.
    if (stop.load()) return interrupted_generate(o, -1);
    throw;
  }
}

int run_grade(const Args& args) {
  po::options_description desc("options");
  desc.add_options()("help,h", "show this help")("json", "one JSON object per puzzle per line")(
      "deadline-ms", po::value<std::string>()->default_value("60000"),
      "wall-clock limit per puzzle for its uniqueness proof and its grading, 0 = none (at most 86400000, a day)");
  const Parsed p = parse_command(args, desc, "file");
  const auto& vm = p.vm;
  if (p.help) {
    std::cout << "usage: hidato grade FILE... [--json] [--deadline-ms MS]\n\n"
                 "Grades each puzzle by the deductions a person needs (easy..expert, or extreme when it\n"
                 "needs search), after proving it has exactly one solution. FILE is a puzzle file or a\n"
                 "one-line description such as 'square8:3x3:6,.,9/.,2,8/1,.2'.\n\n"
              << desc
              << "\nexit codes: 0 every puzzle graded, 1 bad input or usage, 2 some puzzle not graded (no\n"
                 "            solution, several, or its proof did not finish), 3 internal error\n";
    return exit_ok;
  }
  if (!vm.count("file")) throw InputError("grade: no puzzle files given (try 'hidato grade --help')");
  const bool as_json = vm.count("json") > 0;
  const long long deadline_ms = parse_number_in(vm["deadline-ms"].as<std::string>(), 0, max_deadline_ms, "--deadline-ms");
  bool all_graded = true;
  // Every file is read before any is graded, as `solve` does: a bad file stops the command (exit
  // 1) before any grade is printed.
  const auto files = vm["file"].as<std::vector<std::string>>();
  std::vector<std::vector<Puzzle>> collections;
  for (std::size_t f = 0; f < files.size(); ++f) collections.push_back(read_puzzle_argument(files[f], f + 1));
  for (std::size_t f = 0; f < files.size(); ++f) {
    const std::string& file = files[f];
    const std::vector<Puzzle>& puzzles = collections[f];
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
      const std::string name = file + (puzzles.size() > 1 ? "#" + std::to_string(i + 1) : "");
      // A grade is a promise about one solution: a puzzle without exactly one is not graded.
      // One deadline for the proof and the grade after it (grading a 32,768-cell strip ran 15 s
      // past a deadline of 5 s).
      std::optional<Clock::time_point> deadline;
      if (deadline_ms > 0) deadline = Clock::now() + std::chrono::milliseconds(deadline_ms);
      std::optional<std::string> why = not_unique(puzzles[i], deadline);
      std::optional<Grade> graded;
      if (!why) {
        graded = grade_until(puzzles[i], GradeLimits{}, [&] { return deadline && Clock::now() >= *deadline; });
        if (!graded) why = "the deadline (" + std::to_string(deadline_ms) + " ms) passed while grading";
      }
      if (why) {
        all_graded = false;
        std::cerr << "hidato: " << line_text(name) << ": not graded: " << *why << "\n";
        if (as_json) std::cout << json_text(json{{"file", name}, {"index", i}, {"error", *why}}) << "\n";
        continue;
      }
      const Grade& g = *graded;
      if (as_json) {
        json j = grade_json(g);
        j["file"] = name;  // as solve --json and the text lines name it (file#k of several)
        j["index"] = i;
        std::cout << json_text(j) << "\n";
        continue;
      }
      std::cout << line_text(name) << ": " << grade_text(g) << "\n";
      for (const auto& t : g.techniques)
        std::cout << "  tier " << t.tier << "  " << t.technique << ": " << t.steps << "\n";
    }
  }
  return all_graded ? exit_ok : exit_puzzle_failed;
}

}  // namespace hidato::cli
