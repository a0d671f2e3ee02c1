#pragma once
// ConfirmAhead: the proof that ends an attempt (a fresh count_solutions must find the finished
// clue set unique, with the attempt's solution: `confirm_unique`) started early, on a second core,
// for the clue set a strip expects to end with, while the strip still runs its removal tests.
//
// An extreme strip ends with a walk of removal tests whose last proofs are its dearest (the clue
// set is nearly minimal), and the clue set after its last removal is the one confirmed: started
// with that test, the confirmation runs beside it and the tests after it (square4 20x20: 0.08-0.7
// s a proof). The caller says which clue set is worth confirming from now on (`want`); any other
// is cancelled. A confirmation is a pure function of its clue set, so one worked out ahead is the
// one `result` would have made: where it ran, or whether it ran at all, never changes an output.
//
// Cores: the confirmations are tasks of the caller's task arena, taken by a worker that is free
// (none under `hidato generate -j 1`, few in a busy book); one nobody took by the time `result`
// asks for it runs on the caller's thread, and the others never run. Both the object's life and
// every call must lie inside one tbb::this_task_arena::isolate region (waiting never runs another
// job's tasks). Not thread-safe: one caller.
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include <tbb/task_group.h>

#include "core/puzzle.hpp"
#include "solver/solver.hpp"

namespace hidato {

struct Confirmation {
  bool unique = false;      // exactly one solution, and it is the expected one
  std::uint64_t nodes = 0;  // what the proof spent
};

// The proof itself: count_solutions(puzzle, 2, limits) (expect_unique) against `solution`.
Confirmation confirm_unique(const Puzzle& puzzle, const Values& solution, SolveLimits limits);

class ConfirmAhead {
 public:
  // `limits`: those of every confirmation (node cap, engine, deadline; the cancel flag is
  // polled by result()'s wait, each task has its own).
  ConfirmAhead(Values solution, SolveLimits limits);
  ~ConfirmAhead();
  ConfirmAhead(const ConfirmAhead&) = delete;
  ConfirmAhead& operator=(const ConfirmAhead&) = delete;

  // From now on `clues` is the clue set worth confirming: the others are cancelled, and its own
  // is started unless it already is.
  void want(const Puzzle& clues);
  // The confirmation of `clues`: the one worked out ahead when there is one, else made now on
  // this thread. The others are cancelled.
  Confirmation result(const Puzzle& clues);

 private:
  struct Slot;
  void drop_all_but(const Values& givens);
  Values solution_;
  SolveLimits limits_;
  std::vector<std::shared_ptr<Slot>> slots_;
  tbb::task_group tasks_;
};

}  // namespace hidato
