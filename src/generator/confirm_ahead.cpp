#include "generator/confirm_ahead.hpp"

#include <chrono>
#include <thread>

namespace hidato {

Confirmation confirm_unique(const Puzzle& puzzle, const Values& solution, SolveLimits limits) {
  limits.expect_unique = true;
  const SolveReport r = count_solutions(puzzle, 2, limits);
  return Confirmation{r.verdict == Verdict::unique && r.solution && *r.solution == solution &&
                          is_valid_solution(puzzle, solution),
                      r.stats.nodes};
}

// One confirmation: whoever claims it first (a worker, or result() on the caller's thread) runs
// it; `dropped` cancels it (its own flag: the solver polls it).
struct ConfirmAhead::Slot {
  Puzzle clues;
  std::atomic<bool> claimed{false};
  std::atomic<bool> dropped{false};
  std::atomic<bool> done{false};
  Confirmation found;
  bool claim() {
    bool expected = false;
    return claimed.compare_exchange_strong(expected, true);
  }
};

ConfirmAhead::ConfirmAhead(Values solution, SolveLimits limits)
    : solution_(std::move(solution)), limits_(std::move(limits)) {}

ConfirmAhead::~ConfirmAhead() {
  drop_all_but({});
  try {
    tasks_.wait();  // the tasks left stop within milliseconds, or never start
  } catch (...) {
    // A confirmation nobody asks for any more (result() rethrows what the one it uses threw).
  }
}

void ConfirmAhead::drop_all_but(const Values& givens) {
  std::erase_if(slots_, [&](const std::shared_ptr<Slot>& s) {
    if (s->clues.givens == givens) return false;
    s->dropped.store(true);
    return true;
  });
}

void ConfirmAhead::want(const Puzzle& clues) {
  drop_all_but(clues.givens);
  if (!slots_.empty()) return;
  auto slot = std::make_shared<Slot>();
  slot->clues = clues;
  slots_.push_back(slot);
  tasks_.run([slot, solution = solution_, limits = limits_] {
    if (slot->dropped.load() || !slot->claim()) return;
    SolveLimits own = limits;
    own.cancel = &slot->dropped;
    slot->found = confirm_unique(slot->clues, solution, own);
    slot->done.store(true);
  });
}

// Plan: a confirmation nobody has claimed is claimed here and made on this thread; one a worker
// runs is waited for, polling the caller's cancel flag and deadline (which cancel it too). A
// dropped one (cancelled while it ran) proves nothing and is made again here.
Confirmation ConfirmAhead::result(const Puzzle& clues) {
  drop_all_but(clues.givens);
  std::shared_ptr<Slot> slot = slots_.empty() ? nullptr : slots_.front();
  slots_.clear();
  if (slot && !slot->claim()) {
    while (!slot->done.load() && !slot->dropped.load()) {
      if (stop_now(limits_) != StopReason::none) slot->dropped.store(true);
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    tasks_.wait();
    if (slot->done.load() && !slot->dropped.load()) return slot->found;
  }
  return confirm_unique(clues, solution_, limits_);
}

}  // namespace hidato
