#pragma once
// Search: the native engine (depth-first branching over the domains, restarts, root probing) and
// the schedule that decides a count with it and, where it stalls, with CaDiCaL (schedule.cpp).
#include <memory>
#include <vector>

#include "core/rng.hpp"
#include "solver/domains.hpp"
#include "solver/layout.hpp"
#include "solver/matching.hpp"
#include "solver/regions.hpp"
#include "solver/solver.hpp"
#include "solver/watch.hpp"

namespace hidato::solver_detail {

class SatCount;
class LocalSearch;

class Search {
 public:
  // The primary worker runs the schedule of schedule.cpp; a secondary one (solver.cpp's race)
  // skips the first plain run and root probing, searches with other seeds and leans on CaDiCaL
  // (tuned for models), or on sparse boards runs native runs alone (schedule.cpp, native_width).
  // `rival` stops the worker when raised.
  enum class Role { primary, secondary };
  Search(const Puzzle& puzzle, int limit, const SolveLimits& limits, Role role = Role::primary,
         const std::atomic<bool>* rival = nullptr);
  ~Search();
  SolveReport run();
  // Root propagation only (one full settle): the candidate positions of every value (index 1..N).
  // False when the root has no solution, or when the watch expired (then stopped() is true).
  bool root(std::vector<std::vector<int>>& candidates);
  // The same without the candidates: whether the root holds (false when it fails or was stopped).
  bool root_holds();
  bool stopped() const { return watch_.stopped(); }
  void exclude(std::span<const Exclusion> excluded) { excluded_.assign(excluded.begin(), excluded.end()); }

 private:
  // A branching choice: every candidate cell of a value, or every candidate value of a cell.
  struct Branch {
    int value = 0;  // > 0: branch on the cells of this value
    int pos = -1;   // >= 0: branch on the values of this cell
    bool operator==(const Branch&) const = default;
  };
  // search.cpp: propagation and one run of the depth-first search.
  bool load();
  bool settle(bool force_regin = false);
  long total_candidates() const;
  void explore(int depth, const Branch& entered);  // entered: the branch that led here ({}: none)
  Branch choose_branch();
  void note_conflict(const Branch& b);
  int cell_bias() const;
  bool anywhere() const;
  int choose_value();
  int most_constrained_cell() const;
  void bump(int v);
  void bump_segment(int v);
  void save_best_phase();
  void push_candidates(int v);
  void push_values(int pos);
  void record_solution();
  bool add_solution(Values sol);  // false when found_ already holds it
  // search.cpp: independent parts of the board (split off, completed one at a time).
  struct Part {
    std::vector<Word> cells;  // its free cells when it split off
    int birth = 0;            // depth of the node where it split off
  };
  struct Parts {              // what a node changes, and gives back when it returns
    std::vector<Part> agenda;
    std::vector<Word> focus;
  };
  struct PartsGuard {         // puts the saved parts back when a node returns
    Search& search;
    std::unique_ptr<Parts>& saved;
    ~PartsGuard();
  };
  void start_parts();
  void split(int depth, std::unique_ptr<Parts>& saved);
  void complete_focus(int depth, std::unique_ptr<Parts>& saved);
  std::uint64_t& completions(std::size_t waiting);  // completed_at_[waiting], grown on demand
  void find_focus_values();
  bool in_focus(int pos) const { return focus_.empty() || test_bit(focus_.data(), pos); }
  bool decided() const { return static_cast<int>(found_.size()) >= limit_; }

  // schedule.cpp: restarts, root probing, the SAT phase and the order they run in.
  enum class Outcome { decided, budget, stopped };
  Outcome run_native(std::uint64_t nodes);
  Outcome shave();
  bool probe_value(int v, std::vector<int>& cells);
  Outcome run_sat(std::uint64_t conflicts);
  Outcome run_local(std::uint64_t nodes);
  bool record_local();
  bool probing_pays() const;
  bool likely_unique() const;
  void note_stall(int turn);
  bool local_pays() const;
  std::uint64_t native_nodes(std::uint64_t slice, bool proof) const;
  std::uint64_t unfixed_values() const;  // values with more than one candidate cell
  bool wide_domains() const;
  void take_turns(std::uint64_t max_pairs);
  void run_automatic();
  void run_hybrid();

  const Puzzle& puzzle_;
  int limit_;
  Role role_;
  Layout layout_;
  Domains domains_;
  Regions regions_;
  Matching matching_;
  Watch watch_;
  std::vector<Values> found_;
  std::vector<int> cands_;  // candidates (cells or values) of every open frame, stacked
  std::vector<int> keys_;
  std::uint64_t backtracks_ = 0;
  bool stop_ = false;
  int decision_ = 0;                // value of the latest branching decision
  bool failed_ = false;             // the latest node failed in its own propagation
  std::vector<Branch> last_conflict_;  // branched on first while open, the latest last (note_conflict)
  std::vector<double> weight_;      // conflict weight per value
  std::vector<int> phase_;          // per value: its cell in the deepest state reached (-1: none)
  int best_fixed_ = 0;              // fixed values in that state (save_best_phase)
  double bump_ = 1.0;
  bool shuffled_ = false;           // runs after the first: noisy value choice, random ties
  std::uint64_t run_limit_ = 0;     // node count at which the current run restarts
  std::uint64_t runs_ = 0;          // restart runs started so far (Luby index)
  std::uint64_t run_unit_ = 0;      // nodes of a Luby unit
  bool exhausted_ = false;          // a run ended below its limit: found_ holds every solution
  std::uint64_t probes_ = 0;        // root probes (they count as nodes)
  std::uint64_t shaved_ = 0;        // pairs root probing removed
  std::uint64_t conflicts_ = 0;     // SAT conflicts
  std::unique_ptr<SatCount> sat_;
  std::unique_ptr<LocalSearch> local_;
  bool stalled_ = false;            // the first worker's turns found no solution at all (stall_turns)
  bool sat_none_ = false;           // CaDiCaL proved that found_ holds every solution
  Rng rng_;
  std::vector<Exclusion> excluded_;  // root constraints (value not at cell)
  // Independent parts: free cells that share no candidate value with the other free cells can be
  // completed on their own. The search completes the focus, then the parts waiting on the agenda
  // one by one; a part that cannot be completed fails the node where it split off, whatever was
  // decided since elsewhere (unwind_), instead of being retried under every such decision.
  std::vector<Part> agenda_;        // parts waiting, the next one last
  std::vector<Word> focus_;         // the part being completed now (empty: the whole board)
  std::vector<std::uint64_t> completed_at_;  // completions with the agenda at each size
  int unwind_ = -1;                 // >= 0: the node at this depth has no solution: unwind to it
  std::vector<char> in_focus_;      // per value: unfixed, its cells in the focus
  std::vector<char> coupling_;      // per value: its cells lie in two components or more
  std::vector<int> uf_, group_size_, groups_, group_index_;  // split's union-find over components
  std::uint64_t splits_ = 0, dead_parts_ = 0;
  std::uint64_t chased_ = 0;        // nodes that branched on a last conflict
  std::uint64_t phased_ = 0;        // branches that tried the best state's choice first
};

}  // namespace hidato::solver_detail
