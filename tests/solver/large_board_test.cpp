// Verdicts on boards past 2^32 (value, cell) pairs: a 256x256 snake whose last eight cells form a
// 2x4 block has exactly two solutions (the last two values swap). Regression test for the undo
// trail that stored `value * positions + pos` in 32 bits and answered `unique` here.
#include <gtest/gtest.h>

#include <vector>

#include "solver/solver.hpp"

namespace hidato {
namespace {

// Boustrophedon rows down to row n-3, then the last two rows column by column, so the path's
// last eight cells are the 2x4 block in the bottom-right corner and N-1, N can trade places.
Values snake_numbers(int n) {
  Values at(static_cast<std::size_t>(n * n), 0);
  int k = 0;
  auto put = [&](int r, int c) { at[static_cast<std::size_t>(r * n + c)] = ++k; };
  for (int r = 0; r < n - 2; ++r)
    for (int i = 0; i < n; ++i) put(r, r % 2 == 0 ? i : n - 1 - i);
  for (int c = 0; c < n; ++c) {
    put(c % 2 == 0 ? n - 2 : n - 1, c);
    put(c % 2 == 0 ? n - 1 : n - 2, c);
  }
  return at;
}

Puzzle snake_puzzle(int n, int hidden) {
  Board board(Topology::square8, n, n, std::vector<bool>(static_cast<std::size_t>(n * n), true));
  Values givens = snake_numbers(n);  // row-major cells are the board's cell ids on a full grid
  for (int& v : givens)
    if (v > n * n - hidden) v = 0;
  return Puzzle{board, givens, {}};
}

TEST(LargeBoard, SnakeWithOpenCornerHasTwoSolutionsAtSmallSize) {
  EXPECT_EQ(count_solutions(snake_puzzle(8, 8), 2).verdict, Verdict::multiple);
  EXPECT_EQ(count_solutions(snake_puzzle(8, 2), 2).verdict, Verdict::multiple);
  EXPECT_EQ(count_solutions(snake_puzzle(8, 1), 2).verdict, Verdict::unique);
}

TEST(LargeBoard, SnakeWithOpenCornerHasTwoSolutionsAt256) {
  const SolveReport r = count_solutions(snake_puzzle(256, 8), 2);
  ASSERT_EQ(r.verdict, Verdict::multiple);
  ASSERT_TRUE(r.solution && r.second);
  const Puzzle p = snake_puzzle(256, 8);
  EXPECT_TRUE(is_valid_solution(p, *r.solution));
  EXPECT_TRUE(is_valid_solution(p, *r.second));
  EXPECT_NE(*r.solution, *r.second);
}

}  // namespace
}  // namespace hidato
