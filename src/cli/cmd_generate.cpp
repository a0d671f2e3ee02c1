// `hidato generate` (board spec -> puzzles with solutions) and `hidato grade` (puzzle files ->
// grades with technique counts).
//
// Text output of generate, per puzzle: `# puzzle:`, `# spec:`, `# seed:`, `# grade:`,
// `# attempt:` and `# description:` header lines, the puzzle in the text format (with its
// `# topology:` line), then a `# solution` line and the solution grid, then a blank line.
// Every reader (grade, solve) reads such files back through core's read_puzzle_collection. Puzzle i (0-based) of --count K uses the
// seed derive(N, i), so puzzle 0 has seed N and any puzzle is reproduced alone by
// `--seed <its # seed> --count 1`.
#include <iostream>
#include <sstream>

#include <boost/program_options.hpp>
#include <nlohmann/json.hpp>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "core/atomic_file.hpp"
#include "core/codec.hpp"
#include "core/errors.hpp"
#include "core/rng.hpp"
#include "generator/generator.hpp"

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
};

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
  o.spec.rows = vm["rows"].as<int>();
  o.spec.cols = vm["cols"].as<int>();
  o.spec.obstacles = vm["obstacles"].as<double>();
  o.spec.fill = vm["fill"].as<double>();
  o.spec.hide_ends = vm.count("hide-ends") > 0;
  const auto level = vm["difficulty"].as<std::string>();
  const auto d = parse_difficulty(level);
  if (!d) throw InputError("--difficulty: unknown level '" + level + "' (expected easy, medium, hard, expert or extreme)");
  o.difficulty = *d;
  o.seed = vm["seed"].as<std::uint64_t>();
  o.count = vm["count"].as<int>();
  if (o.count < 1 || o.count > 1'000'000) throw InputError("--count: must be between 1 and 1000000");
  if (vm.count("out")) o.out = vm["out"].as<std::string>();
  o.json = vm.count("json") > 0;
  o.budget.nodes_per_attempt = vm["nodes"].as<std::uint64_t>();
  o.budget.max_attempts = vm["attempts"].as<int>();
  o.budget.deadline_ms = vm["deadline-ms"].as<int>();
  if (o.budget.max_attempts < 1) throw InputError("--attempts: must be at least 1");
  if (o.budget.deadline_ms < 0) throw InputError("--deadline-ms: must not be negative");
  if (const auto problem = check_spec(o.spec)) throw InputError(*problem);
  if (const auto problem = check_level(o.spec, o.difficulty)) throw InputError("--difficulty: " + *problem);
  return o;
}

std::string spec_text(const BoardSpec& s, Difficulty d) {
  std::ostringstream out;
  out << "topology=" << to_string(s.topology) << " shape=" << s.shape;
  if (s.shape == "mask") out << " mask=" << s.mask_file;
  else out << " rows=" << s.rows << " cols=" << s.cols;
  out << " obstacles=" << s.obstacles << " difficulty=" << to_string(d) << " hide-ends=" << (s.hide_ends ? "yes" : "no");
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
  return j;
}

// easy..expert givens are minimal for the grader limited to the level's tier; extreme ones for the
// exact solver (say whether it settled every removal test).
std::string minimal_line(const GeneratedPuzzle& g) {
  if (g.job.target != Difficulty::extreme) return "# minimal: tier " + std::to_string(tier_of(g.job.target)) + "\n";
  if (g.stats.undecided == 0) return "# minimal: proven\n";
  return "# minimal: not proven (" + std::to_string(g.stats.undecided) + " removal tests undecided)\n";
}

std::string puzzle_text(const GeneratedPuzzle& g, int index, int count) {
  std::ostringstream out;
  out << "# puzzle: " << index + 1 << "/" << count << "\n"
      << "# spec: " << spec_text(g.job.board, g.job.target) << "\n"
      << "# seed: " << g.job.seed << "\n"
      << "# grade: " << grade_text(g.grade) << "\n"
      << "# attempt: " << g.attempt << "\n"
      << minimal_line(g)
      << "# description: " << describe(g.puzzle) << "\n"
      << format_puzzle(g.puzzle);
  const std::string solution = format_grid(g.puzzle, g.solution);
  out << "# solution\n" << solution.substr(solution.find('\n') + 1) << "\n";
  return out.str();
}

std::string puzzle_json(const GeneratedPuzzle& g) {
  const json j = {{"puzzle", to_grid(g.puzzle.board, g.puzzle.givens)},
                  {"solution", to_grid(g.puzzle.board, g.solution)},
                  {"spec", spec_json(g.job.board, g.job.target)},
                  {"seed", g.job.seed},
                  {"attempt", g.attempt},
                  {"description", describe(g.puzzle)},
                  {"grade", grade_json(g.grade)},
                  {"undecided", g.stats.undecided}};
  return j.dump() + "\n";
}

po::options_description generate_options() {
  po::options_description desc("hidato generate [options]");
  desc.add_options()
      ("help,h", "show this help")
      ("topology,t", po::value<std::string>()->default_value("square8"), "square8 (Hidato), square4 (Numbrix) or hex6")
      ("shape,s", po::value<std::string>()->default_value("rect"),
       "rect, circle, diamond, heart, ring, triangle, star, cross, hexagon, grown (with --fill), or mask (with --mask)")
      ("mask", po::value<std::string>(), "mask file (a text picture; a name looks in templates/shapes/)")
      ("rows,r", po::value<int>()->default_value(10), "rows of the shape's box")
      ("cols,c", po::value<int>()->default_value(10), "columns of the shape's box")
      ("obstacles", po::value<double>()->default_value(0.0), "fraction of the shape's cells made holes, [0, 0.5)")
      ("fill", po::value<double>()->default_value(0.65), "shape grown: share of the box the path visits, [0.2, 1]")
      ("difficulty,d", po::value<std::string>()->default_value("medium"), "easy, medium, hard, expert (deduction tiers 1-4) or extreme (needs search)")
      ("seed", po::value<std::uint64_t>()->default_value(1), "seed N; puzzle i uses derive(N, i), puzzle 0 uses N")
      ("count,n", po::value<int>()->default_value(1), "number of puzzles")
      ("out,o", po::value<std::string>(), "write to FILE (atomically) instead of standard output")
      ("json", "one JSON object per puzzle per line")
      ("hide-ends", "1 and N need not be shown")
      ("nodes", po::value<std::uint64_t>()->default_value(WorkBudget{}.nodes_per_attempt), "solver nodes per attempt")
      ("attempts", po::value<int>()->default_value(WorkBudget{}.max_attempts), "attempts per puzzle")
      ("deadline-ms", po::value<int>()->default_value(0), "wall-clock safety net per puzzle, 0 = none");
  return desc;
}

}  // namespace

int run_generate(const Args& args) {
  auto desc = generate_options();
  const Parsed p = parse_command(args, desc);
  const auto& vm = p.vm;
  if (p.help) {
    std::cout << desc;
    return exit_ok;
  }
  const GenerateOptions o = read_generate_options(vm);
  std::string output;
  int failed = 0;
  for (int i = 0; i < o.count; ++i) {
    PuzzleJob job{"generate", i, o.spec, o.difficulty, derive(o.seed, static_cast<std::uint64_t>(i)), o.budget};
    const auto result = make_puzzle(job);
    if (!result) {
      ++failed;
      std::cerr << "hidato: puzzle " << i + 1 << " (seed " << job.seed << ") failed: " << result.failure().reason
                << " after " << result.failure().attempts << " attempts\n";
      continue;
    }
    output += o.json ? puzzle_json(result.value()) : puzzle_text(result.value(), i, o.count);
  }
  if (o.out.empty()) std::cout << output << std::flush;
  else write_file_atomic(o.out, output);
  return failed > 0 ? exit_puzzle_failed : exit_ok;
}

int run_grade(const Args& args) {
  po::options_description desc("hidato grade FILE... [options]");
  desc.add_options()("help,h", "show this help")("json", "one JSON object per puzzle per line");
  const Parsed p = parse_command(args, desc, "file");
  const auto& vm = p.vm;
  if (p.help) {
    std::cout << desc;
    return exit_ok;
  }
  if (!vm.count("file")) throw InputError("grade: no puzzle files given (try 'hidato grade --help')");
  const bool as_json = vm.count("json") > 0;
  for (const auto& file : vm["file"].as<std::vector<std::string>>()) {
    const std::vector<Puzzle> puzzles = read_puzzle_collection(file);
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
      const Grade g = grade(puzzles[i]);
      if (as_json) {
        json j = grade_json(g);
        j["file"] = file;
        j["index"] = i;
        std::cout << j.dump() << "\n";
        continue;
      }
      std::cout << file << (puzzles.size() > 1 ? "#" + std::to_string(i + 1) : "") << ": " << grade_text(g) << "\n";
      for (const auto& t : g.techniques)
        std::cout << "  tier " << t.tier << "  " << t.technique << ": " << t.steps << "\n";
    }
  }
  return exit_ok;
}

}  // namespace hidato::cli
