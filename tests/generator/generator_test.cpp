// make_puzzle properties over seeds x shapes x topologies x obstacle ratios: unique, the
// solution is a Hamiltonian numbering agreeing with the givens, the board is connected, the same
// job gives the same puzzle; minimality at hard/expert; failures for deadline and cancel.
#include <gtest/gtest.h>
#include <tbb/task_arena.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <thread>
#include <tuple>

#include "core/codec.hpp"
#include "core/run_ahead.hpp"
#include "generator/base_board.hpp"
#include "generator/fill.hpp"
#include "generator/generator.hpp"
#include "generator/levels.hpp"
#include "generator/strip.hpp"

using namespace hidato;

namespace {

PuzzleJob small_job(Topology t, const std::string& shape, double obstacles, std::uint64_t seed, Difficulty d, int side = 7) {
  PuzzleJob job;
  job.set_id = "test";
  job.board = BoardSpec{t, shape, "", side, side, obstacles, false};
  job.target = d;
  job.seed = seed;
  job.budget.max_attempts = 20;
  return job;
}

// Every shown given (the ends too when `with_ends`) is needed: removing it leaves two solutions.
::testing::AssertionResult is_minimal(const Puzzle& p, bool with_ends) {
  const int n = p.board.size();
  for (CellId c = 0; c < n; ++c) {
    const int v = p.givens[static_cast<std::size_t>(c)];
    if (v == 0 || (!with_ends && (v == 1 || v == n))) continue;
    Puzzle q = p;
    q.givens[static_cast<std::size_t>(c)] = 0;
    const auto r = count_solutions(q, 2);
    if (r.verdict != Verdict::multiple)
      return ::testing::AssertionFailure() << "given " << v << " can go (" << to_string(r.verdict) << ")";
  }
  return ::testing::AssertionSuccess();
}

// A fresh grader limited to `tier` (not the generator's code) finishes the puzzle.
bool finishes(const Puzzle& p, int tier) {
  if (tier == 0) return count_givens(p.givens) == p.board.size();
  GradeLimits limits;
  limits.max_tier = tier;
  return !grade(p, limits).needs_search;
}

// The promise of a level L < extreme: tier(L) finishes it, tier(L) - 1 does not, and removing any
// one given (1 and N only with hidden ends) leaves a puzzle tier(L) cannot finish.
::testing::AssertionResult keeps_level_promise(const Puzzle& p, Difficulty level, bool hide_ends) {
  const int tier = tier_of(level);
  if (!finishes(p, tier)) return ::testing::AssertionFailure() << "tier " << tier << " does not finish it";
  if (finishes(p, tier - 1)) return ::testing::AssertionFailure() << "tier " << tier - 1 << " already finishes it";
  const int n = p.board.size();
  for (CellId c = 0; c < n; ++c) {
    const int v = p.givens[static_cast<std::size_t>(c)];
    if (v == 0 || (!hide_ends && (v == 1 || v == n))) continue;
    Puzzle q = p;
    q.givens[static_cast<std::size_t>(c)] = 0;
    if (finishes(q, tier)) return ::testing::AssertionFailure() << "given " << v << " can go at tier " << tier;
  }
  return ::testing::AssertionSuccess();
}

using Case = std::tuple<Topology, std::string, double, std::uint64_t>;

class GeneratedPuzzleProperties : public ::testing::TestWithParam<Case> {};

std::string case_name(const ::testing::TestParamInfo<Case>& param) {
  const auto& [t, shape, obstacles, seed] = param.param;
  return std::string(to_string(t)) + "_" + shape + "_" + std::to_string(static_cast<int>(obstacles * 100)) + "_" +
         std::to_string(seed);
}

}  // namespace

TEST_P(GeneratedPuzzleProperties, UniqueValidConnectedReproducible) {
  const auto& [t, shape, obstacles, seed] = GetParam();
  const Difficulty level = static_cast<Difficulty>(seed % 4);
  const PuzzleJob job = small_job(t, shape, obstacles, seed, level, 8);
  if (check_level(job.board, level)) GTEST_SKIP() << "too few cells for " << to_string(level);
  const auto r = make_puzzle(job);
  ASSERT_TRUE(r.ok()) << r.failure().reason;
  const GeneratedPuzzle& g = r.value();
  const Puzzle& p = g.puzzle;
  EXPECT_EQ(g.job, job);
  EXPECT_EQ(count_solutions(p, 2).verdict, Verdict::unique);
  EXPECT_TRUE(is_valid_solution(p, g.solution));
  EXPECT_TRUE(p.board.is_connected());
  const int shape_cells = base_mask(job.board).count();
  EXPECT_EQ(p.board.size(), shape_cells - obstacle_count(obstacles, shape_cells));
  EXPECT_EQ(board_problem(job.board, p), std::nullopt);
  EXPECT_EQ(g.grade, grade(p));
  const int n = p.board.size();
  int shown_ends = 0;
  for (int v : p.givens) shown_ends += (v == 1 || v == n) ? 1 : 0;
  EXPECT_EQ(shown_ends, 2);
  const auto again = make_puzzle(job);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(describe(again.value().puzzle), describe(p));
  EXPECT_EQ(again.value().solution, g.solution);
  EXPECT_EQ(g.grade.level, level);
  EXPECT_TRUE(keeps_level_promise(p, level, false));
}

INSTANTIATE_TEST_SUITE_P(
    SeedsShapesTopologies, GeneratedPuzzleProperties,
    ::testing::Combine(::testing::Values(Topology::square8, Topology::square4, Topology::hex6),
                       ::testing::Values("rect", "circle", "ring", "heart"), ::testing::Values(0.0, 0.25),
                       ::testing::Values(std::uint64_t{1}, std::uint64_t{6}, std::uint64_t{11})),
    case_name);

TEST(Generator, DifferentSeedsGiveDifferentPuzzles) {
  const auto a = make_puzzle(small_job(Topology::square8, "rect", 0.0, 1, Difficulty::easy));
  const auto b = make_puzzle(small_job(Topology::square8, "rect", 0.0, 2, Difficulty::easy));
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_NE(a.value().solution, b.value().solution);
}

TEST(Generator, ExtremeIsMinimalWithHiddenEnds) {
  PuzzleJob job = small_job(Topology::square8, "rect", 0.0, 3, Difficulty::extreme, 8);
  job.board.hide_ends = true;
  job.budget.max_attempts = 20;
  const auto r = make_puzzle(job);
  ASSERT_TRUE(r.ok()) << r.failure().reason;
  EXPECT_EQ(count_solutions(r.value().puzzle, 2).verdict, Verdict::unique);
  EXPECT_TRUE(is_minimal(r.value().puzzle, true));
  EXPECT_TRUE(r.value().grade.needs_search);
  EXPECT_EQ(r.value().grade.level, Difficulty::extreme);
}

// Extreme's removal tests run on incremental oracles (strip_exact); the set must still be minimal
// by one independent count_solutions per given, on every topology and on boards with holes.
TEST(Generator, ExtremeIsMinimalOnEveryTopology) {
  const std::tuple<Topology, const char*, double> boards[] = {
      {Topology::square8, "heart", 0.1}, {Topology::square4, "rect", 0.0}, {Topology::hex6, "circle", 0.1}};
  for (const auto& [t, shape, holes] : boards) {
    const auto r = make_puzzle(small_job(t, shape, holes, 11, Difficulty::extreme, 9));
    ASSERT_TRUE(r.ok()) << to_string(t) << ": " << r.failure().reason;
    const Puzzle& p = r.value().puzzle;
    EXPECT_EQ(count_solutions(p, 2).verdict, Verdict::unique) << to_string(t);
    SolveLimits proof;  // the engine its confirmation and a book's verification use
    proof.engine = proof_engine(Difficulty::extreme);
    const SolveReport by_proof_engine = count_solutions(p, 2, proof);
    EXPECT_EQ(by_proof_engine.verdict, Verdict::unique) << to_string(t);
    EXPECT_EQ(by_proof_engine.solution, r.value().solution) << to_string(t);
    EXPECT_EQ(r.value().stats.undecided, 0) << to_string(t);
    EXPECT_TRUE(is_minimal(p, false)) << to_string(t);
    EXPECT_EQ(r.value().grade.level, Difficulty::extreme) << to_string(t);
  }
}

// Only extreme puzzles, which need search, are proved on the hybrid engine; deduction-level ones
// stay on the automatic engine, whose native search settles them in microseconds.
TEST(Generator, ProofEngineIsHybridForExtremeOnly) {
  EXPECT_EQ(proof_engine(Difficulty::extreme), Engine::hybrid);
  for (Difficulty d : {Difficulty::easy, Difficulty::medium, Difficulty::hard, Difficulty::expert})
    EXPECT_EQ(proof_engine(d), Engine::automatic) << to_string(d);
}

// With attempts to spare, `job` (extreme) returns a later attempt than 0, proved minimal; with
// one attempt allowed (the last attempt keeps the whole budget and is never given up), attempt 0,
// proved minimal too: a different puzzle. `recheck`: minimality checked again here, one
// count_solutions per given (square4 11x11: 40 s; other tests check it on every topology).
namespace {

void expect_attempt_zero_given_up(PuzzleJob job, bool recheck = true) {
  const auto spared = make_puzzle(job);
  ASSERT_TRUE(spared.ok()) << spared.failure().reason;
  job.budget.max_attempts = 1;
  const auto first = make_puzzle(job);
  ASSERT_TRUE(first.ok()) << first.failure().reason;
  EXPECT_GE(spared.value().attempt, 1);
  EXPECT_EQ(first.value().attempt, 0);
  for (const GeneratedPuzzle* g : {&spared.value(), &first.value()}) {
    EXPECT_EQ(g->stats.undecided, 0) << "attempt " << g->attempt;
    EXPECT_EQ(g->grade.level, Difficulty::extreme) << "attempt " << g->attempt;
    if (recheck) {
      EXPECT_TRUE(is_minimal(g->puzzle, false)) << "attempt " << g->attempt;
    }
  }
  EXPECT_NE(describe(first.value().puzzle), describe(spared.value().puzzle));
}

}  // namespace

// An extreme attempt whose removal tests outgrow its patience (a node budget below the job's,
// doubled from attempt to attempt) is given up for the next path. Sparse square8 10x10 seed 55
// (sparse: no floor or test-length limit acts first): attempt 0's patience is 3,750 conflicts,
// and its removal tests take 6,711 in all (stage A 505; stage B's dearest, a witness search,
// 2,555), so it is proved minimal with the whole budget but not within its patience (a recheck
// of minimality here would take 20 s in the dev build). (Until generator 19 seed 81 without
// sparse, whose attempt 0 had since generator 11 been given up for its floor instead.)
TEST(Generator, ExtremeGivesUpAnAttemptThatOutgrowsItsPatience) {
  PuzzleJob job = small_job(Topology::square8, "rect", 0.0, 55, Difficulty::extreme, 10);
  job.board.sparse = true;
  expect_attempt_zero_given_up(job, false);
}

// An extreme attempt whose floor (the clue set without stage B's candidates) has more root pairs
// than the limit (generator.cpp, floor_limit: 20 a cell on this board, 2,000) runs none of stage
// B's tests and is given up for the next path. Hex6 10x10 seed 19 (generator 23): attempt 0's
// stage A ends once the candidates found so far leave more than 2,000 pairs; as the last attempt
// allowed it goes on to a floor of 2,088 pairs and is proved minimal, so it would be returned
// without the limit. (Generators 20-22 used seed 18, 11-19 seed 6.)
TEST(Generator, ExtremeGivesUpAnAttemptWithTooWideAFloor) {
  expect_attempt_zero_given_up(small_job(Topology::hex6, "rect", 0.0, 19, Difficulty::extreme, 10));
}

// Every attempt but the last allowed may be given up, also one whose patience has reached the
// job's budget (until generator 21 such an attempt was kept whatever its floor: hex6 20x20 seed
// 174's attempt 3 spent 549 s on a floor of 18,909 pairs and the job failed with a test open).
// The same job as above with a budget of exactly attempt 0's patience (31,250 conflicts at 100
// cells): attempt 0 is still given up for its floor.
TEST(Generator, ExtremeGivesUpAnAttemptWithTheWholeBudgetButNotTheLast) {
  PuzzleJob job = small_job(Topology::hex6, "rect", 0.0, 19, Difficulty::extreme, 10);
  job.budget.nodes_per_attempt = 31'250;
  expect_attempt_zero_given_up(job);
}

// An extreme attempt whose stage-A oracle ranges over more than a quarter above the floor limit
// (generator.cpp, stage_a_too_wide) is given up before any of stage A's tests, but the last
// attempt allowed never is: with one attempt the job must still return attempt 0, proved
// minimal. Square8 10x10 seed 6 (generator 22): 1,594 pairs against a limit of 1,200 (the
// forecast at 1,500); the floor, 1,737 pairs, would give the attempt up too. (Of 60 square8 10x10
// seeds the forecast fired in 3 attempts; since generator 23's hex6 paths, in no attempt 0 of
// hex6 10x10-12x12 seeds 1-80 and 14x14 and 16x16 seeds 1-40. Generator 22 used hex6 10x10 seed
// 6, a forecast that gave up an attempt whose floor passed.)
TEST(Generator, ExtremeGivesUpAnAttemptWhoseStageAOracleIsTooWide) {
  expect_attempt_zero_given_up(small_job(Topology::square8, "rect", 0.0, 6, Difficulty::extreme, 10));
}

// An extreme attempt with a stage-B removal test that outruns its share of the patience
// (generator.cpp, longest_test: a sixty-fourth on square4) leaves that test open and is given up
// for the next path. Square4 11x11 seed 136 (generator 31): attempt 0's patience is 49,912
// conflicts, and its last stage-B test reaches the sixty-fourth, 779, where the last attempt
// allowed (max_attempts 1) has the whole budget and settles it. (Generator 30 used 13x13 seed 3,
// whose test no longer reaches its cap with square4's refutation tuning; among square4 11x11-14x14
// seeds 1-160 only 11x11 seed 136 and 12x12 seed 101 now leave a test of attempt 0 open.
// Generator 29 used 11x11 seed 16, generator 19-28 11x11 seed 49, generator 18 13x13 seed 15,
// generator 17 11x11 seed 49 again, generator 15 seed 47.)
TEST(Generator, ExtremeGivesUpAnAttemptWithTooLongATest) {
  expect_attempt_zero_given_up(small_job(Topology::square4, "rect", 0.0, 136, Difficulty::extreme, 11), false);
}

// Extreme anneals its paths at a lower temperature than the deduction levels (path_temperature),
// where the annealing freezes early: on the same seeds its solution paths keep more slack (cells
// touching both path neighbours of a cell), which is what makes its removal proofs cheap. With
// one temperature for both, a seed's path would be the same (the fill comes first) and so would
// its slack. `sparse` extreme anneals like the deduction levels, for the fewest givens. Square4
// extreme is not annealed at all (an infinite temperature: its next test).
TEST(Generator, ExtremePathsKeepMoreSlack) {
  for (Topology t : {Topology::square8, Topology::hex6})
    EXPECT_LT(path_temperature(t, Difficulty::extreme), path_temperature(t, Difficulty::hard)) << to_string(t);
  for (Topology t : {Topology::square8, Topology::hex6, Topology::square4}) {
    EXPECT_EQ(path_temperature(t, Difficulty::extreme, true), path_temperature(t, Difficulty::hard)) << to_string(t);
    for (Difficulty d : {Difficulty::easy, Difficulty::medium, Difficulty::expert})
      EXPECT_EQ(path_temperature(t, d), path_temperature(Topology::square8, Difficulty::hard)) << to_string(d);
  }
  const auto slack = [](Difficulty d, std::uint64_t seed, bool sparse = false) {
    PuzzleJob job = small_job(Topology::square8, "rect", 0.0, seed, d, 10);
    job.board.sparse = sparse;
    const auto r = make_puzzle(job);
    EXPECT_TRUE(r.ok()) << to_string(d) << " seed " << seed;
    if (!r.ok()) return 0L;
    return path_slack(r.value().puzzle.board, order_of(r.value().solution));
  };
  long extreme = 0, hard = 0, sparse = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    extreme += slack(Difficulty::extreme, seed);
    hard += slack(Difficulty::hard, seed);
    sparse += slack(Difficulty::extreme, seed, true);
  }
  std::printf("path slack over seeds 1-6: extreme %ld, hard %ld, sparse extreme %ld\n", extreme, hard, sparse);
  EXPECT_GT(extreme, hard);
  EXPECT_LT(sparse, extreme);
}

// Square4 extreme paths are mixed with no bias towards low slack (an infinite temperature: the
// annealing keeps every move, Fill.AnnealingAtInfiniteTemperatureIsPlainMixing): their minimal
// clue sets have more givens, and the proofs that they are minimal are far cheaper
// (path_temperature). `sparse` still anneals, for the fewest givens.
TEST(Generator, Square4ExtremePathsAreNotAnnealed) {
  EXPECT_TRUE(std::isinf(path_temperature(Topology::square4, Difficulty::extreme)));
  EXPECT_FALSE(std::isinf(path_temperature(Topology::square4, Difficulty::extreme, true)));
}

// Square4 extreme strips (not sparse) try the givens of the most slack first (generator.cpp,
// extreme_tuning), so the givens left sit where the path has less slack than on average (straight
// runs); sparse sets, stripped least slack first, keep the givens of the most slack. Measured as
// the mean slack of the givens (ends aside) minus the path's mean, summed over six seeds.
TEST(Generator, Square4ExtremeKeepsTheGivensOfLeastSlack) {
  const auto given_slack_excess = [](bool sparse) {
    double excess = 0;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      PuzzleJob job = small_job(Topology::square4, "rect", 0.0, seed, Difficulty::extreme, 9);
      job.board.sparse = sparse;
      const auto r = make_puzzle(job);
      EXPECT_TRUE(r.ok()) << "seed " << seed;
      if (!r.ok()) continue;
      const GeneratedPuzzle& g = r.value();
      const CellOrder path = order_of(g.solution);
      const int n = static_cast<int>(path.size());
      double all = 0, shown = 0;
      int givens = 0;
      for (int i = 1; i + 1 < n; ++i) {
        const int slack = slack_at(g.puzzle.board, path, i);
        all += slack;
        if (g.puzzle.givens[static_cast<std::size_t>(path[static_cast<std::size_t>(i)])] == 0) continue;
        shown += slack;
        ++givens;
      }
      if (givens > 0) excess += shown / givens - all / (n - 2);
    }
    return excess;
  };
  const double extreme = given_slack_excess(false);
  const double sparse = given_slack_excess(true);
  EXPECT_LT(extreme, 0.0);
  EXPECT_GT(sparse, 0.0);
  std::cout << "slack of the givens over the path's: extreme " << extreme << ", sparse " << sparse << "\n";
}

// Only hex6's extreme attempts (not sparse) draw more than one path (generator.hpp, paths_drawn:
// the one of the most slack of four); elsewhere the best of several only added givens.
TEST(Generator, OnlyHex6ExtremeDrawsSeveralPaths) {
  EXPECT_EQ(paths_drawn(Topology::hex6, Difficulty::extreme), 4);
  EXPECT_EQ(paths_drawn(Topology::hex6, Difficulty::extreme, true), 1);
  for (Topology t : {Topology::square8, Topology::square4}) EXPECT_EQ(paths_drawn(t, Difficulty::extreme), 1);
  for (Difficulty d : {Difficulty::easy, Difficulty::medium, Difficulty::hard, Difficulty::expert})
    EXPECT_EQ(paths_drawn(Topology::hex6, d), 1) << to_string(d);
}

TEST(Generator, LevelsKeepTheirPromiseWithHiddenEnds) {
  for (Difficulty d : {Difficulty::easy, Difficulty::medium, Difficulty::hard, Difficulty::expert}) {
    PuzzleJob job = small_job(Topology::square8, "rect", 0.0, 5, d, 9);
    job.board.hide_ends = true;
    const auto r = make_puzzle(job);
    ASSERT_TRUE(r.ok()) << to_string(d) << ": " << r.failure().reason;
    EXPECT_TRUE(keeps_level_promise(r.value().puzzle, d, true)) << to_string(d);
  }
}

// An outside check found this hard puzzle printed `# minimal: tier 3` with a given (72) that a
// fresh tier-3 grade did without: the strip's replayed states are not fresh grades for
// gap-paths, which is not monotone. Hard now gets a sweep of fresh grades as expert does.
TEST(Generator, HardIsMinimalForFreshTierThreeGrades) {
  PuzzleJob job = small_job(Topology::hex6, "mask", 0.0, 13758425079236577475ULL, Difficulty::hard);
  job.board.mask_file = "fish";
  const auto r = make_puzzle(job);
  ASSERT_TRUE(r.ok()) << r.failure().reason;
  EXPECT_TRUE(keeps_level_promise(r.value().puzzle, Difficulty::hard, false));
}

// Many seeds per topology and level (10x10, the sizes books use most).
TEST(Generator, EveryLevelKeepsItsPromiseOnManySeeds) {
  for (Topology t : {Topology::square8, Topology::square4, Topology::hex6})
    for (Difficulty d : {Difficulty::easy, Difficulty::medium, Difficulty::hard, Difficulty::expert})
      for (std::uint64_t seed = 100; seed < 104; ++seed) {
        const auto r = make_puzzle(small_job(t, "rect", 0.0, seed, d, 10));
        ASSERT_TRUE(r.ok()) << to_string(t) << " " << to_string(d) << " " << seed << ": " << r.failure().reason;
        const Puzzle& p = r.value().puzzle;
        EXPECT_EQ(count_solutions(p, 2).verdict, Verdict::unique);
        EXPECT_EQ(r.value().grade.level, d);
        EXPECT_TRUE(keeps_level_promise(p, d, false)) << to_string(t) << " " << to_string(d) << " " << seed;
      }
}

TEST(Generator, CheckLevelRefusesBoardsTooSmallForTheLevel) {
  const BoardSpec four{Topology::square8, "rect", "", 4, 4, 0.0, false};
  EXPECT_FALSE(check_level(four, Difficulty::hard));
  ASSERT_TRUE(check_level(four, Difficulty::expert));
  EXPECT_EQ(*check_level(four, Difficulty::expert),
            "level 'expert' needs at least 49 playable cells; shape 'rect' at 4x4 has 16 playable cells (on smaller "
            "boards the generator's attempts rarely reach this level, though such puzzles exist)");
  EXPECT_FALSE(check_level(BoardSpec{Topology::square8, "rect", "", 7, 7, 0.0, false}, Difficulty::expert));
  // With holes: the shape's cells, then what the holes leave (36 was read as the star's size).
  const BoardSpec star{Topology::square8, "star", "", 13, 13, 0.45, false};
  ASSERT_TRUE(check_level(star, Difficulty::expert));
  EXPECT_NE(check_level(star, Difficulty::expert)->find("shape 'star' at 13x13 has 64 playable cells, 36 after obstacles ("),
            std::string::npos)
      << *check_level(star, Difficulty::expert);
}

TEST(Generator, UnreachableLevelFailsWithReasonLevel) {
  // A 2x2 square8 board is finished by tier 1 or 2 whatever the givens: never expert.
  PuzzleJob job = small_job(Topology::square8, "rect", 0.0, 1, Difficulty::expert, 2);
  const auto r = make_puzzle(job);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.failure().reason, "level");
  EXPECT_EQ(r.failure().attempts, job.budget.max_attempts);
}

TEST(Generator, EasierLevelsKeepMoreGivens) {
  int easy = 0, expert = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const auto e = make_puzzle(small_job(Topology::square8, "rect", 0.0, seed, Difficulty::easy, 8));
    const auto x = make_puzzle(small_job(Topology::square8, "rect", 0.0, seed, Difficulty::expert, 8));
    ASSERT_TRUE(e.ok() && x.ok());
    easy += count_givens(e.value().puzzle.givens);
    expert += count_givens(x.value().puzzle.givens);
  }
  EXPECT_GT(easy, expert);
}

TEST(Generator, CancelledJobFails) {
  std::atomic<bool> cancel{true};
  const auto r = make_puzzle(small_job(Topology::square8, "rect", 0.0, 1, Difficulty::hard), &cancel);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.failure().reason, "cancelled");
}

TEST(Generator, DeadlineFailsTheJob) {
  PuzzleJob job = small_job(Topology::square8, "rect", 0.0, 1, Difficulty::expert, 60);
  job.budget.deadline_ms = 1;
  const auto r = make_puzzle(job);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.failure().reason, "deadline");
}

// A level test stopped by the deadline or a cancel gives up at once instead of grading on.
TEST(Generator, LevelTestsLookAtTheStopCheck) {
  const Puzzle p = parse_description("hex6:3x4:.,2,.2/.2,10,./.2,11,.");
  ASSERT_TRUE(deduces(p, 4));
  int looks = 0;
  EXPECT_FALSE(deduces(p, 4, [&] { return ++looks > 0; }));
  EXPECT_EQ(looks, 1);
}

// An extreme puzzle whose budget left removal tests open is not extreme's promise (a proved
// minimal clue set): the job fails for its budget, where it used to be made and printed with
// only a comment. It says so even when the set it was left with grades below extreme (givens
// kept only because their tests never ran can make it deducible), not "level".
TEST(Generator, ExtremeWithOpenRemovalTestsFails) {
  PuzzleJob job = small_job(Topology::hex6, "rect", 0.0, 1, Difficulty::extreme, 12);
  // 1,000 until generator 17: stage B's wide local search (not charged) now settles more tests;
  // 400 until generator 19 (with 400 the proofs after the hard level's clue set of generator 20
  // all fit; with 200, 7 were left open, and the set left graded below extreme); 200 until
  // generator 22 (generator 23's hex6 path, of the most slack of four, fits 200; 100 leaves one
  // test open).
  job.budget.nodes_per_attempt = 100;
  job.budget.max_attempts = 1;
  const auto r = make_puzzle(job);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.failure().reason.rfind("budget: minimality not proven (", 0), 0u) << r.failure().reason;
}

// make_puzzle with attempts running ahead on other threads (or, square4 extreme, with the other
// cores helping the attempt: attempts_ahead) returns what one thread returns: the
// same attempt, puzzle, solution and node count, and the same failure. The jobs: attempt 0 given
// up for its floor (hex6 10x10 seed 19, see above) and for its patience (square8 10x10 seed 55,
// sparse), a level no attempt reaches (every attempt runs), and jobs whose attempt 0 succeeds.
TEST(Generator, AttemptsRunningAheadChangeNothing) {
  PuzzleJob patience = small_job(Topology::square8, "rect", 0.0, 55, Difficulty::extreme, 10);
  patience.board.sparse = true;
  const std::vector<PuzzleJob> jobs{small_job(Topology::hex6, "rect", 0.0, 19, Difficulty::extreme, 10), patience,
                                    small_job(Topology::square8, "rect", 0.0, 1, Difficulty::expert, 2),
                                    small_job(Topology::square4, "circle", 0.1, 3, Difficulty::hard, 9),
                                    small_job(Topology::hex6, "rect", 0.0, 4, Difficulty::extreme, 8),
                                    small_job(Topology::square4, "rect", 0.0, 3, Difficulty::extreme, 12)};
  int later_attempts = 0;
  for (const PuzzleJob& job : jobs) {
    const auto one = make_puzzle(job, nullptr, 1);
    for (int threads : {2, 3}) {
      const auto ahead = make_puzzle(job, nullptr, threads);
      ASSERT_EQ(one.ok(), ahead.ok()) << job.seed << " threads " << threads;
      if (!one.ok()) {
        EXPECT_EQ(one.failure().reason, ahead.failure().reason);
        EXPECT_EQ(one.failure().attempts, ahead.failure().attempts);
        continue;
      }
      const GeneratedPuzzle& a = one.value();
      const GeneratedPuzzle& b = ahead.value();
      EXPECT_EQ(a.attempt, b.attempt) << job.seed << " threads " << threads;
      EXPECT_EQ(describe(a.puzzle), describe(b.puzzle)) << job.seed << " threads " << threads;
      EXPECT_EQ(a.solution, b.solution);
      EXPECT_EQ(a.stats.nodes, b.stats.nodes);
      EXPECT_EQ(a.stats.attempts, b.stats.attempts);
      later_attempts += a.attempt > 0;
    }
  }
  EXPECT_GE(later_attempts, 4) << "at least two jobs must return a later attempt, at 2 and at 3 threads";
}

// Cores lent to a puzzle (a book's tail) are borrowed by an extreme one for its next attempts, and
// given back when it returns; the puzzle is the one a single thread makes. A puzzle of another
// level borrows none.
TEST(Generator, BorrowedCoresChangeNothingAndGoBack) {
  PuzzleJob patience = small_job(Topology::square8, "rect", 0.0, 55, Difficulty::extreme, 10);
  patience.board.sparse = true;  // returns a later attempt (AttemptsRunningAheadChangeNothing)
  const auto one = make_puzzle(patience, nullptr, 1);
  ASSERT_TRUE(one.ok());
  ASSERT_GT(one.value().attempt, 0);
  IdleCores idle;
  idle.lend(1);
  const auto lent = make_puzzle(patience, nullptr, 1, &idle);
  ASSERT_TRUE(lent.ok());
  EXPECT_EQ(describe(lent.value().puzzle), describe(one.value().puzzle));
  EXPECT_EQ(lent.value().attempt, one.value().attempt);
  EXPECT_EQ(lent.value().stats.nodes, one.value().stats.nodes);
  if (std::thread::hardware_concurrency() > 1) {
    EXPECT_EQ(idle.borrowed(), 1);
  }
  EXPECT_EQ(idle.free(), 1) << "the core goes back";
  IdleCores other;
  other.lend(1);
  ASSERT_TRUE(make_puzzle(small_job(Topology::square8, "rect", 0.0, 1, Difficulty::hard), nullptr, 1, &other).ok());
  EXPECT_EQ(other.borrowed(), 0);
}

namespace {

// One raced job, made on one thread, on two, and on one with a core borrowed from a book's tail:
// the same attempt wins with the same work, and the borrowed core goes back. `raced`: whether it
// counted other attempts than 0..k (attempts one after another count exactly those).
void expect_raced_the_same(const PuzzleJob& job, bool& raced) {
  const auto one = make_puzzle(job, nullptr, 1);
  ASSERT_TRUE(one.ok()) << job.seed << ": " << one.failure().reason;
  IdleCores idle;
  idle.lend(1);
  for (const auto& other : {make_puzzle(job, nullptr, 2), make_puzzle(job, nullptr, 1, &idle)}) {
    ASSERT_TRUE(other.ok()) << job.seed;
    EXPECT_EQ(other.value().attempt, one.value().attempt) << job.seed;
    EXPECT_EQ(describe(other.value().puzzle), describe(one.value().puzzle)) << job.seed;
    EXPECT_EQ(other.value().stats.nodes, one.value().stats.nodes) << job.seed;
    EXPECT_EQ(other.value().stats.attempts, one.value().stats.attempts) << job.seed;
  }
  EXPECT_EQ(idle.free(), 1) << "the core goes back";
  raced = one.value().stats.attempts != one.value().attempt + 1;
}

}  // namespace

// Hex6 (generator 32) and square4 (generator 33) extreme race their attempts in two lanes by work
// (expect_raced_the_same). On each topology some of these jobs must count other attempts than
// 0..k for the race to have been run at all.
TEST(Generator, RacedAttemptsAreTheSameOnOneThreadOrTwo) {
  for (Topology t : {Topology::hex6, Topology::square4}) {
    int raced = 0;
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
      bool this_one = false;
      expect_raced_the_same(small_job(t, "rect", 0.0, seed, Difficulty::extreme, 10), this_one);
      raced += this_one;
    }
    EXPECT_GE(raced, 1) << to_string(t);
  }
}

// A cancel raised while the lanes take turns, or run side by side, stops both: the job fails as
// cancelled.
TEST(Generator, RacedAttemptsStopOnCancel) {
  for (int threads : {1, 2}) {
    std::atomic<bool> cancel{false};
    std::thread raiser([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      cancel = true;
    });
    const auto r = make_puzzle(small_job(Topology::hex6, "rect", 0.0, 321, Difficulty::extreme, 20), &cancel, threads);
    raiser.join();
    ASSERT_FALSE(r.ok()) << threads;
    EXPECT_EQ(r.failure().reason, "cancelled") << threads;
  }
}

// A cancel raised while attempts run ahead stops them all, and the job fails as cancelled.
TEST(Generator, AttemptsRunningAheadStopOnCancel) {
  std::atomic<bool> cancel{false};
  std::thread raiser([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    cancel = true;
  });
  PuzzleJob job = small_job(Topology::square4, "rect", 0.0, 7, Difficulty::extreme, 20);
  const auto r = make_puzzle(job, &cancel, 2);
  raiser.join();
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.failure().reason, "cancelled");
}

// Boards above max_generated_cells playable cells are refused (check_spec) and, reaching
// make_puzzle anyway (a manifest's failed entry recorded before the limit), fail at once. A grown
// board counts what it fills of its box, and obstacles count as gone.
TEST(Generator, BoardsAboveTheCellLimitAreRefusedAndNeverRun) {
  BoardSpec big{Topology::square8, "rect", "", 101, 100, 0.0, false};
  ASSERT_TRUE(check_spec(big));
  EXPECT_EQ(check_spec(big)->rfind("board too big: shape 'rect' at 101x100 under square8 has 10100 playable cells;", 0), 0u)
      << *check_spec(big);
  big.obstacles = 0.01;  // 101 holes: 9,999 cells
  EXPECT_FALSE(check_spec(big)) << *check_spec(big);
  BoardSpec grown{Topology::square8, "grown", "", 200, 200, 0.0, false};
  grown.fill = 0.25;  // 10,000 of the 40,000 cells of its box
  EXPECT_EQ(playable_cells(grown, 40'000), 10'000);
  EXPECT_FALSE(too_big(grown, 40'000));
  grown.fill = 0.3;
  EXPECT_TRUE(too_big(grown, 40'000));
  PuzzleJob job = small_job(Topology::hex6, "rect", 0.0, 1, Difficulty::easy, 101);
  const auto r = make_puzzle(job);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.failure().reason.rfind("spec: board too big: ", 0), 0u) << r.failure().reason;
  EXPECT_EQ(r.failure().attempts, 0);
}

TEST(Generator, BadSpecFailsWithoutThrowing) {
  PuzzleJob job = small_job(Topology::square8, "blob", 0.0, 1, Difficulty::easy);
  const auto r = make_puzzle(job);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.failure().reason.rfind("spec: unknown shape 'blob'", 0), 0u) << r.failure().reason;
}

TEST(Strip, BlockRemovalReachesAMinimalSet) {
  // A 1x6 strip of cells has one path up to direction: with 1 and 6 kept nothing else is needed.
  const Board b(Topology::square4, 1, 6, std::vector<bool>(6, true));
  const Values solution{1, 2, 3, 4, 5, 6};
  StripBudget budget{1'000'000, 0, {}, StopReason::none, 0};
  const Acceptable unique = [&](const Puzzle& p) { return proved_unique(p, budget); };
  const auto keep = strip_givens(Puzzle{b, {}, {}}, solution, std::vector<bool>(6, true), {1, 2, 3, 4, 0, 5}, unique);
  // Removing both ends as well leaves the reversed numbering: one end must stay.
  EXPECT_EQ(std::count(keep.begin(), keep.end(), true), 1);
  EXPECT_GT(budget.calls, 0);
}

TEST(Strip, MinKeepStopsEarly) {
  const Board b(Topology::square4, 1, 6, std::vector<bool>(6, true));
  const Values solution{1, 2, 3, 4, 5, 6};
  const Acceptable always = [](const Puzzle&) { return true; };
  const auto keep = strip_givens(Puzzle{b, {}, {}}, solution, std::vector<bool>(6, true), {0, 1, 2, 3, 4, 5}, always, 4);
  EXPECT_EQ(std::count(keep.begin(), keep.end(), true), 4);
}

// The walk looks at its stop check before every block (extreme's phase 1 on a 60x60 board ran
// 24 s past a 2 s deadline: every given was still tried, each try refused).
TEST(Strip, StopsWhenTheStopCheckSaysSo) {
  const Board b(Topology::square4, 1, 6, std::vector<bool>(6, true));
  const Values solution{1, 2, 3, 4, 5, 6};
  int asked = 0, looks = 0;
  const Acceptable always = [&](const Puzzle&) { return ++asked > 0; };
  const auto keep = strip_givens(Puzzle{b, {}, {}}, solution, std::vector<bool>(6, true), {0, 1, 2, 3, 4, 5}, always,
                                 0, false, [&] { return ++looks > 1; });
  EXPECT_EQ(looks, 2);
  EXPECT_EQ(asked, 1);  // the first block only
  const auto all = strip_givens(Puzzle{b, {}, {}}, solution, std::vector<bool>(6, true), {0, 1, 2, 3, 4, 5}, always);
  EXPECT_EQ(std::count(all.begin(), all.end(), true), 0);
  EXPECT_GT(std::count(keep.begin(), keep.end(), true), 0);
}

TEST(Strip, SpentBudgetKeepsEverything) {
  const Board b(Topology::square8, 3, 3, std::vector<bool>(9, true));
  const Values solution{1, 2, 3, 6, 5, 4, 7, 8, 9};
  StripBudget budget{0, 0, {}, StopReason::none, 0};
  const Acceptable unique = [&](const Puzzle& p) { return proved_unique(p, budget); };
  const auto keep = strip_givens(Puzzle{b, {}, {}}, solution, std::vector<bool>(9, true), {1, 2, 3, 4, 5, 6, 7}, unique);
  EXPECT_EQ(std::count(keep.begin(), keep.end(), true), 9);
  EXPECT_GT(budget.undecided, 0);  // kept because the budget was spent, not proved needed
}

// near_other_solution against counting: on hard puzzles of every topology, with one given taken
// out (unique or not), and on the puzzles themselves around each blank cell (unique: it must say
// no). Only "yes" is a claim, and every yes must be a second solution; it must also find most.
// Both windows: the default and stage B's wide one, which finds at least as many here.
TEST(Strip, NearOtherSolutionOnlyFindsRealSecondSolutions) {
  int claims = 0, wide_claims = 0, multiples = 0;
  for (Topology t : {Topology::square8, Topology::square4, Topology::hex6}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const auto r = make_puzzle(small_job(t, "rect", 0.0, seed, Difficulty::hard, 8));
      ASSERT_TRUE(r.ok()) << r.failure().reason;
      const Puzzle& p = r.value().puzzle;
      const Values& solution = r.value().solution;
      for (CellId c = 0; c < p.board.size(); ++c) {
        const auto at = static_cast<std::size_t>(c);
        const std::span<const CellId> around(&c, 1);
        if (p.givens[at] == 0) {
          EXPECT_FALSE(near_other_solution(p, solution, around)) << to_string(t) << " " << c;
          EXPECT_FALSE(near_other_solution(p, solution, around, NearWindow::wide())) << to_string(t) << " " << c;
          continue;
        }
        Puzzle q = p;
        q.givens[at] = 0;
        const bool claim = near_other_solution(q, solution, around);
        const bool wide_claim = near_other_solution(q, solution, around, NearWindow::wide());
        const bool multiple = count_solutions(q, 2).verdict == Verdict::multiple;
        EXPECT_TRUE(!claim || multiple) << to_string(t) << " seed " << seed << " given " << p.givens[at];
        EXPECT_TRUE(!wide_claim || multiple) << to_string(t) << " seed " << seed << " given " << p.givens[at];
        claims += claim;
        wide_claims += wide_claim;
        multiples += multiple;
      }
    }
  }
  EXPECT_GT(2 * claims, multiples);  // measured: 90 of the 91 second solutions lie this close
  EXPECT_GE(wide_claims, claims);
}

// unique_first changes no decision of strip_givens, only how many times `accept` is asked.
TEST(Strip, UniqueFirstKeepsTheSameGivensWithFewerCalls) {
  int calls_plain = 0, calls_first = 0;
  for (Topology t : {Topology::square8, Topology::hex6}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const auto r = make_puzzle(small_job(t, "rect", 0.0, seed, Difficulty::easy, 6));
      ASSERT_TRUE(r.ok()) << r.failure().reason;
      const Puzzle base{r.value().puzzle.board, {}, {}};
      const Values& solution = r.value().solution;
      std::vector<CellId> order;
      for (CellId c = 0; c < base.board.size(); ++c) order.push_back(static_cast<CellId>((c * 37 + 11) % base.board.size()));
      const std::vector<bool> all(solution.size(), true);
      const auto strip = [&](bool first, int& calls) {
        StripBudget budget{100'000'000, 0, {}, StopReason::none, 0};
        const Acceptable unique = [&](const Puzzle& p) {
          ++calls;
          return proved_unique(p, budget);
        };
        return strip_givens(base, solution, all, order, unique, 0, first);
      };
      EXPECT_EQ(strip(false, calls_plain), strip(true, calls_first)) << to_string(t) << " seed " << seed;
    }
  }
  EXPECT_LT(calls_first, calls_plain);  // measured: 97 against 213
}

// strip_givens with a second core betting on each refusal walks exactly as without one, for any
// acceptability test, on one core or two: the verdicts it bet on are the ones it would have asked
// for next. `accept` here is an arbitrary function of the clue set.
TEST(Strip, SpeculationWalksTheSameWay) {
  const Board b(Topology::square8, 6, 6, std::vector<bool>(36, true));
  Values solution(36);
  for (int c = 0; c < 36; ++c) solution[static_cast<std::size_t>(c)] = c + 1;
  const auto arbitrary = [](const Puzzle& p) {
    std::uint64_t h = 1469598103934665603ull;
    for (int v : p.givens) h = (h ^ static_cast<std::uint64_t>(v)) * 1099511628211ull;
    return h % 3 != 0;
  };
  for (std::uint64_t salt = 0; salt < 6; ++salt) {
    std::vector<CellId> order;
    for (CellId c = 0; c < 36; ++c) order.push_back(static_cast<CellId>((c * 7 + static_cast<int>(salt) * 5) % 36));
    int plain_asked = 0;
    const Acceptable plain = [&](const Puzzle& p) { return ++plain_asked > 0 && arbitrary(p); };
    const auto alone = strip_givens(Puzzle{b, {}, {}}, solution, std::vector<bool>(36, true), order, plain);
    for (int cores : {1, 2}) {
      int asked = 0;
      std::atomic<int> bets{0};
      const Acceptable accept = [&](const Puzzle& p) { return ++asked > 0 && arbitrary(p); };
      const SharedAcceptable bet = [&](const Puzzle& p, const StopCheck&) { return ++bets > 0 && arbitrary(p); };
      tbb::task_arena arena(cores);
      const auto ahead = arena.execute([&] {
        return strip_givens(Puzzle{b, {}, {}}, solution, std::vector<bool>(36, true), order, accept, 0, false, {}, bet);
      });
      EXPECT_EQ(ahead, alone) << "salt " << salt << ", " << cores << " cores";
      EXPECT_GT(bets.load(), 0);
      EXPECT_LT(asked, plain_asked) << "the bets that came true are not asked again";
    }
  }
}

TEST(Generator, GrownBoardIsThePathsCellsAndKeepsTheLevel) {
  for (Topology t : {Topology::square8, Topology::square4, Topology::hex6}) {
    PuzzleJob job = small_job(t, "grown", 0.0, 12, Difficulty::hard, 12);
    job.board.fill = 0.6;
    ASSERT_FALSE(check_spec(job.board));
    const auto r = make_puzzle(job);
    ASSERT_TRUE(r.ok()) << to_string(t) << ": " << r.failure().reason;
    const Puzzle& p = r.value().puzzle;
    EXPECT_EQ(p.board.size(), static_cast<int>(std::ceil(0.6 * base_mask(job.board).count() - 1e-9))) << to_string(t);
    EXPECT_TRUE(p.board.is_connected());
    EXPECT_TRUE(is_valid_solution(p, r.value().solution));
    EXPECT_TRUE(keeps_level_promise(p, Difficulty::hard, false)) << to_string(t);
    EXPECT_EQ(describe(make_puzzle(job).value().puzzle), describe(p));
    PuzzleJob other = job;
    other.seed = 13;
    EXPECT_NE(make_puzzle(other).value().puzzle.board, p.board);  // the shape itself is random
  }
  BoardSpec bad{Topology::square8, "grown", "", 10, 10, 0.0, false};
  bad.fill = 0.1;
  EXPECT_EQ(check_spec(bad), std::optional<std::string>("fill 0.1 is out of range [0.2, 1]"));
}
