#pragma once
// `strip`: remove givens while the puzzle stays acceptable (proved unique by the solver, or
// finished by the grader's deductions at a level), in blocks to save calls.
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <span>
#include <vector>

#include "core/puzzle.hpp"
#include "core/stop_check.hpp"
#include "solver/solver.hpp"

namespace hidato {

// The solver calls of one attempt share this budget; an interrupted call (deadline or cancel)
// sets `interrupted` and every later call is skipped.
struct StripBudget {
  std::uint64_t nodes_left = 0;
  std::uint64_t nodes_used = 0;
  SolveLimits limits;  // deadline and cancel flag; max_nodes is set per call from nodes_left
  StopReason interrupted = StopReason::none;
  int calls = 0;
  std::uint64_t per_call = std::numeric_limits<std::uint64_t>::max();  // node cap of one call
  int undecided = 0;   // calls that hit per_call or nodes_left (the given was kept)
  // Told nodes_used after every charge (LaneRace's pace: a race of attempts by work); may block.
  using Pace = std::function<void(std::uint64_t)>;
  const Pace* pace = nullptr;
};

// True (and `interrupted` set) once the deadline has passed or the cancel flag is raised.
bool interrupted(StripBudget& budget);

// Charges one solver call to the budget: its nodes (at most what is left) and a deadline or
// cancel it stopped on. Returns the nodes charged.
std::uint64_t charge(StripBudget& budget, const SolveStats& stats);

// True when the solver proves `puzzle` unique within the budget (gave_up counts as false).
// With `removed` (a given v at cell c just taken out of a puzzle proved unique with it), the
// question becomes "is there a solution with something other than v at c?", which the solver
// usually refutes far faster than it counts to two: any second solution must differ at c.
bool proved_unique(const Puzzle& puzzle, StripBudget& budget, std::optional<Exclusion> removed = {});

// Whether a puzzle (with fewer givens) is still acceptable: proved unique, or graded at a level.
using Acceptable = std::function<bool(const Puzzle&)>;

// `accept` for a second core: thread-safe, stopped by its own StopCheck (a stopped test's answer
// is thrown away), and answering as `accept` does (strip_givens' speculation).
using SharedAcceptable = std::function<bool(const Puzzle&, const StopCheck&)>;

// The window of near_other_solution: its size in cells and the node cap of each window's
// search (see strip.cpp for the default's measurements); `wide` is stage B's (generator.cpp,
// strip_exact).
struct NearWindow {
  std::size_t cells = 60;
  std::uint64_t nodes = 2'000;
  static NearWindow wide() { return NearWindow{120, 20'000}; }
};

// Whether `puzzle` has a solution other than `solution` that differs from it only near one of
// the blank cells `around`: for each, a small native search over a window of about
// `window.cells` cells around it (whole rings of neighbours: with the default 60, 4 steps on
// square8 and hex6, 5 on square4), every other cell fixed to `solution` and the cell's own value
// excluded. True is exact (the solver checked that solution); false proves nothing. A removal
// that leaves a second solution often leaves one this close (square8 20x20, one extreme strip's
// phase 1: 172 of the 220 deduction tests that failed had one within 2 steps), and the search
// costs a fraction of a failing grade.
bool near_other_solution(const Puzzle& puzzle, const Values& solution, std::span<const CellId> around,
                         NearWindow window = {});

// Plan (group testing): walk `removal_order`, trying to drop a whole block of givens at once; a
// block whose removal stays acceptable is dropped and the next block doubles, one that does not
// is halved and retried, and a single given that cannot go is kept for good. Every given is
// therefore either dropped or kept after a failed single removal from a superset of the final
// set; with `accept` = proved_unique that makes the result minimal (fewer givens can only mean
// more solutions) unless the budget ran out. Givens not in `removal_order` are never touched,
// and removal stops once only `min_keep` givens are left. `keep` starts acceptable.
// `unique_first`: `accept` implies uniqueness, so a block of at most four givens whose removal
// leaves a near_other_solution is refused without asking it (same result, fewer calls).
// `stop` is looked at before every block; once it says true the walk ends (the caller discards
// what it returns). `speculate` (optional, `accept` for another core): each test's refusal is
// bet on, and the test after it runs meanwhile on a second core of the task arena when one is
// free; the walk, and what it returns, are the same with or without it, and on any number of
// cores.
std::vector<bool> strip_givens(Puzzle puzzle, const Values& solution, std::vector<bool> keep,
                               const std::vector<CellId>& removal_order, const Acceptable& accept,
                               int min_keep = 0, bool unique_first = false, const StopCheck& stop = {},
                               const SharedAcceptable& speculate = {});

}  // namespace hidato
