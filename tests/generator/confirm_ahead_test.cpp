#include "generator/confirm_ahead.hpp"

#include <gtest/gtest.h>
#include <tbb/task_arena.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "generator/generator.hpp"

namespace hidato {
namespace {

PuzzleJob job(Topology t, std::uint64_t seed, Difficulty d, int side) {
  PuzzleJob j;
  j.board.topology = t;
  j.board.rows = side;
  j.board.cols = side;
  j.target = d;
  j.seed = seed;
  return j;
}

// A unique puzzle (made and proved by the generator) and the same board with 1 and N only, which
// has other solutions.
struct Pair {
  Puzzle unique;
  Puzzle open;
  Values solution;
};

Pair pair_of(Topology t, std::uint64_t seed, Difficulty d, int side) {
  const auto r = make_puzzle(job(t, seed, d, side));
  EXPECT_TRUE(r.ok()) << r.failure().reason;
  Pair p{r.value().puzzle, r.value().puzzle, r.value().solution};
  for (std::size_t c = 0; c < p.solution.size(); ++c)
    if (p.solution[c] != 1 && p.solution[c] != static_cast<int>(p.solution.size())) p.open.givens[c] = 0;
  return p;
}

SolveLimits hybrid() {
  SolveLimits l;
  l.engine = Engine::hybrid;
  return l;
}

TEST(ConfirmAhead, ConfirmUniqueTellsUniqueFromNot) {
  const Pair p = pair_of(Topology::square8, 3, Difficulty::medium, 7);
  EXPECT_TRUE(confirm_unique(p.unique, p.solution, hybrid()).unique);
  EXPECT_FALSE(confirm_unique(p.open, p.solution, hybrid()).unique);
  Values other = p.solution;
  std::swap(other.front(), other.back());
  EXPECT_FALSE(confirm_unique(p.unique, other, hybrid()).unique);  // unique, but not with that solution
}

// What result() says is always the confirmation of the clue set it is asked about, whichever
// one was wanted before, on two cores or on the caller's thread alone.
TEST(ConfirmAhead, ResultIsTheConfirmationOfTheCluesAsked) {
  const Pair p = pair_of(Topology::square4, 5, Difficulty::hard, 8);
  for (int cores : {1, 2}) {
    tbb::task_arena arena(cores);
    arena.execute([&] {
      tbb::this_task_arena::isolate([&] {
        ConfirmAhead ahead(p.solution, hybrid());
        ahead.want(p.unique);
        std::this_thread::sleep_for(std::chrono::milliseconds(100));  // a free core has made it by now
        EXPECT_FALSE(ahead.result(p.open).unique) << cores;
        ahead.want(p.open);
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        const Confirmation c = ahead.result(p.unique);
        EXPECT_TRUE(c.unique) << cores;
        ahead.want(p.unique);
        EXPECT_TRUE(ahead.result(p.unique).unique) << cores;
        EXPECT_GT(c.nodes, 0u);
      });
    });
  }
}

// A confirmation cancelled while it ran (the strip wanted another clue set) proves nothing: asked
// for later, it is made again. Square4 20x20 extreme proofs take about 0.1 s, so each want below
// most likely cancels one that a worker is running.
TEST(ConfirmAhead, ACancelledConfirmationIsMadeAgain) {
  const auto r = make_puzzle(job(Topology::square4, 1, Difficulty::extreme, 20));
  ASSERT_TRUE(r.ok()) << r.failure().reason;
  const Puzzle& hard = r.value().puzzle;
  Puzzle other = hard;
  for (std::size_t c = 0; c < other.givens.size(); ++c)
    if (other.givens[c] != 0) {
      other.givens[c] = 0;  // minimal: without any given it has other solutions
      break;
    }
  tbb::this_task_arena::isolate([&] {
    ConfirmAhead ahead(r.value().solution, hybrid());
    for (int round = 0; round < 3; ++round) {
      ahead.want(hard);
      ahead.want(other);
    }
    EXPECT_TRUE(ahead.result(hard).unique);
    EXPECT_FALSE(ahead.result(other).unique);
  });
}

TEST(ConfirmAhead, TheCallersCancelFlagStopsIt) {
  const auto r = make_puzzle(job(Topology::square4, 1, Difficulty::extreme, 20));
  ASSERT_TRUE(r.ok()) << r.failure().reason;
  std::atomic<bool> cancel{true};
  SolveLimits l = hybrid();
  l.cancel = &cancel;
  tbb::this_task_arena::isolate([&] {
    ConfirmAhead ahead(r.value().solution, l);
    ahead.want(r.value().puzzle);
    EXPECT_FALSE(ahead.result(r.value().puzzle).unique);
  });
}

}  // namespace
}  // namespace hidato
