#include "solver/search.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

#include "solver/local_search.hpp"
#include "solver/sat_count.hpp"

namespace hidato::solver_detail {

namespace {
// Restarted runs choose among values whose keys are within this factor of the best one (noise
// spreads the runs over different parts of a board with many solutions).
constexpr double value_noise = 0.3;
// Last-conflict reasoning keeps this many branches whose choice failed (see note_conflict).
constexpr std::size_t last_conflicts = 3;
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
    if (!matching_.repair(domains_, watch_)) return false;
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
// (choose_branch) and try each candidate in turn. Branching stays inside the focus; a completed
// focus hands over to the next part on the agenda, and a part that is never completed fails the
// node where it split off (unwind_: the frames below that node return at once).
void Search::explore(int depth, const Branch& entered) {
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
  std::erase(last_conflict_, entered);  // its choice held: no longer a conflict to chase
  save_best_phase();
  // The parts as this node found them, kept when it changes them and put back when it returns
  // (on the heap: frames are many and the stack is not; see complete_focus).
  std::unique_ptr<Parts> saved;
  const PartsGuard guard{*this, saved};
  split(depth, saved);
  find_focus_values();
  const Branch b = choose_branch();
  if (b.value == 0 && b.pos < 0) return complete_focus(depth, saved);
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
    explore(depth + 1, b);
    domains_.undo_to(mark);
    if (failed_) note_conflict(b);
    if (failed_ && b.value > 0) bump_segment(v);
    failed_ = false;
    if (unwind_ >= 0) {
      if (unwind_ <= depth) break;  // this node lies at or below the node that has no solution
      unwind_ = -1;                 // the child was that node: on with the next candidate
    }
  }
  cands_.resize(base);
}

// The focus is complete. With nothing waiting, that is a solution; otherwise the next part waiting
// becomes the focus, searched from this same node, and if that search ends without completing it
// once, the part has no completion: the node it split off from has no solution (unwind_).
void Search::complete_focus(int depth, std::unique_ptr<Parts>& saved) {
  ++completions(agenda_.size());
  if (agenda_.empty()) {
    record_solution();
    if (decided()) stop_ = true;
    return;
  }
  if (!saved) saved = std::make_unique<Parts>(Parts{agenda_, focus_});
  const int birth = agenda_.back().birth;
  focus_ = std::move(agenda_.back().cells);
  agenda_.pop_back();
  const std::size_t waiting = agenda_.size();
  const std::uint64_t before = completions(waiting);
  explore(depth, {});
  if (!stop_ && unwind_ < 0 && completions(waiting) == before) {
    unwind_ = birth;
    ++dead_parts_;
  }
}

std::uint64_t& Search::completions(std::size_t waiting) {
  if (completed_at_.size() <= waiting) completed_at_.resize(waiting + 1, 0);
  return completed_at_[waiting];
}

Search::PartsGuard::~PartsGuard() {
  if (!saved) return;
  search.agenda_ = std::move(saved->agenda);
  search.focus_ = std::move(saved->focus);
}

// A run starts with the whole board as its focus.
void Search::start_parts() {
  coupling_.assign(static_cast<std::size_t>(domains_.n()) + 2, 0);
  agenda_.clear();
  focus_.clear();
  completed_at_.assign(1, 0);
  unwind_ = -1;
  last_conflict_.clear();
}

// Plan: merge the components of free cells (Regions) that some unfixed value has candidate cells
// in, by union-find; each group inside the focus is a part. With two parts or more the smallest
// becomes the focus and the others wait, born at this depth (largest first on the agenda, so the
// small ones, cheapest to refute, are completed first). Parts share no value and no cell, and
// every propagator works per value, per cell or per component, so nothing done in one part
// changes another: each can be completed on its own. Values with cells in two components couple
// them; choose_value branches on those first, to split the board (coupling_ is set at every
// node; with one component nothing couples).
void Search::split(int depth, std::unique_ptr<Parts>& saved) {
  std::fill(coupling_.begin(), coupling_.end(), 0);
  const int ncomp = regions_.components();
  if (ncomp < 2) return;
  const int n = domains_.n();
  uf_.resize(static_cast<std::size_t>(ncomp));
  for (int i = 0; i < ncomp; ++i) uf_[static_cast<std::size_t>(i)] = i;
  auto find = [&](int x) {
    while (uf_[static_cast<std::size_t>(x)] != x) {
      uf_[static_cast<std::size_t>(x)] = uf_[static_cast<std::size_t>(uf_[static_cast<std::size_t>(x)])];
      x = uf_[static_cast<std::size_t>(x)];
    }
    return x;
  };
  for (int v = 1; v <= n; ++v) {
    if (domains_.count(v) <= 1) continue;
    int first = -1;
    domains_.for_each_cell(v, [&](int p) {
      const int c = regions_.component(p);
      if (c < 0 || c == first) return;
      if (first < 0) {
        first = c;
        return;
      }
      coupling_[static_cast<std::size_t>(v)] = 1;
      const int a = find(first), b = find(c);
      if (a != b) uf_[static_cast<std::size_t>(b)] = a;
    });
  }
  group_size_.assign(static_cast<std::size_t>(ncomp), 0);
  groups_.clear();
  for (CellId c = 0; c < layout_.cells(); ++c) {
    const int p = layout_.pos_of(c);
    const int k = regions_.component(p);
    if (k < 0 || !in_focus(p)) continue;
    const int r = find(k);
    if (group_size_[static_cast<std::size_t>(r)]++ == 0) groups_.push_back(r);
  }
  if (groups_.size() < 2) return;
  std::stable_sort(groups_.begin(), groups_.end(), [&](int a, int b) {
    return group_size_[static_cast<std::size_t>(a)] > group_size_[static_cast<std::size_t>(b)];
  });
  group_index_.resize(static_cast<std::size_t>(ncomp));
  for (std::size_t i = 0; i < groups_.size(); ++i) group_index_[static_cast<std::size_t>(groups_[i])] = static_cast<int>(i);
  std::vector<std::vector<Word>> masks(groups_.size(), std::vector<Word>(static_cast<std::size_t>(domains_.words()), 0));
  for (CellId c = 0; c < layout_.cells(); ++c) {
    const int p = layout_.pos_of(c);
    const int k = regions_.component(p);
    if (k < 0 || !in_focus(p)) continue;
    set_bit(masks[static_cast<std::size_t>(group_index_[static_cast<std::size_t>(find(k))])].data(), p);
  }
  if (!saved) saved = std::make_unique<Parts>(Parts{agenda_, focus_});
  for (std::size_t i = 0; i + 1 < masks.size(); ++i) agenda_.push_back({std::move(masks[i]), depth});
  focus_ = std::move(masks.back());
  ++splits_;
}

// in_focus_[v]: v is unfixed and its cells lie in the focus (one cell tells: parts share no
// value). Without a focus every unfixed value is in it.
void Search::find_focus_values() {
  const int n = domains_.n();
  in_focus_.assign(static_cast<std::size_t>(n) + 2, 0);
  for (int v = 1; v <= n; ++v) {
    if (domains_.count(v) <= 1) continue;
    if (focus_.empty()) {
      in_focus_[static_cast<std::size_t>(v)] = 1;
      continue;
    }
    in_focus_[static_cast<std::size_t>(v)] = test_bit(focus_.data(), domains_.first_cell(v)) ? 1 : 0;
  }
}

// Last-conflict reasoning (Lecoutre et al., 2009): a branch one of whose choices just failed in
// its own propagation is branched on again first, at every node below, until one of its choices
// holds. After a dead subtree the search so climbs back, node by node, to the decision that
// killed it (the branch keeps failing until that decision is undone) instead of branching on
// unrelated values first, which costs thousands of nodes per dead state on sparse boards. The
// last `last_conflicts` such branches are kept, the latest first (a dead state often needs two
// or three values to show). Native engine alone, square8 20x20 with 20% clues, 30 random
// boards, 5 s each: gave up on 12 without, 2 with (README, solver section).
void Search::note_conflict(const Branch& b) {
  std::erase(last_conflict_, b);
  if (last_conflict_.size() >= last_conflicts) last_conflict_.erase(last_conflict_.begin());
  last_conflict_.push_back(b);
}

// First the latest of the last conflicts still open in the focus (note_conflict). Otherwise a
// value to place (choose_value); in restarted runs, the cell instead when some free cell has
// fewer candidate values than that value has cells (every other run: than twice as many,
// cell_bias). Path extension alone leaves cells behind that, at the end, no value can reach; a
// cell few values can still cover is covered while it can be (on sparse boards this finds first
// solutions several times sooner). The first run keeps to values: its trees are smaller on the
// unique puzzles it exists for. No branch at all: every value is fixed.
Search::Branch Search::choose_branch() {
  for (auto it = last_conflict_.rbegin(); it != last_conflict_.rend(); ++it) {
    const bool open = it->value > 0 ? domains_.count(it->value) > 1 && in_focus_[static_cast<std::size_t>(it->value)]
                                    : domains_.values_at(it->pos) > 1 && in_focus(it->pos);
    if (!open) continue;
    ++chased_;
    return *it;
  }
  const int v = choose_value();
  if (v == 0) return {};
  const int pos = most_constrained_cell();
  if (pos >= 0 && domains_.values_at(pos) < cell_bias() * domains_.count(v)) return {0, pos};
  return {v, -1};
}

// Runs alternate between two weighings of a cell against a value: runs with an odd index (the
// first, plain run and every long run of the Luby sequence) branch on a cell when it has fewer
// values than twice the value's cells, the others when fewer than the value's cells. The plain
// run branched on values only until 2026-11-26; with cells too, one worker under `--budget
// 200000` took fewer nodes on 30 of 60 random and unique boards and more on 22 (geometric mean
// 0.83), and the native engine decided generated hex6 and square4 30x30 and 40x40 puzzles in
// 225 instead of 1,357 and 18,296 instead of 38,562 nodes (README, solver section). Neither
// alone does as well as both: over 20 random square8 30x30 boards with 20% clues (`--engine
// native --threads 1 --budget 300000`) 1x alone decided 13, 2x alone 13, alternating 15; over 30
// 20x20 ones (`--budget 100000`) 29, 23 and 29, median nodes 15,000, 6,900 and 7,400 (README,
// solver section). Each weighing finds some boards' paths in a few thousand nodes where the
// other needs a hundred thousand; alternating keeps both chances.
int Search::cell_bias() const { return runs_ % 2 == 1 ? 2 : 1; }

// Every fourth restarted run (index 2 mod 4) places the best value anywhere on the board, not
// only at an open end of a partial path: path extension alone grows the same paths into the same
// corners run after run. Native engine, random square8 30x30 boards with 20% clues, `--budget
// 300000`, three sets of 20, 12 and 12 boards: decided 15 -> 17, 9 -> 9, 10 -> 11, median nodes
// lower on each set (155,000 -> 112,000, 167,000 -> 61,000, 84,000 -> 49,000); 30 20x20 boards
// (`--budget 100000`) the same within noise (README, solver section).
bool Search::anywhere() const { return shuffled_ && runs_ % 4 == 2; }

// Only values of the focus. A value whose cells lie in two components first (the one with the
// fewest cells): placing it confines its segment to one of them, which splits the board into
// parts. Then path extension: among the values next to a fixed value (the open ends of the
// partial paths), the one with the fewest candidate cells relative to its conflict weight; if no
// value is next to a fixed one, or in every fourth restarted run (anywhere), the best value
// overall. Restarted runs add noise to the keys.
int Search::choose_value() {
  int best = 0, any = 0, couple = 0, couple_count = 0;
  double best_key = 0, any_key = 0;
  const int n = domains_.n();
  for (int v = 1; v <= n; ++v) {
    const int c = domains_.count(v);
    if (c <= 1 || !in_focus_[static_cast<std::size_t>(v)]) continue;
    if (coupling_[static_cast<std::size_t>(v)] && (couple == 0 || c < couple_count)) {
      couple = v;
      couple_count = c;
    }
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
  if (couple != 0) return couple;
  if (anywhere()) return any;
  return best != 0 ? best : any;
}

// The free cell with the fewest candidate values (the first in cell order among equals); -1 when
// every cell is fixed.
int Search::most_constrained_cell() const {
  int best = -1, best_count = 0;
  for (CellId c = 0; c < layout_.cells(); ++c) {
    const int pos = layout_.pos_of(c);
    const int k = domains_.values_at(pos);
    if (k > 1 && in_focus(pos) && (best < 0 || k < best_count)) {
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

// Progress saving (as SAT solvers keep a "best phase"): the deepest state any run of this count
// reached, by fixed values, is kept as each value's cell (phase_), and branching tries that cell
// first (push_candidates, push_values). A restart then re-orders the decisions (conflict weights,
// last conflicts, noise) but heads back to where the best run got, repaired where it failed,
// instead of starting over: on a 30x30 board with 20% clues a run fixes 300-650 of the 900
// values before it stalls, and without this no later run kept what the earlier ones had found.
// Random square8 30x30 boards with 20% clues (README, solver section): gave up on 5 of 5 with
// last conflicts alone, on 1 of 5 with this as well (`--budget 300000`, native engine). Each node
// reads the count of fixed values (Domains::fixed, O(1)); the copy is made only when it grows.
void Search::save_best_phase() {
  if (domains_.fixed() <= best_fixed_) return;
  best_fixed_ = domains_.fixed();
  const int n = domains_.n();
  for (int v = 1; v <= n; ++v)
    if (domains_.is_fixed(v)) phase_[static_cast<std::size_t>(v)] = domains_.pos_of_fixed(v);
}

void Search::push_candidates(int v) {
  const std::size_t base = cands_.size();
  keys_.clear();
  domains_.for_each_cell(v, [&](int p) {
    int open = 0;
    for (int q : layout_.neighbours(p)) open += domains_.values_at(q) > 1 ? 1 : 0;
    cands_.push_back(p);
    // Ties between equally walled-in cells: the cell fewer values can still reach first (a cell
    // only this segment can cover is taken while it still can be).
    const int key = open * 64 + std::min(domains_.values_at(p), 63);
    const bool best = phase_[static_cast<std::size_t>(v)] == p;  // save_best_phase: first
    phased_ += best ? 1 : 0;
    keys_.push_back(best ? -1 : shuffled_ ? key * 64 + rng_.below(64) : key);
  });
  std::vector<int> order(keys_.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return keys_[a] < keys_[b]; });
  std::vector<int> sorted(order.size());
  for (std::size_t i = 0; i < order.size(); ++i) sorted[i] = cands_[base + static_cast<std::size_t>(order[i])];
  std::copy(sorted.begin(), sorted.end(), cands_.begin() + static_cast<std::ptrdiff_t>(base));
}

// The value the best state put here first (save_best_phase), then in value order.
void Search::push_values(int pos) {
  const std::size_t base = cands_.size();
  for_each_bit(domains_.values_of(pos), domains_.value_words(), [&](int v) { cands_.push_back(v); });
  const auto best = std::find_if(cands_.begin() + static_cast<std::ptrdiff_t>(base), cands_.end(),
                                 [&](int v) { return phase_[static_cast<std::size_t>(v)] == pos; });
  if (best == cands_.end()) return;
  std::rotate(cands_.begin() + static_cast<std::ptrdiff_t>(base), best, best + 1);
  ++phased_;
}

// Solutions found by earlier runs may be found again after a restart: only new ones count.
void Search::record_solution() {
  Values sol(static_cast<std::size_t>(domains_.n()), 0);
  for (int v = 1; v <= domains_.n(); ++v)
    sol[static_cast<std::size_t>(layout_.cell_of(domains_.pos_of_fixed(v)))] = v;
  add_solution(std::move(sol));
}

bool Search::add_solution(Values sol) {
  if (std::find(found_.begin(), found_.end(), sol) != found_.end()) return false;
  found_.push_back(std::move(sol));
  return true;
}

// The domains of the givens and exclusions, before any propagation; false for an empty or
// inconsistent puzzle, or when the watch expired.
bool Search::load() {
  const int n = puzzle_.board.size();
  return n > 0 && static_cast<int>(puzzle_.givens.size()) == n && !watch_.expired() &&
         domains_.init(puzzle_.givens, excluded_, watch_);
}

bool Search::root_holds() { return load() && settle(true); }

bool Search::root(std::vector<std::vector<int>>& candidates) {
  if (!root_holds()) return false;
  candidates = SatCount::candidates(domains_);
  return true;
}

}  // namespace hidato::solver_detail
