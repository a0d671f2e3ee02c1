#pragma once
// count_solutions(puzzle, limit, limits) -> SolveReport
//
// Exact and complete: the verdict is never wrong. `unique` carries the solution, `multiple` two
// different solutions as the witness, `none` neither, and `gave_up` means the node budget was
// spent, the deadline passed or the cancel flag was raised before the search finished.
// The solver prints nothing; its counters come back in SolveStats.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>

#include "core/puzzle.hpp"

namespace hidato {

enum class Verdict { unique, multiple, none, gave_up };
std::string_view to_string(Verdict v);

using Clock = std::chrono::steady_clock;

// How a count is decided (every engine gives the same exact verdicts):
//   native     the propagation + search engine alone;
//   hybrid     root propagation, then CaDiCaL on the residual pairs (sat_count.hpp), unless
//              they are too many to encode (an open board far from its givens): native then;
//   automatic  native up to a small node budget (easy puzzles stay at microseconds), then hybrid,
//              with local search for the solutions of sparse boards (schedule.cpp).
enum class Engine { automatic, native, hybrid };
std::string_view to_string(Engine e);

struct SolveLimits {
  // Deterministic budget: search nodes, plus SAT conflicts once the hybrid engine runs.
  std::uint64_t max_nodes = std::numeric_limits<std::uint64_t>::max();
  std::optional<Clock::time_point> deadline;                           // wall-clock safety net
  const std::atomic<bool>* cancel = nullptr;                           // checked cooperatively
  Engine engine = Engine::automatic;
  // A hint that never changes a verdict: the caller expects exactly one solution (a generator's
  // proof, a re-check of a printed puzzle), so the hybrid engine's CaDiCaL is tuned for the proof
  // that no second solution exists rather than for finding solutions (3-5x faster on hard hex6
  // proofs, 3-5x slower on sparse boards with many solutions: README, solver section).
  bool expect_unique = false;
  // Workers (automatic engine only). With 2, a second worker with another strategy (other seeds,
  // CaDiCaL's other tuning) races the first and the first to decide stops the other: heavy-tailed
  // searches end at the faster of two tries. The verdict stays exact, but which two solutions a
  // `multiple` shows, and under a node budget whether it gives up, may differ from run to run;
  // the generator and the book pipeline use one worker (they run puzzles in parallel instead).
  int threads = 1;
};

enum class StopReason { none, budget, deadline, cancelled };
std::string_view to_string(StopReason r);
// What the cancel flag and the deadline of `limits` say now: cancelled, deadline, or none (the
// node budget is the counting caller's business). Only reads; callable from any thread.
StopReason stop_now(const SolveLimits& limits);

struct SolveStats {
  std::uint64_t nodes = 0;        // decisions, root probes, SAT conflicts, local search steps (budgeted)
  std::uint64_t probes = 0;       // root probes alone (automatic engine, schedule.cpp)
  std::uint64_t conflicts = 0;    // SAT conflicts alone (0 when the native engine decided)
  std::uint64_t propagations = 0; // fixpoint rounds
  std::uint64_t backtracks = 0;
  std::uint64_t splits = 0;       // nodes whose free cells split into independent parts (native)
  std::uint64_t dead_parts = 0;   // parts that could not be completed (each failed its split node)
  std::uint64_t chased = 0;       // nodes that branched on a recent failure first (last conflicts)
  std::uint64_t phased = 0;       // branches that tried the deepest state's choice first (best phase)
  std::uint64_t local_steps = 0;  // local search repair steps (automatic engine; 0.002 x N^1.5 to a node)
  double ms = 0;
  StopReason stop = StopReason::none;
};

struct SolveReport {
  Verdict verdict = Verdict::gave_up;
  std::optional<Values> solution;  // unique: the solution; multiple: the first witness
  std::optional<Values> second;    // multiple: a second, different solution
  SolveStats stats;
};

// A root constraint: `value` may not sit at `cell`. The generator's removal test uses it: a unique
// puzzle stays unique without its given v at cell c exactly when no solution puts another value
// at c, so "is there a solution with c != v?" (usually a fast refutation) replaces counting to 2.
struct Exclusion {
  CellId cell = no_cell;
  int value = 0;
};

// limit 1: stop at the first solution (verdict `unique` then only means "found one"; use
// limit 2 to prove uniqueness). limit >= 2: stop at the second solution; where solutions come in
// pairs (solutions_come_in_pairs: no givens, or only the middle value) and nothing is excluded,
// the second witness is the first one reversed, and no proof is attempted.
SolveReport count_solutions(const Puzzle& puzzle, int limit = 2, const SolveLimits& limits = {},
                            std::span<const Exclusion> excluded = {});

}  // namespace hidato
