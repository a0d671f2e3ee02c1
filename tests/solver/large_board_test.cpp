// Verdicts on boards past 2^32 (value, cell) pairs: a 256x256 snake whose last eight cells form a
// 2x4 block has exactly two solutions (the last two values swap). Regression test for the undo
// trail that stored `value * positions + pos` in 32 bits and answered `unique` here.
#include <gtest/gtest.h>

#include <vector>

#include <pthread.h>

#include "core/rng.hpp"
#include "generator/fill.hpp"
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

// A 65x65 board (4,225 cells) with half of a random path given, whose first solution lies
// hundreds of decisions deep, solved from a thread with 64 KB of stack. The search recurses once
// per decision; from 4,096 cells on it runs on a thread of its own with a stack sized for the
// board, so the caller's stack does not matter (searched on the caller's 64 KB, it overflowed).
TEST(LargeBoard, DeepSearchDoesNotDependOnTheCallersStack) {
  Rng rng(77);
  const int side = 65;
  const Board board(Topology::square8, side, side, std::vector<bool>(static_cast<std::size_t>(side * side), true));
  CellOrder order = *find_hamiltonian_path(board, rng, 10'000'000);
  backbite(board, order, rng, side * side * 20);
  const Values path = solution_of(board, order);
  Puzzle p{board, Values(path.size(), 0), {}};
  for (std::size_t c = 0; c < path.size(); ++c)
    if (rng.chance(0.5) || path[c] == 1 || path[c] == static_cast<int>(path.size())) p.givens[c] = path[c];
  struct Call {
    const Puzzle* puzzle;
    SolveReport report;
  } call{&p, {}};
  pthread_attr_t attr;
  ASSERT_EQ(pthread_attr_init(&attr), 0);
  ASSERT_EQ(pthread_attr_setstacksize(&attr, 64 * 1024), 0);
  pthread_t thread;
  ASSERT_EQ(pthread_create(&thread, &attr, [](void* c) -> void* {
              auto* mine = static_cast<Call*>(c);
              mine->report = count_solutions(*mine->puzzle, 1);
              return nullptr;
            }, &call), 0);
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
  ASSERT_EQ(to_string(call.report.verdict), "unique");
  EXPECT_TRUE(is_valid_solution(p, *call.report.solution));
  EXPECT_GT(call.report.stats.nodes, 400U);  // deep enough to need more than 64 KB
}

}  // namespace
}  // namespace hidato
