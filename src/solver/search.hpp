#pragma once
// Search: depth-first branching over the domains, counting solutions up to a limit.
#include <vector>

#include "core/rng.hpp"
#include "solver/domains.hpp"
#include "solver/layout.hpp"
#include "solver/matching.hpp"
#include "solver/regions.hpp"
#include "solver/solver.hpp"
#include "solver/watch.hpp"

namespace hidato::solver_detail {

class Search {
 public:
  Search(const Puzzle& puzzle, int limit, const SolveLimits& limits);
  SolveReport run();
  // Root propagation only (one full settle): the candidate positions of every value (index 1..N).
  // False when the root has no solution, or when the watch expired (then stopped() is true).
  bool root(std::vector<std::vector<int>>& candidates);
  bool stopped() const { return watch_.stopped(); }
  void exclude(std::span<const Exclusion> excluded) { excluded_.assign(excluded.begin(), excluded.end()); }

 private:
  bool settle(bool force_regin = false);
  void decide_with_sat();
  long total_candidates() const;
  void explore();
  void run_with_restarts();
  int choose_value();
  void bump(int v);
  void bump_segment(int v);
  void push_candidates(int v);
  void record_solution();

  const Puzzle& puzzle_;
  int limit_;
  Layout layout_;
  Domains domains_;
  Regions regions_;
  Matching matching_;
  Watch watch_;
  std::vector<Values> found_;
  std::vector<int> cands_;  // candidate cells of every open frame, stacked
  std::vector<int> keys_;
  std::uint64_t backtracks_ = 0;
  bool stop_ = false;
  int decision_ = 0;                // value of the latest branching decision
  bool failed_ = false;             // the latest node failed in its own propagation
  std::vector<double> weight_;      // conflict weight per value
  double bump_ = 1.0;
  bool shuffled_ = false;           // later runs: random order among equally good candidates
  std::uint64_t run_limit_ = 0;     // node count at which the current run restarts
  std::uint64_t phase_limit_ = 0;   // node count at which the native phase ends (auto: hand over)
  bool handover_ = false;           // the native phase ended undecided at phase_limit_
  std::uint64_t conflicts_ = 0;     // SAT conflicts of the hybrid phase
  Rng rng_;
  std::vector<Exclusion> excluded_;  // root constraints (value not at cell)
};

}  // namespace hidato::solver_detail
