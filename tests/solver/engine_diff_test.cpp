// Differential test of the engines: random medium boards of every topology (holes included) with
// clue subsets of a random Hamiltonian path, and some with a clue moved (often no solution). The
// native search, the hybrid engine (root propagation + CaDiCaL, tuned for models and, with
// expect_unique, for refutations) and the automatic portfolio must agree on every verdict, every
// answer must be a valid numbering, and where the SAT peer of ../shared/peers/sat is built (CMake
// builds it into the build tree when the source is there), its count must agree too. ScheduleDiff
// does the same on larger sparse boards, where the automatic engine's later stages decide.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "core/codec.hpp"
#include "core/rng.hpp"
#include "generator/fill.hpp"
#include "solver/solver.hpp"
#include "temp_dir.hpp"

namespace hidato {
namespace {

struct Case {
  Topology topology;
  std::uint64_t seed;
};

struct Shape {
  int side = 5, spread = 5;                  // sides from side to side + spread - 1
  double clues = 0.15, clue_spread = 0.35;   // clue rate from clues to clues + clue_spread
};

// A board of 5x5 to 9x9 cells (or `shape`), maybe with holes, its path, and givens drawn from it.
Puzzle random_case(Topology t, Rng& rng, const Shape& shape = {}) {
  const int rows = shape.side + rng.below(shape.spread), cols = shape.side + rng.below(shape.spread);
  const Board full(t, rows, cols, std::vector<bool>(static_cast<std::size_t>(rows * cols), true));
  CellOrder order = *find_hamiltonian_path(full, rng, 1'000'000);
  backbite(full, order, rng, rows * cols * 20);
  const int holes = rng.chance(0.4) ? rng.below(rows * cols / 8 + 1) : 0;
  CarvedBoard carved = carve_holes(full, order, holes, rng);
  const Values path = solution_of(carved.board, carved.order);
  Puzzle p{carved.board, Values(path.size(), 0), {}};
  const double rate = shape.clues + shape.clue_spread * rng.unit();
  for (std::size_t c = 0; c < path.size(); ++c)
    if (rng.chance(rate) || path[c] == 1 || path[c] == static_cast<int>(path.size())) p.givens[c] = path[c];
  if (rng.chance(0.15)) {  // move one clue to a random blank cell: usually no solution left
    const auto from = static_cast<std::size_t>(rng.below(static_cast<int>(path.size())));
    const auto to = static_cast<std::size_t>(rng.below(static_cast<int>(path.size())));
    if (p.givens[from] != 0 && p.givens[to] == 0) std::swap(p.givens[from], p.givens[to]);
  }
  return p;
}

// A folder of this test's own (removed when the case ends): one per process and seed, since two
// test runs at once (a CI run beside a sanitizer run) would otherwise overwrite each other's case
// file under the peer.
test::TempDir case_dir(const std::string& name, std::uint64_t seed) {
  return test::TempDir(name + "-" + std::to_string(seed));
}

// The SAT peer's count (0, 1 or 2) of a puzzle, or -1 when the peer is not available or too slow.
int peer_count(const Puzzle& p, const std::filesystem::path& dir) {
  const std::string peer = HIDATO_SAT_PEER;
  if (peer.empty() || !std::filesystem::exists(peer)) return -1;
  const auto file = dir / "case.txt";
  std::ofstream(file) << format_puzzle(p);
  // A peer that needs more than 30 s (very sparse boards can take it minutes) checks nothing.
  FILE* out = popen(("timeout 30 " + peer + " " + file.string()).c_str(), "r");
  if (out == nullptr) return -1;
  int count = -1;
  if (std::fscanf(out, "solutions=%d", &count) != 1) count = -1;
  pclose(out);
  return count;
}

// The peer's verdict, or nullopt (see peer_count).
std::optional<Verdict> peer_verdict(const Puzzle& p, const std::filesystem::path& dir) {
  const int k = peer_count(p, dir);
  if (k < 0) return std::nullopt;
  return k == 0 ? Verdict::none : k == 1 ? Verdict::unique : Verdict::multiple;
}

// Seeds per topology: 3, or HIDATO_DIFF_SEEDS (1 to 10,000) for a long soak run (.ci/soak). The
// first three seeds are always the same, so a soak run covers every case of the CI run.
std::uint64_t seeds_per_topology() {
  const char* env = std::getenv("HIDATO_DIFF_SEEDS");
  if (env == nullptr || *env == '\0') return 3;
  char* end = nullptr;
  const unsigned long long n = std::strtoull(env, &end, 10);
  if (*end != '\0' || n < 1 || n > 10'000) {
    std::fprintf(stderr, "HIDATO_DIFF_SEEDS=%s: expected a whole number from 1 to 10000\n", env);
    std::exit(1);
  }
  return n;
}

std::vector<Case> cases() {
  std::vector<Case> out;
  const std::uint64_t seeds = seeds_per_topology();
  for (Topology t : {Topology::square8, Topology::square4, Topology::hex6})
    for (std::uint64_t s = 1; s <= seeds; ++s) out.push_back({t, s * 7919 + static_cast<std::uint64_t>(t)});
  return out;
}

class EngineDiff : public ::testing::TestWithParam<Case> {};

TEST_P(EngineDiff, EnginesAndPeerAgree) {
  Rng rng(GetParam().seed);
  const test::TempDir scratch = case_dir("engine-diff", GetParam().seed);
  const auto& dir = scratch.path;
  int by_verdict[4] = {0, 0, 0, 0}, peer_checked = 0, chased = 0, phased = 0, long_searches = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const Puzzle p = random_case(GetParam().topology, rng);
    SolveLimits native;
    native.engine = Engine::native;
    native.max_nodes = 2'000'000;  // a native give-up is not a disagreement
    const SolveReport a = count_solutions(p, 2, native);
    SolveLimits hybrid;
    hybrid.engine = Engine::hybrid;
    const SolveReport b = count_solutions(p, 2, hybrid);
    const SolveReport c = count_solutions(p, 2);
    SolveLimits proof = hybrid;
    proof.expect_unique = true;  // a hint: other tuning, same verdict
    const SolveReport d = count_solutions(p, 2, proof);
    ASSERT_NE(b.verdict, Verdict::gave_up) << describe(p);
    ASSERT_EQ(to_string(c.verdict), to_string(b.verdict)) << describe(p);
    ASSERT_EQ(to_string(d.verdict), to_string(b.verdict)) << describe(p);
    if (a.verdict != Verdict::gave_up) {
      ASSERT_EQ(to_string(a.verdict), to_string(b.verdict)) << describe(p);
    }
    for (const SolveReport* r : {&a, &b, &c, &d}) {
      if (r->solution) {
        EXPECT_TRUE(is_valid_solution(p, *r->solution)) << describe(p);
      }
      if (r->second) {
        EXPECT_TRUE(is_valid_solution(p, *r->second)) << describe(p);
        EXPECT_NE(*r->solution, *r->second) << describe(p);
      }
    }
    ++by_verdict[static_cast<int>(b.verdict)];
    chased += a.stats.chased > 0 ? 1 : 0;
    phased += a.stats.phased > 0 ? 1 : 0;
    long_searches += a.stats.backtracks > 100 ? 1 : 0;
    if (const auto peer = peer_verdict(p, dir)) {
      ASSERT_EQ(to_string(b.verdict), to_string(*peer)) << "SAT peer disagrees: " << describe(p);
      ++peer_checked;
    }
  }
  EXPECT_GT(by_verdict[0] + by_verdict[1], 0);  // the case generator is not degenerate
  // The native search's last-conflict branching (search.cpp, note_conflict) and its progress
  // saving (search.cpp, save_best_phase) ran on these boards, wherever a search backtracked long
  // enough to need them (since the first run branches on cells too, the square4 boards of many
  // cases are all decided with little backtracking: 30 of the soak's 100 square4 cases).
  if (long_searches > 0) {
    EXPECT_GT(chased, 0) << "no board made the native search chase a failed branch";
    EXPECT_GT(phased, 0) << "no branch of the native search tried the best state's choice first";
  }
  if (peer_checked == 0) GTEST_SKIP() << "SAT peer not built (../shared/peers/sat missing): engines compared only";
}

// Larger sparse boards, which the automatic engine rarely decides in its first native runs: its
// root probing, its turns with the local search and CaDiCaL and the two-worker race must give
// the hybrid engine's verdicts (and the peer's). The counters show that those paths ran
// (ScheduleCoverage checks them).
struct Coverage {
  int past_first = 0, probed = 0, with_sat = 0, local = 0;
  bool complete() const { return past_first > 0 && probed > 0 && with_sat > 0 && local > 0; }
};

Shape sparse_shape(Topology t) {
  switch (t) {
    case Topology::square8: return {11, 3, 0.14, 0.08};
    case Topology::square4: return {13, 3, 0.10, 0.06};
    case Topology::hex6: return {11, 3, 0.14, 0.06};
  }
  return {};
}

// Compares the automatic engine (one worker, two, and with expect_unique) with the hybrid engine
// and the peer on `p`; returns the hybrid engine's report.
SolveReport check_schedule(const Puzzle& p, const std::filesystem::path& dir, int& peer_checked, Coverage& coverage) {
  SolveLimits hybrid;
  hybrid.engine = Engine::hybrid;
  const SolveReport want = count_solutions(p, 2, hybrid);
  EXPECT_NE(want.verdict, Verdict::gave_up) << describe(p);
  SolveLimits two;
  two.threads = 2;
  SolveLimits proof;
  proof.expect_unique = true;
  const SolveReport one = count_solutions(p, 2);
  const SolveReport proved = count_solutions(p, 2, proof);
  for (const SolveReport& r : {one, count_solutions(p, 2, two), proved}) {
    EXPECT_EQ(to_string(r.verdict), to_string(want.verdict)) << describe(p);
    if (r.solution) {
      EXPECT_TRUE(is_valid_solution(p, *r.solution)) << describe(p);
    }
    if (r.second) {
      EXPECT_TRUE(is_valid_solution(p, *r.second)) << describe(p);
      EXPECT_NE(*r.solution, *r.second) << describe(p);
    }
  }
  coverage.past_first += one.stats.nodes > 3000 ? 1 : 0;  // the first native share (schedule.cpp)
  coverage.probed += one.stats.probes > 0 ? 1 : 0;
  coverage.local += one.stats.local_steps > 0 ? 1 : 0;  // the local search's slices (schedule.cpp)
  // CaDiCaL's turns: when no proof is expected the native runs' larger share (schedule.cpp,
  // search_share) decides these small boards first (over all the cases, no one-worker run reached
  // CaDiCaL), so the expect_unique run counts too; it goes through the same turns.
  coverage.with_sat += one.stats.conflicts > 0 || proved.stats.conflicts > 0 ? 1 : 0;
  if (const auto peer = peer_verdict(p, dir)) {
    EXPECT_EQ(to_string(want.verdict), to_string(*peer)) << "SAT peer disagrees: " << describe(p);
    ++peer_checked;
  }
  return want;
}

// A case's boards: each random board, then (when it has several solutions) the same board made
// unique by adding the first witness's value where the two witnesses differ, one clue at a time:
// unique puzzles with few clues are where probing and the proofs work, and where a wrongly
// removed pair shows. Returns how many boards the peer checked.
int schedule_trials(const Case& c, Coverage& coverage) {
  Rng rng(c.seed);
  const test::TempDir scratch = case_dir("schedule-diff", c.seed);
  const auto& dir = scratch.path;
  int peer_checked = 0;
  for (int trial = 0; trial < 4 && !::testing::Test::HasFailure(); ++trial) {
    Puzzle p = random_case(c.topology, rng, sparse_shape(c.topology));
    SolveReport r = check_schedule(p, dir, peer_checked, coverage);
    for (int added = 0; r.verdict == Verdict::multiple && added < 40 && !::testing::Test::HasFailure(); ++added) {
      CellId cell = 0;
      while ((*r.solution)[static_cast<std::size_t>(cell)] == (*r.second)[static_cast<std::size_t>(cell)]) ++cell;
      p.givens[static_cast<std::size_t>(cell)] = (*r.solution)[static_cast<std::size_t>(cell)];
      r = count_solutions(p, 2);
    }
    if (r.verdict == Verdict::unique) check_schedule(p, dir, peer_checked, coverage);
  }
  return peer_checked;
}

class ScheduleDiff : public ::testing::TestWithParam<Case> {};

TEST_P(ScheduleDiff, ProbingTurnsAndRaceAgree) {
  Coverage coverage;
  if (schedule_trials(GetParam(), coverage) == 0)
    GTEST_SKIP() << "SAT peer not built (../shared/peers/sat missing): engines compared only";
}

// The later stages must decide some of these boards, or ScheduleDiff tests nothing the first
// native runs do not. ctest runs every ScheduleDiff case in a process of its own, and only some
// cases reach each stage, so this test goes through the cases in one process until every stage
// has decided a board (the boards are checked as in ScheduleDiff on the way).
TEST(ScheduleCoverage, LaterStagesDecideSomeBoards) {
  Coverage coverage;
  for (const Case& c : cases()) {
    if (coverage.complete() || HasFailure()) break;
    schedule_trials(c, coverage);
  }
  EXPECT_GT(coverage.past_first, 0) << "no ScheduleDiff board went past the first native runs";
  EXPECT_GT(coverage.probed, 0) << "no ScheduleDiff board reached root probing";
  EXPECT_GT(coverage.local, 0) << "no ScheduleDiff board reached the local search";
  EXPECT_GT(coverage.with_sat, 0) << "no ScheduleDiff board reached CaDiCaL's turns";
}

// Boards cut in two by a row of givens (the path's values on a whole middle row) plus random
// clues, a clue of the top half sometimes moved to a blank there: the native search splits them
// into independent parts (the halves, and pockets inside) and completes each part on its own; a
// part that cannot be completed fails the node it split off from. Its verdicts must be the hybrid
// engine's (and the peer's). The counters show that the parts ran (PartsCoverage checks them).
struct PartsCoverage {
  int boards = 0, split = 0, dead = 0;
  bool complete() const { return boards >= 24 && 3 * split >= boards && dead >= 3; }
};

Puzzle cut_case(Topology t, Rng& rng) {
  const int rows = 8 + rng.below(4), cols = 7 + rng.below(4);
  const Board board(t, rows, cols, std::vector<bool>(static_cast<std::size_t>(rows * cols), true));
  CellOrder order = *find_hamiltonian_path(board, rng, 1'000'000);
  backbite(board, order, rng, rows * cols * 20);
  const Values path = solution_of(board, order);
  Puzzle p{board, Values(path.size(), 0), {}};
  const int cut = rows / 2;
  const double rate = 0.10 + 0.15 * rng.unit();
  for (CellId c = 0; c < board.size(); ++c)
    if (board.coord(c).row == cut || rng.chance(rate)) p.givens[static_cast<std::size_t>(c)] = path[static_cast<std::size_t>(c)];
  if (rng.chance(0.5)) {
    std::vector<std::size_t> clues, blanks;
    for (std::size_t c = 0; c < static_cast<std::size_t>(cut * cols); ++c) (p.givens[c] != 0 ? clues : blanks).push_back(c);
    if (!clues.empty() && !blanks.empty())
      std::swap(p.givens[clues[static_cast<std::size_t>(rng.below(static_cast<int>(clues.size())))]],
                p.givens[blanks[static_cast<std::size_t>(rng.below(static_cast<int>(blanks.size())))]]);
  }
  return p;
}

void parts_trials(const Case& c, PartsCoverage& coverage) {
  Rng rng(c.seed);
  const test::TempDir scratch = case_dir("parts-diff", c.seed);
  const auto& dir = scratch.path;
  for (int trial = 0; trial < 12 && !::testing::Test::HasFailure(); ++trial) {
    const Puzzle p = cut_case(c.topology, rng);
    SolveLimits native;
    native.engine = Engine::native;
    native.max_nodes = 2'000'000;
    const SolveReport a = count_solutions(p, 2, native);
    SolveLimits hybrid;
    hybrid.engine = Engine::hybrid;
    const SolveReport b = count_solutions(p, 2, hybrid);
    ASSERT_NE(b.verdict, Verdict::gave_up) << describe(p);
    ASSERT_NE(a.verdict, Verdict::gave_up) << describe(p);
    ASSERT_EQ(to_string(a.verdict), to_string(b.verdict)) << describe(p);
    for (const SolveReport* r : {&a, &b}) {
      if (r->solution) {
        EXPECT_TRUE(is_valid_solution(p, *r->solution)) << describe(p);
      }
      if (r->second) {
        EXPECT_TRUE(is_valid_solution(p, *r->second)) << describe(p);
        EXPECT_NE(*r->solution, *r->second) << describe(p);
      }
    }
    // limit 1: a solution exactly when one exists, reported as found.
    const SolveReport first = count_solutions(p, 1, native);
    EXPECT_EQ(to_string(first.verdict), b.verdict == Verdict::none ? "none" : "unique") << describe(p);
    if (first.solution) {
      EXPECT_TRUE(is_valid_solution(p, *first.solution)) << describe(p);
    }
    ++coverage.boards;
    coverage.split += a.stats.splits > 0 ? 1 : 0;
    coverage.dead += a.stats.dead_parts > 0 ? 1 : 0;
    if (const auto peer = peer_verdict(p, dir)) {
      ASSERT_EQ(to_string(b.verdict), to_string(*peer)) << "SAT peer disagrees: " << describe(p);
    }
  }
}

class PartsDiff : public ::testing::TestWithParam<Case> {};

TEST_P(PartsDiff, NativePartsAgreeWithHybrid) {
  PartsCoverage coverage;
  parts_trials(GetParam(), coverage);
  EXPECT_EQ(coverage.boards, 12);
}

// The parts must show on these boards, or PartsDiff tests nothing the plain search does not:
// splits on a third of them, and parts that could not be completed on a few (cases in one
// process, until both show).
TEST(PartsCoverage, BoardsSplitAndSomePartsFail) {
  PartsCoverage coverage;
  for (const Case& c : cases()) {
    if (coverage.complete() || HasFailure()) break;
    parts_trials(c, coverage);
  }
  EXPECT_GE(3 * coverage.split, coverage.boards) << coverage.split << " of " << coverage.boards << " boards split";
  EXPECT_GE(coverage.dead, 3) << "parts that could not be completed: the unwinding was hardly exercised";
}

// Test names: topology and seed.
std::string case_name(const ::testing::TestParamInfo<Case>& param_info) {
  return std::string(to_string(param_info.param.topology)) + "_" + std::to_string(param_info.param.seed);
}

INSTANTIATE_TEST_SUITE_P(Random, EngineDiff, ::testing::ValuesIn(cases()), case_name);
INSTANTIATE_TEST_SUITE_P(Sparse, ScheduleDiff, ::testing::ValuesIn(cases()), case_name);
INSTANTIATE_TEST_SUITE_P(Cut, PartsDiff, ::testing::ValuesIn(cases()), case_name);

}  // namespace
}  // namespace hidato
