// Exclusions (value not at cell) as the generator's removal test: for a unique puzzle and any of
// its givens g = v at c, "P without g is unique" must equal "P without g, with v excluded from c,
// has no solution". Checked on every given of the shared unique puzzles and on random boards, for
// count_solutions with an exclusion (both engines) and for the RemovalOracle.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "core/codec.hpp"
#include "core/rng.hpp"
#include "solver/removal_oracle.hpp"
#include "solver/sat_count.hpp"
#include "solver/solver.hpp"

using namespace hidato;

namespace {

// A snake (boustrophedon) solution on a rows x cols board of topology t.
Values snake(const Board& b, int rows, int cols) {
  Values sol(static_cast<std::size_t>(b.size()));
  int v = 1;
  for (int r = 0; r < rows; ++r)
    for (int k = 0; k < cols; ++k) sol[static_cast<std::size_t>(b.cell_at({r, r % 2 ? cols - 1 - k : k}))] = v++;
  return sol;
}

// Topologies in turn, by trial number.
Topology topology_of_trial(int trial) {
  return trial % 3 == 0 ? Topology::square8 : trial % 3 == 1 ? Topology::square4 : Topology::hex6;
}

std::vector<Puzzle> shared_unique_puzzles() {
  std::vector<Puzzle> out;
  const std::filesystem::path root = std::filesystem::path(HIDATO_SHARED_DIR) / "puzzles";
  std::ifstream tsv(root / "EXPECTED.tsv");
  for (std::string line; std::getline(tsv, line);) {
    std::istringstream fields(line);
    std::string file;
    int count = -1;
    if (line.empty() || line[0] == '#' || !(fields >> file >> count) || count != 1) continue;
    out.push_back(read_puzzle_file(root / file));
  }
  return out;
}

// Compares the two removal tests for every given of a unique puzzle; returns how many were compared.
int compare_removal_tests(const Puzzle& p) {
  const SolveReport full = count_solutions(p, 2);
  if (full.verdict != Verdict::unique) return 0;
  RemovalOracle oracle(p);  // all the tests on one incremental SAT instance
  int compared = 0;
  for (CellId c = 0; c < p.board.size(); ++c) {
    const int v = p.givens[static_cast<std::size_t>(c)];
    if (v == 0) continue;
    Puzzle without = p;
    without.givens[static_cast<std::size_t>(c)] = 0;
    const bool still_unique = count_solutions(without, 2).verdict == Verdict::unique;
    const Exclusion ex{c, v};
    for (Engine engine : {Engine::automatic, Engine::hybrid}) {
      SolveLimits limits;
      limits.engine = engine;
      const SolveReport other = count_solutions(without, 1, limits, std::span<const Exclusion>(&ex, 1));
      EXPECT_EQ(still_unique, other.verdict == Verdict::none) << to_string(engine) << " " << describe(p) << " given " << v;
      if (other.solution) {
        EXPECT_NE((*other.solution)[static_cast<std::size_t>(c)], v);
        EXPECT_TRUE(is_valid_solution(without, *other.solution));
      }
    }
    const SolveReport o = oracle.other_solution_without(c);
    EXPECT_EQ(still_unique, o.verdict == Verdict::none) << "oracle " << describe(p) << " given " << v;
    if (o.solution) {
      EXPECT_NE((*o.solution)[static_cast<std::size_t>(c)], v);
      EXPECT_TRUE(is_valid_solution(without, *o.solution));
    }
    ++compared;
  }
  return compared;
}

}  // namespace

TEST(Exclusion, RemovalTestAgreesWithCountingOnSharedUniquePuzzles) {
  const auto puzzles = shared_unique_puzzles();
  ASSERT_GE(puzzles.size(), 5u);
  int compared = 0;
  for (const Puzzle& p : puzzles) compared += compare_removal_tests(p);
  EXPECT_GT(compared, 50);
}

TEST(Exclusion, RemovalTestAgreesWithCountingOnRandomSnakes) {
  // Boustrophedon paths on small boards of every topology with random clue subsets.
  Rng rng(2026);
  int compared = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const int rows = 3 + rng.below(3), cols = 3 + rng.below(3);
    Puzzle p{Board(topology_of_trial(trial), rows, cols, std::vector<bool>(static_cast<std::size_t>(rows * cols), true)),
             {}, {}};
    const Values sol = snake(p.board, rows, cols);
    std::vector<bool> keep(sol.size());
    for (std::size_t i = 0; i < keep.size(); ++i) keep[i] = rng.chance(0.45);
    p.givens = givens_from(sol, keep);
    compared += compare_removal_tests(p);
  }
  EXPECT_GT(compared, 20);
}

TEST(Exclusion, ExcludingTheOnlyPlaceLeavesNoSolution) {
  const Puzzle p = parse_description("square8:1x3:1,.,3");
  const Exclusion ex{1, 2};
  EXPECT_EQ(count_solutions(p, 2, {}, std::span<const Exclusion>(&ex, 1)).verdict, Verdict::none);
  EXPECT_EQ(count_solutions(p, 2).verdict, Verdict::unique);
}

TEST(RemovalOracle, PassedDeadlineGivesUpOnEveryTest) {
  const Puzzle p = parse_description("square8:1x3:1,2,3");
  SolveLimits limits;
  limits.deadline = Clock::now() - std::chrono::milliseconds(1);
  RemovalOracle oracle(p, limits);
  for (CellId c = 0; c < 3; ++c) {
    const SolveReport r = oracle.other_solution_without(c);
    EXPECT_EQ(r.verdict, Verdict::gave_up);
    EXPECT_EQ(r.stats.stop, StopReason::deadline);
  }
}

TEST(RemovalOracle, NeededAndRedundantGivens) {
  const Puzzle p = parse_description("square4:2x2:1,2/4,3");
  RemovalOracle oracle(p);
  // Without 2 (cell 1), 4 at cell 2 and 3 at cell 3 force 2 at cell 1 again: redundant.
  EXPECT_EQ(oracle.other_solution_without(1).verdict, Verdict::none);
  // Against the counting answer for every given.
  for (CellId c = 0; c < 4; ++c) {
    Puzzle without = p;
    without.givens[static_cast<std::size_t>(c)] = 0;
    const bool redundant = count_solutions(without, 2).verdict == Verdict::unique;
    EXPECT_EQ(oracle.other_solution_without(c).verdict == Verdict::none, redundant) << c;
  }
}

namespace {

// A side x side board of topology t whose solution is a snake, with its ends and about `share` of
// its other values given.
Puzzle snake_puzzle(Topology t, int side, double share, Rng& rng) {
  const auto cells = static_cast<std::size_t>(side * side);
  Puzzle p{Board(t, side, side, std::vector<bool>(cells, true)), {}, {}};
  const Values sol = snake(p.board, side, side);
  std::vector<bool> keep(cells);
  for (std::size_t c = 0; c < cells; ++c) keep[c] = rng.chance(share) || sol[c] == 1 || sol[c] == static_cast<int>(cells);
  p.givens = givens_from(sol, keep);
  return p;
}

}  // namespace

// A greedy strip on an oracle above a floor: every verdict equals counting on the clue set of the
// moment, which shrinks as givens go (the walk the generator's extreme strip makes). On half the
// trials a needed given joins the floor (raise_floor), as in the generator.
TEST(RemovalOracle, AboveAFloorAgreesWithCountingAlongAGreedyStrip) {
  Rng rng(77);
  int redundant = 0, needed = 0;
  std::uint64_t ruled_out = 0;
  for (int trial = 0; trial < 45; ++trial) {
    const Topology t = topology_of_trial(trial);
    const int rows = 3 + rng.below(3), cols = 3 + rng.below(4);
    Puzzle p{Board(t, rows, cols, std::vector<bool>(static_cast<std::size_t>(rows * cols), true)), {}, {}};
    const Values sol = snake(p.board, rows, cols);
    p.givens = sol;  // every cell given: unique
    Puzzle floor = p;
    std::vector<CellId> walk;
    for (CellId c = 0; c < p.board.size(); ++c)
      if (rng.chance(0.7)) {
        floor.givens[static_cast<std::size_t>(c)] = 0;
        walk.push_back(c);
      }
    RemovalOracle oracle = RemovalOracle::above(floor);
    if (trial % 2 == 0) oracle.prefer(sol);  // a hint on half the trials: the same verdicts
    for (CellId c : walk) {
      Puzzle without = p;
      without.givens[static_cast<std::size_t>(c)] = 0;
      const bool still_unique = count_solutions(without, 2).verdict == Verdict::unique;
      const SolveReport r = oracle.other_solution_without(p, c);
      ASSERT_NE(r.verdict, Verdict::gave_up);
      EXPECT_EQ(still_unique, r.verdict == Verdict::none) << describe(p) << " cell " << c;
      if (r.solution) {
        EXPECT_TRUE(is_valid_solution(without, *r.solution));
        EXPECT_NE((*r.solution)[static_cast<std::size_t>(c)], p.givens[static_cast<std::size_t>(c)]);
      }
      if (still_unique) {
        p = without;
        ++redundant;
      } else {
        ++needed;
        if (trial % 4 < 2) {
          floor.givens[static_cast<std::size_t>(c)] = p.givens[static_cast<std::size_t>(c)];
          ruled_out += oracle.raise_floor(floor);
        }
      }
    }
  }
  EXPECT_GT(redundant, 50);  // both answers are exercised
  EXPECT_GT(needed, 20);
  EXPECT_GT(ruled_out, 0u);  // the raised floors did rule pairs out
}

TEST(RemovalOracle, RaisedFloorRefusesWhatItNoLongerCovers) {
  const Puzzle p = parse_description("square4:2x3:1,2,3/6,5,4");
  Puzzle floor = p;
  floor.givens[1] = floor.givens[2] = 0;
  RemovalOracle oracle = RemovalOracle::above(floor);
  Puzzle lower = floor;
  lower.givens[0] = 0;
  EXPECT_THROW(oracle.raise_floor(lower), std::logic_error);  // drops a given of the floor
  floor.givens[2] = 3;
  oracle.raise_floor(floor);
  EXPECT_THROW(oracle.other_solution_without(p, 2), std::logic_error);  // now a floor given
  EXPECT_EQ(oracle.other_solution_without(p, 1).verdict, Verdict::none);
  RemovalOracle of_clue_set(p);
  EXPECT_THROW(of_clue_set.raise_floor(p), std::logic_error);
}

// The generator's stage A ends early once the clue set without the candidates found so far has
// too many root pairs (generator.cpp, floor_already_too_wide), which is exact only if removing
// givens never removes pairs. On 12x12 boards of every topology, from 40% of a snake's values
// down to a few, given by given (without encoding: a pair limit of 0), the pairs never shrink.
TEST(RemovalOracle, PairsNeverShrinkAsGivensGo) {
  Rng rng(31);
  int grew = 0;
  for (int trial = 0; trial < 6; ++trial) {
    Puzzle p = snake_puzzle(topology_of_trial(trial), 12, 0.4, rng);
    const Values sol = snake(p.board, 12, 12);
    std::uint64_t before = RemovalOracle::above(p, {}, 0).pairs();
    for (int k = 0; k < 200; ++k) {
      const auto c = static_cast<std::size_t>(rng.below(144));
      if (p.givens[c] == 0 || sol[c] == 1 || sol[c] == 144) continue;
      p.givens[c] = 0;
      const std::uint64_t now = RemovalOracle::above(p, {}, 0).pairs();
      ASSERT_GE(now, before) << describe(p);
      grew += now > before;
      before = now;
    }
  }
  EXPECT_GT(grew, 80) << grew;  // the removals did widen the floors (109 times)
}

// prefer(): the SAT search takes the preferred values first, so a test's witness lands nearer the
// preferred assignment (here itself a witness) than a fresh oracle's without the hint. Boards
// with many witnesses.
TEST(RemovalOracle, PreferredValuesPullTheWitnessTowardsThem) {
  Rng rng(11);
  long with_hint = 0, without_hint = 0;
  for (int trial = 0; trial < 24; ++trial) {
    const Topology t = trial % 2 == 0 ? Topology::square8 : Topology::hex6;
    const int rows = 4 + rng.below(3), cols = 4 + rng.below(3);
    Puzzle p{Board(t, rows, cols, std::vector<bool>(static_cast<std::size_t>(rows * cols), true)), {}, {}};
    const Values sol = snake(p.board, rows, cols);
    const int n = p.board.size();
    const auto c = static_cast<CellId>(rng.below(static_cast<std::uint64_t>(n)));
    p.givens.assign(static_cast<std::size_t>(n), 0);
    for (CellId k = 0; k < n; ++k) {
      const int v = sol[static_cast<std::size_t>(k)];
      if (v == 1 || v == n || k == c) p.givens[static_cast<std::size_t>(k)] = v;
    }
    Puzzle without = p;
    without.givens[static_cast<std::size_t>(c)] = 0;
    const Exclusion ex{c, sol[static_cast<std::size_t>(c)]};
    const SolveReport two = count_solutions(without, 2, {}, std::span<const Exclusion>(&ex, 1));
    ASSERT_EQ(two.verdict, Verdict::multiple) << describe(p);
    for (const Values* w : {&*two.solution, &*two.second}) {
      for (bool hint : {false, true}) {
        RemovalOracle oracle(p);
        if (hint) oracle.prefer(*w);
        const SolveReport r = oracle.other_solution_without(c);
        ASSERT_EQ(r.verdict, Verdict::unique) << describe(p);
        ASSERT_TRUE(is_valid_solution(without, *r.solution));
        long apart = 0;
        for (std::size_t k = 0; k < w->size(); ++k) apart += (*r.solution)[k] != (*w)[k] ? 1 : 0;
        (hint ? with_hint : without_hint) += apart;
      }
    }
  }
  // Measured: 765 cells apart with the hint, 972 without.
  EXPECT_LT(with_hint * 5, without_hint * 4) << with_hint << " cells apart with the hint, " << without_hint << " without";
}

TEST(RemovalOracle, OnlyTheRequestedTestsAreBuiltAndAsked) {
  const Puzzle p = parse_description("square4:2x2:1,2/4,3");
  const std::vector<CellId> tests{1, 2};
  RemovalOracle oracle(p, tests, {});
  EXPECT_EQ(oracle.other_solution_without(1).verdict, Verdict::none);
  EXPECT_THROW(oracle.other_solution_without(0), std::logic_error);  // not built for it
  Puzzle fewer = p;
  fewer.givens[3] = 0;
  EXPECT_THROW(oracle.other_solution_without(fewer, 1), std::logic_error);  // another clue set
}

TEST(RemovalOracle, AboveRefusesTestsOutsideItsCover) {
  const Puzzle p = parse_description("square4:2x2:1,2/4,3");
  Puzzle floor = p;
  floor.givens[1] = 0;
  RemovalOracle oracle = RemovalOracle::above(floor);
  EXPECT_EQ(oracle.other_solution_without(p, 1).verdict, Verdict::none);
  EXPECT_THROW(oracle.other_solution_without(p, 0), std::logic_error);  // a floor given
  Puzzle below = p;
  below.givens[0] = 0;  // drops a floor given
  EXPECT_THROW(oracle.other_solution_without(below, 1), std::logic_error);
}

// pairs(): the root pairs the tests range over. Square8 2x2 with 1 alone: 1 at its cell and 2, 3
// and 4 anywhere else (every cell touches every other, 6 solutions): 1 + 3 x 3 = 10. A line with
// both ends given leaves one cell per value. More givens never mean more pairs; a stopped oracle
// has none.
TEST(RemovalOracle, PairsAreTheRootPairsItsTestsRangeOver) {
  const Puzzle full = parse_description("square8:2x2:1,2/3,4");
  Puzzle floor = full;
  for (CellId c = 1; c < 4; ++c) floor.givens[static_cast<std::size_t>(c)] = 0;
  EXPECT_EQ(RemovalOracle::above(floor).pairs(), 10u);
  EXPECT_EQ(RemovalOracle::above(parse_description("square4:1x4:1,.,.,4")).pairs(), 4u);
  Rng rng(5);
  for (int trial = 0; trial < 12; ++trial) {
    const Topology t = topology_of_trial(trial);
    Puzzle p{Board(t, 5, 6, std::vector<bool>(30, true)), {}, {}};
    const Values sol = snake(p.board, 5, 6);
    p.givens.assign(30, 0);
    p.givens[static_cast<std::size_t>(p.board.cell_at({0, 0}))] = 1;
    std::uint64_t before = RemovalOracle::above(p).pairs();
    EXPECT_GT(before, 30u);
    for (int k = 0; k < 8; ++k) {
      const auto c = static_cast<std::size_t>(rng.below(30));
      p.givens[c] = sol[c];
      const std::uint64_t now = RemovalOracle::above(p).pairs();
      EXPECT_LE(now, before) << describe(p);
      EXPECT_GE(now, 30u) << describe(p);  // every cell keeps its solution value
      before = now;
    }
  }
  SolveLimits stopped;
  stopped.deadline = Clock::now() - std::chrono::milliseconds(1);
  EXPECT_EQ(RemovalOracle::above(floor, stopped).pairs(), 0u);
  // A pair limit below the count leaves the floor unencoded (its tests would give up), and says
  // how many pairs there were; at the count it is encoded.
  const RemovalOracle over = RemovalOracle::above(floor, {}, 9);
  EXPECT_FALSE(over.encoded());
  EXPECT_EQ(over.pairs(), 10u);
  EXPECT_TRUE(RemovalOracle::above(floor, {}, 10).encoded());
}

// test_pairs(): each test's own root pairs (what the generator's stage A orders its tests by).
// Square8 2x2 "1,2/.,4" without the 2 (and 2 not at its cell): 2 and 3 swap, one pair each, 4
// in all; a test that fails at the root, a cell that is not a test and an oracle above a floor
// have none. On random boards: a one-test oracle's pairs are that test's; the union holds each;
// and each is below the pairs of the clue set without the given (whose value is not excluded).
TEST(RemovalOracle, TestPairsAreEachTestsOwnRootPairs) {
  const Puzzle small = parse_description("square8:2x2:1,2/.,4");
  const std::vector<CellId> one{1};
  EXPECT_EQ(RemovalOracle(small, one, {}).test_pairs(1), 4u);
  EXPECT_EQ(RemovalOracle(small, one, {}).test_pairs(0), 0u);  // not a test
  EXPECT_EQ(RemovalOracle(parse_description("square4:1x4:1,2,3,4")).test_pairs(1), 0u);  // fails at the root
  EXPECT_EQ(RemovalOracle::above(small).test_pairs(1), 0u);
  Rng rng(8);
  int compared = 0;
  for (int trial = 0; trial < 9; ++trial) {
    const Puzzle p = snake_puzzle(topology_of_trial(trial), 6, 0.3, rng);
    const RemovalOracle all(p);
    for (CellId c = 0; c < 36; ++c) {
      const auto at = static_cast<std::size_t>(c);
      if (p.givens[at] == 0) {
        EXPECT_EQ(all.test_pairs(c), 0u);
        continue;
      }
      const std::uint64_t own = all.test_pairs(c);
      EXPECT_EQ(RemovalOracle(p, std::vector<CellId>{c}, {}).pairs(), own) << describe(p) << " cell " << c;
      EXPECT_LE(own, all.pairs());
      Puzzle without = p;
      without.givens[at] = 0;
      EXPECT_LT(own, RemovalOracle::above(without).pairs()) << describe(p) << " cell " << c;
      compared += own > 0;
    }
  }
  EXPECT_GT(compared, 20) << compared;  // tests with pairs were compared
}

// report_progress(): a running test tells its conflicts so far every SatCount::progress_every of
// them (LaneRace's pace in the generator's race of attempts), rising, never past what the test
// reports at its end, and as often as those conflicts allow. An empty function ends the reports.
// Square4 16x16 snakes with an eighth of their values given, above a floor of the ends and a tenth
// of those: 5 of their tests take 98-278 conflicts.
TEST(RemovalOracle, ReportsTheConflictsOfARunningTest) {
  constexpr std::uint64_t every = solver_detail::SatCount::progress_every;
  Rng rng(5);
  std::uint64_t reports = 0, long_tests = 0;
  for (int trial = 0; trial < 4; ++trial) {
    const Puzzle p = snake_puzzle(Topology::square4, 16, 0.12, rng);
    const Values sol = snake(p.board, 16, 16);
    Puzzle floor = p;
    for (CellId c = 0; c < p.board.size(); ++c)
      if (const int v = sol[static_cast<std::size_t>(c)]; v != 1 && v != 256 && rng.chance(0.9))
        floor.givens[static_cast<std::size_t>(c)] = 0;
    RemovalOracle oracle = RemovalOracle::above(floor);
    std::vector<std::uint64_t> told;
    oracle.report_progress([&](std::uint64_t so_far) { told.push_back(so_far); });
    for (CellId c = 0; c < p.board.size(); ++c) {
      if (p.givens[static_cast<std::size_t>(c)] == 0 || floor.givens[static_cast<std::size_t>(c)] != 0) continue;
      told.clear();
      const SolveReport r = oracle.other_solution_without(p, c);
      ASSERT_NE(r.verdict, Verdict::gave_up);
      EXPECT_EQ(told.size(), r.stats.conflicts / every) << describe(p) << " cell " << c;
      for (std::size_t i = 0; i < told.size(); ++i) EXPECT_EQ(told[i], (i + 1) * every);
      reports += told.size();
      long_tests += r.stats.conflicts >= every;
    }
    oracle.report_progress({});
    told.clear();
    for (CellId c = 0; c < p.board.size(); ++c)
      if (p.givens[static_cast<std::size_t>(c)] != 0 && floor.givens[static_cast<std::size_t>(c)] == 0)
        oracle.other_solution_without(p, c);
    EXPECT_TRUE(told.empty()) << "reports after the function was taken away";
  }
  EXPECT_GE(long_tests, 3u) << long_tests;  // tests long enough to report were run
  EXPECT_GE(reports, 8u) << reports;
}
