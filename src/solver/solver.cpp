// count_solutions: builds a Search over the puzzle and runs it. The algorithm lives in
// layout (bit geometry), domains (candidate sets + propagation), regions (free-cell reasoning)
// and search (branching and counting).
#include "solver/solver.hpp"

#include <thread>

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

SolveReport run_one(const Puzzle& puzzle, int limit, const SolveLimits& limits, std::span<const Exclusion> excluded,
                    Search::Role role = Search::Role::primary, const std::atomic<bool>* rival = nullptr) {
  Search search(puzzle, limit, limits, role, rival);
  search.exclude(excluded);
  return search.run();
}

// Two workers on one count (SolveLimits::threads): the first to decide raises the flag that
// stops the other. Both verdicts are exact, so whichever decided is the answer; its counters are
// reported, with the wall time of the whole race.
SolveReport race(const Puzzle& puzzle, int limit, const SolveLimits& limits, std::span<const Exclusion> excluded) {
  const auto start = Clock::now();
  std::atomic<bool> decided{false};
  SolveReport second;
  std::thread helper([&] {
    second = run_one(puzzle, limit, limits, excluded, Search::Role::secondary, &decided);
    if (second.verdict != Verdict::gave_up) decided = true;
  });
  SolveReport first = run_one(puzzle, limit, limits, excluded, Search::Role::primary, &decided);
  if (first.verdict != Verdict::gave_up) decided = true;
  helper.join();
  SolveReport out = first.verdict != Verdict::gave_up || second.verdict == Verdict::gave_up ? std::move(first)
                                                                                             : std::move(second);
  out.stats.ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  return out;
}

}  // namespace

SolveReport count_solutions(const Puzzle& puzzle, int limit, const SolveLimits& limits,
                            std::span<const Exclusion> excluded) {
  if (limits.threads >= 2 && limits.engine == Engine::automatic) return race(puzzle, limit, limits, excluded);
  return run_one(puzzle, limit, limits, excluded);
}

}  // namespace hidato
