// count_solutions: builds a Search over the puzzle and runs it. The algorithm lives in
// layout (bit geometry), domains (candidate sets + propagation), regions (free-cell reasoning)
// and search (branching and counting).
#include "solver/solver.hpp"

#include <cstddef>
#include <exception>
#include <stdexcept>
#include <system_error>
#include <thread>

#include <pthread.h>

#include "solver/search.hpp"

namespace hidato {

std::string_view to_string(Verdict v) {
  switch (v) {
    case Verdict::unique: return "unique";
    case Verdict::multiple: return "multiple";
    case Verdict::none: return "none";
    case Verdict::gave_up: return "gave_up";
  }
  return "gave_up";
}

StopReason stop_now(const SolveLimits& limits) {
  if (limits.cancel && limits.cancel->load()) return StopReason::cancelled;
  if (limits.deadline && Clock::now() >= *limits.deadline) return StopReason::deadline;
  return StopReason::none;
}

std::string_view to_string(StopReason r) {
  switch (r) {
    case StopReason::none: return "none";
    case StopReason::budget: return "budget";
    case StopReason::deadline: return "deadline";
    case StopReason::cancelled: return "cancelled";
  }
  return "none";
}

std::string_view to_string(Engine e) {
  switch (e) {
    case Engine::automatic: return "auto";
    case Engine::native: return "native";
    case Engine::hybrid: return "hybrid";
  }
  return "auto";
}

namespace {

using solver_detail::Search;

// The native search recurses once per decision, about 150 bytes a frame, and a board of 65,536
// cells may go that many decisions deep: more than a thread's usual 8 MB of stack (TBB's workers
// get 4 MB). Boards from own_stack_cells up are searched on a thread of their own whose stack
// fits the deepest search the board allows; smaller ones (at most about 1 MB deep) on the
// caller's.
constexpr int own_stack_cells = 4096;
std::size_t stack_for(int cells) { return (std::size_t{16} << 20) + std::size_t{512} * static_cast<std::size_t>(cells); }

// Runs solve() on a new thread with `bytes` of stack and waits for it; what it throws is rethrown
// here. Where no such thread can be started, on this one.
template <class Solve>
SolveReport on_own_stack(std::size_t bytes, Solve& solve) {
  struct Call {
    Solve* solve;
    SolveReport report;
    std::exception_ptr error;
  } call{&solve, {}, nullptr};
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0) return solve();
  pthread_t thread;
  const bool started =
      pthread_attr_setstacksize(&attr, bytes) == 0 &&
      pthread_create(&thread, &attr, [](void* p) -> void* {
        auto* c = static_cast<Call*>(p);
        try {
          c->report = (*c->solve)();
        } catch (...) {
          c->error = std::current_exception();
        }
        return nullptr;
      }, &call) == 0;
  pthread_attr_destroy(&attr);
  if (!started) return solve();
  pthread_join(thread, nullptr);
  if (call.error) std::rethrow_exception(call.error);
  return std::move(call.report);
}

SolveReport run_one(const Puzzle& puzzle, int limit, const SolveLimits& limits, std::span<const Exclusion> excluded,
                    Search::Role role = Search::Role::primary, const std::atomic<bool>* rival = nullptr) {
  auto solve = [&] {
    Search search(puzzle, limit, limits, role, rival);
    search.exclude(excluded);
    return search.run();
  };
  if (puzzle.board.size() < own_stack_cells) return solve();
  return on_own_stack(stack_for(puzzle.board.size()), solve);
}

// One worker of a race: its report, or what it threw (an internal error, rethrown by race()).
struct Attempt {
  SolveReport report;
  std::exception_ptr error;
};

Attempt attempt(const Puzzle& puzzle, int limit, const SolveLimits& limits, std::span<const Exclusion> excluded,
                Search::Role role, std::atomic<bool>& stop) noexcept {
  Attempt a;
  try {
    a.report = run_one(puzzle, limit, limits, excluded, role, &stop);
  } catch (...) {
    a.error = std::current_exception();
  }
  // A worker that decided (or failed) stops the other; one that gave up lets it go on.
  if (a.error || a.report.verdict != Verdict::gave_up) stop = true;
  return a;
}

// Two workers on one count (SolveLimits::threads): the first to decide raises the flag that
// stops the other. Both verdicts are exact, so whichever decided is the answer; its counters are
// reported, with the wall time of the whole race. An exception in either worker reaches the
// caller once both have stopped; no thread to start means one worker.
SolveReport race(const Puzzle& puzzle, int limit, const SolveLimits& limits, std::span<const Exclusion> excluded) {
  const auto start = Clock::now();
  std::atomic<bool> stop{false};
  Attempt second;
  std::thread helper;
  try {
    helper = std::thread([&] { second = attempt(puzzle, limit, limits, excluded, Search::Role::secondary, stop); });
  } catch (const std::system_error&) {
    return run_one(puzzle, limit, limits, excluded);
  }
  Attempt first = attempt(puzzle, limit, limits, excluded, Search::Role::primary, stop);
  helper.join();
  if (first.error) std::rethrow_exception(first.error);
  if (second.error) std::rethrow_exception(second.error);
  const bool first_wins = first.report.verdict != Verdict::gave_up || second.report.verdict == Verdict::gave_up;
  SolveReport& out = first_wins ? first.report : second.report;
  out.stats.ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  return std::move(out);
}

// A puzzle whose solutions come in pairs (no givens, or only the middle value) and no exclusions
// has no solution or several, so one solution decides it: the reversal of that one is the second
// witness. Probing for a proof of uniqueness there was all waste (`hidato verify` of a manifest
// holding a blank 100x100 board: 139 s, 1.09 GB in an outside audit's run).
SolveReport count_one_and_reverse(const Puzzle& puzzle, const SolveLimits& limits) {
  SolveLimits find = limits;
  find.expect_unique = false;
  SolveReport rep = count_solutions(puzzle, 1, find);
  if (rep.verdict != Verdict::unique) return rep;
  if (!rep.solution) throw std::logic_error("count_solutions: a solution found without its values");
  rep.verdict = Verdict::multiple;
  rep.second = reversed(*rep.solution);
  return rep;
}

}  // namespace

SolveReport count_solutions(const Puzzle& puzzle, int limit, const SolveLimits& limits,
                            std::span<const Exclusion> excluded) {
  if (limit >= 2 && excluded.empty() && solutions_come_in_pairs(puzzle))
    return count_one_and_reverse(puzzle, limits);
  if (limits.threads >= 2 && limits.engine == Engine::automatic) return race(puzzle, limit, limits, excluded);
  return run_one(puzzle, limit, limits, excluded);
}

}  // namespace hidato
