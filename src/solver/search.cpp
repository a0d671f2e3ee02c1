#include "solver/search.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

#include "solver/sat_count.hpp"

namespace hidato::solver_detail {

namespace {
// Restarted runs choose among values whose keys are within this factor of the best one (noise
// spreads the runs over different parts of a board with many solutions).
constexpr double value_noise = 0.3;
}  // namespace

Search::Search(const Puzzle& puzzle, int limit, const SolveLimits& limits, Role role,
               const std::atomic<bool>* rival)
    : puzzle_(puzzle),
      limit_(std::clamp(limit, 1, 2)),
      role_(role),
      layout_(puzzle.board),
      domains_(layout_),
      regions_(layout_),
      matching_(layout_),
      watch_(limits, rival),
      rng_(role == Role::primary ? 0x5eed : 0xb0a710ad) {}

Search::~Search() = default;

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
// (choose_branch) and try each candidate in turn.
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
  const Branch b = choose_branch();
  if (b.value == 0 && b.pos < 0) {
    record_solution();
    if (decided()) stop_ = true;
    return;
  }
  const std::size_t base = cands_.size();
  if (b.value > 0)
    push_candidates(b.value);
  else
    push_values(b.pos);
  const std::size_t end = cands_.size();
  for (std::size_t i = base; i < end && !stop_; ++i) {
    if (watch_.node_expired() || watch_.nodes() >= run_limit_) {
      stop_ = true;
      break;
    }
    const int v = b.value > 0 ? b.value : cands_[i];
    const int pos = b.value > 0 ? cands_[i] : b.pos;
    const std::size_t mark = domains_.mark();
    domains_.assign(v, pos);
    decision_ = v;
    failed_ = false;
    explore();
    domains_.undo_to(mark);
    if (failed_ && b.value > 0) bump_segment(v);
    failed_ = false;
  }
  cands_.resize(base);
}

// A value to place (choose_value); in restarted runs, the cell instead when some free cell has
// fewer candidate values than that value has cells. Path extension alone leaves cells behind
// that, at the end, no value can reach; a cell few values can still cover is covered while it
// can be (on sparse boards this finds first solutions several times sooner). The first run keeps
// to values: its trees are smaller on the unique puzzles it exists for. No branch at all: every
// value is fixed.
Search::Branch Search::choose_branch() {
  const int v = choose_value();
  if (v == 0) return {};
  if (!shuffled_) return {v, -1};
  const int pos = most_constrained_cell();
  if (pos >= 0 && domains_.values_at(pos) < domains_.count(v)) return {0, pos};
  return {v, -1};
}

// Path extension first: among the values next to a fixed value (the open ends of the partial
// paths), the one with the fewest candidate cells relative to its conflict weight; if no value is
// next to a fixed one, the best value overall. Restarted runs add noise to the keys.
int Search::choose_value() {
  int best = 0, any = 0;
  double best_key = 0, any_key = 0;
  const int n = domains_.n();
  for (int v = 1; v <= n; ++v) {
    const int c = domains_.count(v);
    if (c <= 1) continue;
    double key = c / weight_[static_cast<std::size_t>(v)];
    if (shuffled_) key *= 1.0 + value_noise * rng_.unit();
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

// The free cell with the fewest candidate values (the first in cell order among equals); -1 when
// every cell is fixed.
int Search::most_constrained_cell() const {
  int best = -1, best_count = 0;
  for (CellId c = 0; c < layout_.cells(); ++c) {
    const int pos = layout_.pos_of(c);
    const int k = domains_.values_at(pos);
    if (k > 1 && (best < 0 || k < best_count)) {
      best = pos;
      best_count = k;
    }
  }
  return best;
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

void Search::push_values(int pos) {
  for_each_bit(domains_.values_of(pos), domains_.value_words(), [&](int v) { cands_.push_back(v); });
}

// Solutions found by earlier runs may be found again after a restart: only new ones count.
void Search::record_solution() {
  Values sol(static_cast<std::size_t>(domains_.n()), 0);
  for (int v = 1; v <= domains_.n(); ++v)
    sol[static_cast<std::size_t>(layout_.cell_of(domains_.pos_of_fixed(v)))] = v;
  if (std::find(found_.begin(), found_.end(), sol) == found_.end()) found_.push_back(std::move(sol));
}

// The domains of the givens and exclusions, before any propagation; false for an empty or
// inconsistent puzzle, or when the watch expired.
bool Search::load() {
  const int n = puzzle_.board.size();
  return n > 0 && static_cast<int>(puzzle_.givens.size()) == n && !watch_.expired() &&
         domains_.init(puzzle_.givens, excluded_, watch_);
}

bool Search::root(std::vector<std::vector<int>>& candidates) {
  if (!load() || !settle(true)) return false;
  candidates = SatCount::candidates(domains_);
  return true;
}

}  // namespace hidato::solver_detail
