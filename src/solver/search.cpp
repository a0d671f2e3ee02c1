#include "solver/search.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

#include "solver/sat_count.hpp"

namespace hidato::solver_detail {

namespace {
// Automatic engine: the native search's share before CaDiCaL takes over. Published puzzles need
// a few dozen nodes; puzzles the native search decides slowly keep failing for millions.
constexpr std::uint64_t handover_nodes = 3000;
}  // namespace

Search::Search(const Puzzle& puzzle, int limit, const SolveLimits& limits)
    : puzzle_(puzzle),
      limit_(std::clamp(limit, 1, 2)),
      layout_(puzzle.board),
      domains_(layout_),
      regions_(layout_),
      matching_(layout_),
      watch_(limits),
      rng_(0x5eed) {}

// Propagation, Hall's condition (matching + Régin pruning) and region reasoning, alternated until
// none of them removes anything. False on conflict or when the watch expired.
bool Search::settle(bool force_regin) {
  bool regin_done = false;
  for (;;) {
    if (!domains_.propagate(watch_)) return false;
    if (!matching_.repair(domains_)) return false;
    if (!regions_.check(domains_)) return false;
    if (!domains_.queue_empty()) continue;
    // Régin's pass costs one sweep over every (value, cell) pair: once per node, at the end.
    if (regin_done || (!force_regin && total_candidates() > 24L * domains_.n())) return true;
    regin_done = true;
    matching_.prune(domains_);
    if (domains_.queue_empty() && !domains_.conflict()) return true;
  }
}

long Search::total_candidates() const {
  long total = 0;
  for (int v = 1; v <= domains_.n(); ++v) total += domains_.count(v);
  return total;
}

// The ladder, as in CaDiCaL: budget check, propagate, backtrack on conflict (bumping the conflict
// weight of the decision that failed), record a solution and stop at the limit, otherwise branch
// on a value (choose_value) and try each of its cells in turn (cells with fewer open neighbours
// first: paths hug walls and corners; then cells with fewer candidate values).
void Search::explore() {
  if (!settle()) {
    if (watch_.stopped()) stop_ = true;
    ++backtracks_;
    failed_ = true;
    if (decision_ > 0) {  // blame the failed decision and its neighbours along the path
      bump(decision_);
      if (decision_ > 1) bump(decision_ - 1);
      if (decision_ < domains_.n()) bump(decision_ + 1);
    }
    return;
  }
  const int v = choose_value();
  if (v == 0) {
    record_solution();
    if (static_cast<int>(found_.size()) >= limit_) stop_ = true;
    return;
  }
  const std::size_t base = cands_.size();
  push_candidates(v);
  const std::size_t end = cands_.size();
  for (std::size_t i = base; i < end && !stop_; ++i) {
    if (watch_.node_expired() || watch_.nodes() >= run_limit_) {
      stop_ = true;
      break;
    }
    const std::size_t mark = domains_.mark();
    domains_.assign(v, cands_[i]);
    decision_ = v;
    failed_ = false;
    explore();
    domains_.undo_to(mark);
    if (failed_) bump_segment(v);
    failed_ = false;
  }
  cands_.resize(base);
}

// Path extension first: among the values next to a fixed value (the open ends of the partial
// paths), the one with the fewest candidate cells relative to its conflict weight; if no value is
// next to a fixed one, the best value overall.
int Search::choose_value() {
  int best = 0, any = 0;
  double best_key = 0, any_key = 0;
  const int n = domains_.n();
  for (int v = 1; v <= n; ++v) {
    const int c = domains_.count(v);
    if (c <= 1) continue;
    const double key = c / weight_[static_cast<std::size_t>(v)];
    if (any == 0 || key < any_key) {
      any = v;
      any_key = key;
    }
    const bool next_to_fixed = (v > 1 && domains_.is_fixed(v - 1)) || (v < n && domains_.is_fixed(v + 1));
    if (next_to_fixed && (best == 0 || key < best_key)) {
      best = v;
      best_key = key;
    }
  }
  return best != 0 ? best : any;
}

// Conflict weighting (dom/wdeg, VSIDS-like): values whose choice keeps failing are branched on
// earlier, so the search settles the hard part of the board before the easy parts.
void Search::bump(int v) {
  weight_[static_cast<std::size_t>(v)] += bump_;
  bump_ *= 1.02;
  if (bump_ > 1e100) {
    for (double& w : weight_) w *= 1e-100;
    bump_ *= 1e-100;
  }
}

// A decision on v whose node failed outright blames the whole segment around v (the run of
// unfixed values between two fixed ones, v excluded): the segment, not only v, could not be
// routed, and branching on its values early after a restart settles it before the rest.
void Search::bump_segment(int v) {
  for (int u = v - 1; u >= 1 && domains_.count(u) > 1; --u) bump(u);
  for (int u = v + 1; u <= domains_.n() && domains_.count(u) > 1; ++u) bump(u);
}

void Search::push_candidates(int v) {
  const std::size_t base = cands_.size();
  keys_.clear();
  for_each_bit(domains_.cells_of(v), domains_.words(), [&](int p) {
    int open = 0;
    for (int q : layout_.neighbours(p)) open += domains_.values_at(q) > 1 ? 1 : 0;
    cands_.push_back(p);
    // Ties between equally walled-in cells: the cell fewer values can still reach first (a cell
    // only this segment can cover is taken while it still can be).
    const int key = open * 64 + std::min(domains_.values_at(p), 63);
    keys_.push_back(shuffled_ ? key * 64 + rng_.below(64) : key);
  });
  std::vector<int> order(keys_.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return keys_[a] < keys_[b]; });
  std::vector<int> sorted(order.size());
  for (std::size_t i = 0; i < order.size(); ++i) sorted[i] = cands_[base + static_cast<std::size_t>(order[i])];
  std::copy(sorted.begin(), sorted.end(), cands_.begin() + static_cast<std::ptrdiff_t>(base));
}


// Solutions found by earlier runs may be found again after a restart: only new ones count.
void Search::record_solution() {
  Values sol(static_cast<std::size_t>(domains_.n()), 0);
  for (int v = 1; v <= domains_.n(); ++v)
    sol[static_cast<std::size_t>(layout_.cell_of(domains_.pos_of_fixed(v)))] = v;
  if (std::find(found_.begin(), found_.end(), sol) == found_.end()) found_.push_back(std::move(sol));
}

// Plan: restarts make the search robust on puzzles with many solutions, where one unlucky early
// choice can hide every solution under a huge subtree. Run k explores with a node limit that
// doubles each run (the first run in the plain order, later ones with shuffled candidate order
// among equally good cells). Any run that ends without hitting its limit was exhaustive, so its
// verdict is exact; distinct solutions collected across runs are real, so two of them prove
// `multiple` whenever they turn up. The doubling bounds the waste to about 2x the final run.
void Search::run_with_restarts() {
  std::uint64_t limit = 2000;
  for (int k = 0;; ++k) {
    stop_ = false;
    shuffled_ = k > 0;
    run_limit_ = std::min(watch_.nodes() + limit, phase_limit_);
    explore();
    const bool hit_limit = stop_ && !watch_.stopped() && static_cast<int>(found_.size()) < limit_;
    if (!hit_limit) return;
    if (watch_.nodes() >= phase_limit_) {
      handover_ = true;
      return;
    }
    limit *= 2;
  }
}

// Hand-over: the domains are back at the root (every search branch was undone). One full settle
// with Régin's filter shrinks them further, then CaDiCaL counts over the surviving pairs, with
// the solutions the native phase found already blocked, under the rest of the node budget.
void Search::decide_with_sat() {
  if (!settle(true)) {  // no solution beyond the ones found, or the watch expired
    if (watch_.stopped()) stop_ = true;
    return;
  }
  const auto tuning = watch_.expect_unique() ? SatCount::Tuning::refutations : SatCount::Tuning::models;
  SatCount sat(puzzle_, layout_, SatCount::candidates(domains_), watch_, tuning);
  if (!sat.encoded()) return;  // the watch expired while encoding
  const bool decided = sat.count(found_, limit_, watch_.nodes_left());
  conflicts_ = sat.conflicts();
  watch_.add_nodes(conflicts_);
  if (!decided) watch_.budget_spent();
}

bool Search::root(std::vector<std::vector<int>>& candidates) {
  const int n = puzzle_.board.size();
  if (n == 0 || static_cast<int>(puzzle_.givens.size()) != n || watch_.expired() ||
      !domains_.init(puzzle_.givens, excluded_, watch_) || !settle(true))
    return false;
  candidates = SatCount::candidates(domains_);
  return true;
}

SolveReport Search::run() {
  const auto start = Clock::now();
  SolveReport rep;
  const int n = puzzle_.board.size();
  bool ok = n > 0 && static_cast<int>(puzzle_.givens.size()) == n && !watch_.expired() &&
            domains_.init(puzzle_.givens, excluded_, watch_);
  weight_.assign(static_cast<std::size_t>(n) + 2, 1.0);
  if (ok) {
    // Root: propagate untrailed, then search with a trail.
    ok = settle();
    domains_.start_trail();
    if (ok) {
      // A root too big to encode stays with the native search, in every mode.
      Engine engine = watch_.engine();
      if (engine != Engine::native && SatCount::pairs(domains_) > SatCount::max_pairs) engine = Engine::native;
      phase_limit_ = engine == Engine::automatic ? handover_nodes : std::numeric_limits<std::uint64_t>::max();
      if (engine != Engine::hybrid) run_with_restarts();
      if (engine == Engine::hybrid || handover_) decide_with_sat();
    } else {
      if (watch_.stopped()) stop_ = true;
    }
  }
  rep.stats.nodes = watch_.nodes();
  rep.stats.conflicts = conflicts_;
  rep.stats.propagations = watch_.steps();
  rep.stats.backtracks = backtracks_;
  rep.stats.stop = watch_.reason();
  rep.stats.ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  if (found_.size() >= 2) {
    rep.verdict = Verdict::multiple;
    rep.solution = found_[0];
    rep.second = found_[1];
  } else if (watch_.stopped()) {
    rep.verdict = Verdict::gave_up;
  } else if (found_.size() == 1) {
    rep.verdict = Verdict::unique;
    rep.solution = found_[0];
  } else {
    rep.verdict = Verdict::none;
  }
  return rep;
}

}  // namespace hidato::solver_detail
