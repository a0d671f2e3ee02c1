// Bigger boards (label slow): every shape and topology at 15x15 with 20% obstacles (medium):
// unique, valid, connected and reproducible; a 15x15 extreme puzzle is minimal up to the removal
// tests the solver's per-call cap left open (reported in GenStats.undecided).
#include <gtest/gtest.h>

#include "core/codec.hpp"
#include "generator/generator.hpp"

using namespace hidato;

TEST(GeneratorSlow, BigBoardsOnEveryShapeAndTopology) {
  for (Topology t : {Topology::square8, Topology::square4, Topology::hex6})
    for (const auto& shape : shape_names()) {
      if (shape == "mask") continue;
      PuzzleJob job;
      job.board = BoardSpec{t, shape, "", 15, 15, 0.2, false};
      job.target = Difficulty::medium;
      job.seed = 77;
      job.budget.max_attempts = 3;
      const auto r = make_puzzle(job);
      ASSERT_TRUE(r.ok()) << to_string(t) << " " << shape << ": " << r.failure().reason;
      const auto& p = r.value().puzzle;
      EXPECT_EQ(count_solutions(p, 2).verdict, Verdict::unique);
      EXPECT_TRUE(is_valid_solution(p, r.value().solution));
      EXPECT_TRUE(p.board.is_connected());
      EXPECT_EQ(describe(make_puzzle(job).value().puzzle), describe(p));
    }
}

// Every given the generator kept as decided is needed: at most `stats.undecided` givens (removal
// tests the solver could not settle within the generator's per-call cap) may turn out removable.
TEST(GeneratorSlow, FifteenByFifteenExtremeIsMinimalUpToOpenTests) {
  PuzzleJob job;
  job.board = BoardSpec{Topology::square8, "rect", "", 15, 15, 0.0, false};
  job.target = Difficulty::extreme;
  job.seed = 5;
  const auto r = make_puzzle(job);
  ASSERT_TRUE(r.ok()) << r.failure().reason;
  const auto& p = r.value().puzzle;
  const int n = p.board.size();
  int removable = 0, checked = 0;
  SolveLimits limits;
  limits.max_nodes = 300'000;
  for (CellId c = 0; c < n; ++c) {
    const int v = p.givens[static_cast<std::size_t>(c)];
    if (v == 0 || v == 1 || v == n) continue;
    Puzzle q = p;
    q.givens[static_cast<std::size_t>(c)] = 0;
    const auto verdict = count_solutions(q, 2, limits).verdict;
    checked += verdict == Verdict::gave_up ? 0 : 1;
    removable += verdict == Verdict::unique ? 1 : 0;
  }
  EXPECT_GT(checked, 0);
  EXPECT_LE(removable, r.value().stats.undecided);
}
