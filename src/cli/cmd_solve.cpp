// `hidato solve FILE... [--json] [--deadline-ms MS] [--budget NODES] [--engine auto|native|hybrid]
//                       [--expect-unique] [--threads 1|2]`
//
// Each input is a puzzle file, or a one-line description (an argument containing ':' that is not
// an existing file). Every input is read and validated before any is solved, so a bad file stops
// the command (exit 1) before work starts. Each puzzle is then solved to two solutions.
//
// Text output, per input: `# file: NAME` and `# verdict: unique|multiple`, then `# puzzle: NAME`
// and the solution in the puzzle text format (holes `x`, the input's own header lines but those
// three); for `multiple` the second solution follows under its own `# puzzle:` line, so the
// output reads back as one puzzle per grid. `none` and `gave_up` are reported on stderr.
// With --json: one object per line per input,
//   {"file", "verdict", "solution": rows|null, "second": rows|null, "nodes", "ms"}
// with -1 for holes. Exit: 0 every input unique, 2 any other verdict, 1 bad input or usage.
#include <iostream>
#include <limits>
#include <string>
#include <vector>

#include <boost/program_options.hpp>
#include <nlohmann/json.hpp>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "core/codec.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/json_text.hpp"
#include "core/text.hpp"
#include "solver/solver.hpp"

namespace hidato::cli {
namespace {

namespace po = boost::program_options;

struct SolveOptions {
  std::vector<std::string> inputs;
  bool json = false;
  long long deadline_ms = 0;  // 0: none
  std::uint64_t budget = 0;   // 0: unlimited
  Engine engine = Engine::automatic;
  bool expect_unique = false;  // SolveLimits::expect_unique
  int threads = 1;             // SolveLimits::threads
};

struct Input {
  std::string name;
  Puzzle puzzle;
};

po::options_description solve_options() {
  po::options_description desc("options");
  desc.add_options()("help,h", "show this help")("json", "one JSON object per line per input")(
      "deadline-ms", po::value<std::string>()->default_value("0"),
      "wall-clock limit per puzzle in milliseconds (0: none; at most 86400000, a day)")(
      "budget", po::value<std::string>()->default_value("0"),
      "search-node budget per puzzle (0: unlimited)")(
      "engine", po::value<std::string>()->default_value("auto"),
      "auto (native search, root probing, then local search, native runs and CaDiCaL taking turns), native or hybrid (for comparisons)")(
      "expect-unique",
      "the puzzles are meant to have one solution: root probing comes sooner and CaDiCaL is "
      "tuned for proving that (verdicts never change; hard unique boards often 3-5x faster, "
      "boards with many solutions slower)")(
      "threads", po::value<std::string>()->default_value("2"),
      "workers per puzzle, 1 or 2 (engine auto): with 2, a second strategy races the first; "
      "verdicts never change, but a 'multiple' may show other solutions from run to run, and "
      "under --budget either worker may end first (1: fully repeatable)");
  return desc;
}

void print_help(std::ostream& out, const po::options_description& desc) {
  out << "usage: hidato solve FILE... [--json] [--deadline-ms MS] [--budget NODES] [--engine E]\n"
         "                    [--expect-unique] [--threads 1|2]\n\n"
         "Solves each puzzle and proves whether its solution is unique. FILE is a puzzle file or a\n"
         "one-line description such as 'square8:3x3:6,.,9/.,2,8/1,.2'.\n\n"
      << desc
      << "\nexit codes: 0 every puzzle unique, 2 some puzzle has no solution, several solutions or\n"
         "was given up on, 1 bad input or usage\n";
}

Engine engine_from(const std::string& name) {
  for (Engine e : {Engine::automatic, Engine::native, Engine::hybrid})
    if (name == to_string(e)) return e;
  throw InputError("--engine: unknown engine '" + name + "' (expected auto, native or hybrid)");
}

// A file may hold several puzzles (generate --count K): they are named FILE#1, FILE#2, ...
// A description's errors name the argument: "argument 2, column 17: ...".
std::vector<Input> read_input(const std::string& arg, std::size_t position) {
  std::vector<Puzzle> puzzles = read_puzzle_argument(arg, position);
  std::vector<Input> out;
  for (std::size_t i = 0; i < puzzles.size(); ++i)
    out.push_back({puzzles.size() == 1 ? arg : arg + "#" + std::to_string(i + 1), std::move(puzzles[i])});
  return out;
}

SolveLimits limits_for(const SolveOptions& o) {
  SolveLimits limits;
  if (o.budget > 0) limits.max_nodes = o.budget;
  limits.engine = o.engine;
  limits.expect_unique = o.expect_unique;
  limits.threads = o.threads;
  if (o.deadline_ms > 0) limits.deadline = Clock::now() + std::chrono::milliseconds(o.deadline_ms);
  return limits;
}

nlohmann::json grid_or_null(const Board& board, const std::optional<Values>& values) {
  if (!values) return nullptr;
  return to_grid(board, *values);
}

void print_json(const Input& in, const SolveReport& r) {
  nlohmann::json j;
  j["file"] = in.name;
  j["verdict"] = std::string(to_string(r.verdict));
  j["solution"] = grid_or_null(in.puzzle.board, r.solution);
  j["second"] = grid_or_null(in.puzzle.board, r.second);
  j["nodes"] = r.stats.nodes;
  j["ms"] = r.stats.ms;
  std::cout << json_text(j) << "\n";
}

// A solution grid under its `# puzzle:` line, with the input's header lines but the ones solve
// writes itself (an input that was solve's output said `# verdict:` twice, the old one last).
std::string solution_text(const Input& in, const Values& solution, const std::string& which) {
  Puzzle echoed = in.puzzle;
  std::erase_if(echoed.headers, [](const auto& h) { return h.first == "file" || h.first == "verdict" || h.first == "puzzle"; });
  return "# puzzle: " + line_text(in.name) + which + "\n" + format_grid(echoed, solution);
}

void print_text(const Input& in, const SolveReport& r) {
  switch (r.verdict) {
    case Verdict::unique:
      std::cout << "# file: " << line_text(in.name) << "\n# verdict: unique\n" << solution_text(in, *r.solution, "");
      break;
    case Verdict::multiple:
      std::cout << "# file: " << line_text(in.name) << "\n# verdict: multiple (two different solutions follow)\n"
                << solution_text(in, *r.solution, ", solution 1 of 2") << "\n"
                << solution_text(in, *r.second, ", solution 2 of 2");
      std::cerr << "hidato: " << line_text(in.name) << ": more than one solution\n";
      break;
    case Verdict::none:
      std::cerr << "hidato: " << line_text(in.name) << ": no solution\n";
      break;
    case Verdict::gave_up:
      std::cerr << "hidato: " << line_text(in.name) << ": gave up (" << to_string(r.stats.stop) << ") after "
                << r.stats.nodes << " nodes, " << static_cast<long long>(r.stats.ms) << " ms\n";
      break;
  }
}

}  // namespace

int run_solve(const Args& args) {
  po::options_description desc = solve_options();
  const Parsed p = parse_command(args, desc, "input");
  const auto& vm = p.vm;
  if (p.help) {
    print_help(std::cout, desc);
    return exit_ok;
  }
  SolveOptions o;
  if (vm.count("input")) o.inputs = vm["input"].as<std::vector<std::string>>();
  if (o.inputs.empty()) throw InputError("solve: no puzzle given (try 'hidato solve --help')");
  o.json = vm.count("json") > 0;
  o.deadline_ms = parse_number_in(vm["deadline-ms"].as<std::string>(), 0, max_deadline_ms, "--deadline-ms");
  o.budget = parse_unsigned_in(vm["budget"].as<std::string>(), 0, std::numeric_limits<std::uint64_t>::max(), "--budget");
  o.engine = engine_from(vm["engine"].as<std::string>());
  o.expect_unique = vm.count("expect-unique") > 0;
  o.threads = static_cast<int>(parse_number_in(vm["threads"].as<std::string>(), 1, 2, "--threads"));

  std::vector<Input> inputs;
  for (std::size_t i = 0; i < o.inputs.size(); ++i)  // validate all first
    for (Input& in : read_input(o.inputs[i], i + 1)) inputs.push_back(std::move(in));

  bool all_unique = true;
  for (const Input& in : inputs) {
    const SolveReport r = count_solutions(in.puzzle, 2, limits_for(o));
    all_unique = all_unique && r.verdict == Verdict::unique;
    if (o.json)
      print_json(in, r);
    else
      print_text(in, r);
  }
  std::cout.flush();
  return all_unique ? exit_ok : exit_puzzle_failed;
}

}  // namespace hidato::cli
