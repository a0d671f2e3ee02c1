// count_solutions: builds a Search over the puzzle and runs it. The algorithm lives in
// layout (bit geometry), domains (candidate sets + propagation), regions (free-cell reasoning)
// and search (branching and counting).
#include "solver/solver.hpp"

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

SolveReport count_solutions(const Puzzle& puzzle, int limit, const SolveLimits& limits,
                            std::span<const Exclusion> excluded) {
  solver_detail::Search search(puzzle, limit, limits);
  search.exclude(excluded);
  return search.run();
}

}  // namespace hidato
