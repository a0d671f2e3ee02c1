// LocalSearch: WalkSAT-style repair of a complete placement (local_search.hpp).
#include "solver/local_search.hpp"

#include <algorithm>
#include <limits>
#include <utility>

namespace hidato::solver_detail {

namespace {

// Probability of a random move instead of the best one. Random square8 30x30 boards with 20%
// clues (17 boards, a standalone prototype): 0.05 found a solution of each within 1.5 s (0.1 as
// well on one of them), 0.2 and 0.3 none of that one within 10 s (README, "Local search").
constexpr double noise = 0.05;
// Longest range a reversal or shift moves (hi - lo, so up to 13 values); longer ones are rare and
// cost more to weigh.
constexpr int max_span = 12;
// Swaps of a kick (kick()).
constexpr int kick_swaps = 4;

}  // namespace

LocalSearch::LocalSearch(const Layout& layout, const Domains& domains, std::uint64_t seed)
    : layout_(layout), domains_(domains), rng_(seed), n_(domains.n()) {
  const auto size = static_cast<std::size_t>(n_) + 2;
  pos_.assign(size, -1);
  fixed_.assign(size, 0);
  next_fixed_.assign(size, n_ + 1);
  value_at_.assign(static_cast<std::size_t>(layout.positions()), 0);
  where_.assign(size, -1);
  for (int v = 1; v <= n_; ++v) {
    fixed_[static_cast<std::size_t>(v)] = domains.count(v) == 1 ? 1 : 0;
    if (!fixed_[static_cast<std::size_t>(v)]) movable_.push_back(v);
  }
  for (auto v = static_cast<std::size_t>(n_); v >= 1; --v)
    next_fixed_[v] = fixed_[v] ? static_cast<int>(v) : next_fixed_[v + 1];
  place_greedily();
  refresh();
}

void LocalSearch::refresh() {
  for (int k = 1; k < n_; ++k) mark(k);
}

// Fixed values on their cells; then, value by value, a free cell of its domain next to the
// previous value, the one with the fewest free neighbours (Warnsdorff), else a random free cell
// of its domain; what is left goes to the cells left, in order.
void LocalSearch::place_greedily() {
  auto put = [&](int v, int p) {
    pos_[static_cast<std::size_t>(v)] = p;
    value_at_[static_cast<std::size_t>(p)] = v;
  };
  auto is_free = [&](int p) { return value_at_[static_cast<std::size_t>(p)] == 0; };
  for (int v = 1; v <= n_; ++v)
    if (fixed_[static_cast<std::size_t>(v)]) put(v, domains_.first_cell(v));
  for (int v = 1; v <= n_; ++v) {
    if (fixed_[static_cast<std::size_t>(v)]) continue;
    int best = -1;
    std::uint64_t best_key = std::numeric_limits<std::uint64_t>::max();
    const int prev = pos_[static_cast<std::size_t>(v) - 1];
    if (prev >= 0)
      for (int w : layout_.neighbours(prev)) {
        if (!is_free(w) || !domains_.has(v, w)) continue;
        std::uint64_t free_around = 0;
        for (int x : layout_.neighbours(w)) free_around += is_free(x) ? 1 : 0;
        const std::uint64_t key = free_around * 64 + rng_.below(std::uint64_t{64});
        if (key < best_key) best_key = key, best = w;
      }
    if (best < 0) {
      std::uint64_t seen = 0;
      domains_.for_each_cell(v, [&](int p) {
        if (is_free(p) && rng_.below(++seen) == 0) best = p;
      });
    }
    if (best >= 0) put(v, best);
  }
  int v = 1;
  for (CellId c = 0; c < layout_.cells(); ++c) {
    const int p = layout_.pos_of(c);
    if (!is_free(p)) continue;
    while (pos_[static_cast<std::size_t>(v)] >= 0) ++v;
    put(v, p);
  }
}

bool LocalSearch::touches(int p, int q) const {
  for (int x : layout_.neighbours(p))
    if (x == q) return true;
  return false;
}

bool LocalSearch::broken_at(int k) const {
  const int p = pos_[static_cast<std::size_t>(k)], q = pos_[static_cast<std::size_t>(k) + 1];
  return !touches(p, q) || !domains_.has(k, p) || !domains_.has(k + 1, q);
}

void LocalSearch::mark(int k) {
  if (k < 1 || k >= n_) return;
  int& at = where_[static_cast<std::size_t>(k)];
  const bool now = broken_at(k);
  if (now && at < 0) {
    at = static_cast<int>(broken_.size());
    broken_.push_back(k);
  } else if (!now && at >= 0) {
    const int last = broken_.back();
    broken_[static_cast<std::size_t>(at)] = last;
    where_[static_cast<std::size_t>(last)] = at;
    broken_.pop_back();
    at = -1;
  }
}

// Both ends of link k may move (unless fixed): next to the other end, into a cell of its domain.
void LocalSearch::candidates(int k) {
  moves_.clear();
  for (int side = 0; side < 2; ++side) {
    const int mover = side ? k + 1 : k;
    if (fixed_[static_cast<std::size_t>(mover)]) continue;
    const int anchor = pos_[static_cast<std::size_t>(side ? k : k + 1)];
    for (int w : layout_.neighbours(anchor)) {
      const int b = value_at_[static_cast<std::size_t>(w)];
      if (b == mover || fixed_[static_cast<std::size_t>(b)] || !domains_.has(mover, w)) continue;
      moves_.push_back({Kind::swap, mover, b});
      const int lo = std::min(mover, b), hi = std::max(mover, b);
      // The range must lie beyond the mover, away from the anchor, so the anchor stays.
      const bool beyond = side ? b > mover : b < mover;
      if (!beyond || hi - lo > max_span || !same_run(lo, hi)) continue;
      moves_.push_back({Kind::reverse, lo, hi});
      moves_.push_back({Kind::shift, mover, b});
    }
  }
}

void LocalSearch::apply(const Move& m) {
  auto* p = pos_.data();
  switch (m.kind) {
    case Kind::swap: std::swap(p[m.a], p[m.b]); break;
    case Kind::reverse: std::reverse(p + m.a, p + m.b + 1); break;
    case Kind::shift:
      if (m.a < m.b) std::rotate(p + m.a, p + m.b, p + m.b + 1);
      else std::rotate(p + m.b, p + m.b + 1, p + m.a + 1);
      break;
  }
}

std::pair<int, int> LocalSearch::touched(const Move& m) const {
  return {std::max(1, std::min(m.a, m.b) - 1), std::min(n_ - 1, std::max(m.a, m.b))};
}

int LocalSearch::cost(const Move& m) const {
  int c = 0;
  if (m.kind == Kind::swap) {
    // Links a-1, a, b-1, b, each once.
    const int links[4] = {m.a - 1, m.a, m.b - 1, m.b};
    for (int i = 0; i < 4; ++i) {
      const int k = links[i];
      if (k < 1 || k >= n_) continue;
      bool seen = false;
      for (int j = 0; j < i; ++j) seen = seen || links[j] == k;
      if (!seen) c += broken_at(k) ? 1 : 0;
    }
    return c;
  }
  const auto [first, last] = touched(m);
  for (int k = first; k <= last; ++k) c += broken_at(k) ? 1 : 0;
  return c;
}

void LocalSearch::commit(const Move& m) {
  auto seat = [&](int v) { value_at_[static_cast<std::size_t>(pos_[static_cast<std::size_t>(v)])] = v; };
  if (m.kind == Kind::swap) {
    seat(m.a);
    seat(m.b);
    for (int k : {m.a - 1, m.a, m.b - 1, m.b}) mark(k);
    return;
  }
  for (int v = std::min(m.a, m.b); v <= std::max(m.a, m.b); ++v) seat(v);
  const auto [first, last] = touched(m);
  for (int k = first; k <= last; ++k) mark(k);
}

void LocalSearch::step() {
  ++steps_;
  candidates(broken_[static_cast<std::size_t>(rng_.below(std::uint64_t{broken_.size()}))]);
  if (moves_.empty()) return;
  std::size_t pick = 0;
  if (rng_.chance(noise)) {
    pick = static_cast<std::size_t>(rng_.below(std::uint64_t{moves_.size()}));
  } else {
    int best = std::numeric_limits<int>::max();
    std::uint64_t ties = 0;
    for (std::size_t i = 0; i < moves_.size(); ++i) {
      const Move& m = moves_[i];
      const int before = cost(m);
      apply(m);
      const int delta = cost(m) - before;
      apply(inverse(m));
      if (delta < best) {
        best = delta;
        pick = i;
        ties = 1;
      } else if (delta == best && rng_.below(++ties) == 0) {
        pick = i;
      }
    }
  }
  apply(moves_[pick]);
  commit(moves_[pick]);
}

bool LocalSearch::kick() {
  if (movable_.size() < 2) return false;
  int v = movable_[static_cast<std::size_t>(rng_.below(std::uint64_t{movable_.size()}))];
  int last = 0;  // the value swapped last (swapping it back would undo the kick)
  bool moved = false;
  for (int i = 0; i < kick_swaps; ++i) {
    const auto around = layout_.neighbours(pos_[static_cast<std::size_t>(v)]);
    if (around.empty()) break;
    const int w = around[static_cast<std::size_t>(rng_.below(std::uint64_t{around.size()}))];
    const int b = value_at_[static_cast<std::size_t>(w)];
    if (b == v || b == last || fixed_[static_cast<std::size_t>(b)]) continue;
    const Move m{Kind::swap, v, b};
    apply(m);
    commit(m);
    moved = true;
    last = v;
    v = b;
  }
  return moved;
}

Values LocalSearch::values() const {
  Values sol(static_cast<std::size_t>(layout_.cells()), 0);
  for (int v = 1; v <= n_; ++v) sol[static_cast<std::size_t>(layout_.cell_of(pos_[static_cast<std::size_t>(v)]))] = v;
  return sol;
}

}  // namespace hidato::solver_detail
