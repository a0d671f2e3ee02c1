#include "solver/matching.hpp"

#include <algorithm>
#include <bit>
#include <limits>

namespace hidato::solver_detail {

Matching::Matching(const Layout& layout)
    : cell_of_(static_cast<std::size_t>(layout.cells()) + 2, -1),
      value_at_(static_cast<std::size_t>(layout.positions()), 0),
      from_(static_cast<std::size_t>(layout.positions()), 0),
      visited_(static_cast<std::size_t>(layout.words()), 0) {}

bool Matching::repair(Domains& d) {
  for (int v = 1; v <= d.n(); ++v) {
    int& p = cell_of_[static_cast<std::size_t>(v)];
    if (p >= 0 && d.has(v, p)) continue;
    if (p >= 0 && value_at_[static_cast<std::size_t>(p)] == v) value_at_[static_cast<std::size_t>(p)] = 0;
    p = -1;
    if (!augment(d, v)) return false;
  }
  return true;
}

// Breadth-first search for an augmenting path from the unmatched value v0: through candidate
// cells, each matched cell leading on to its value, until a free cell turns up; then the path is
// flipped so that every value on it moves one cell along.
bool Matching::augment(Domains& d, int v0) {
  std::fill(visited_.begin(), visited_.end(), 0);
  queue_.assign(1, v0);
  for (std::size_t qi = 0; qi < queue_.size(); ++qi) {
    const int u = queue_[qi];
    const Word* dom = d.cells_of(u);
    for (int i = d.first_word(u), e = d.end_word(u); i < e; ++i) {
      for (Word bits = dom[i] & ~visited_[static_cast<std::size_t>(i)]; bits != 0; bits &= bits - 1) {
        int p = i * 64 + std::countr_zero(bits);
        visited_[static_cast<std::size_t>(i)] |= Word{1} << (p & 63);
        from_[static_cast<std::size_t>(p)] = u;
        if (value_at_[static_cast<std::size_t>(p)] != 0) {
          queue_.push_back(value_at_[static_cast<std::size_t>(p)]);
          continue;
        }
        for (;;) {  // flip the path ending at the free cell p
          const int w = from_[static_cast<std::size_t>(p)];
          const int next = cell_of_[static_cast<std::size_t>(w)];
          cell_of_[static_cast<std::size_t>(w)] = p;
          value_at_[static_cast<std::size_t>(p)] = w;
          if (w == v0) return true;
          p = next;
        }
      }
    }
  }
  return false;
}

// Iterative Tarjan over values: u -> w whenever a candidate cell of u is matched to w.
void Matching::prune(Domains& d) {
  const int n = d.n();
  const auto size = static_cast<std::size_t>(n) + 1;
  index_.assign(size, -1);
  low_.assign(size, 0);
  comp_.assign(size, -1);
  on_stack_.assign(size, 0);
  stack_.clear();
  int counter = 0, comps = 0;
  auto open = [&](int v) {
    index_[static_cast<std::size_t>(v)] = low_[static_cast<std::size_t>(v)] = counter++;
    stack_.push_back(v);
    on_stack_[static_cast<std::size_t>(v)] = 1;
    frames_.push_back({v, d.first_word(v), d.cells_of(v)[d.first_word(v)]});
  };
  for (int root = 1; root <= n; ++root) {
    // A fixed value's only cell is its own: it sits on no cycle, and no unfixed value points to it.
    if (index_[static_cast<std::size_t>(root)] >= 0 || d.is_fixed(root)) continue;
    open(root);
    while (!frames_.empty()) {
      Frame& f = frames_.back();
      while (f.bits == 0 && ++f.word < d.end_word(f.v)) f.bits = d.cells_of(f.v)[f.word];
      if (f.bits != 0) {
        const int p = f.word * 64 + std::countr_zero(f.bits);
        f.bits &= f.bits - 1;
        const int w = value_at_[static_cast<std::size_t>(p)];
        if (w == f.v) continue;
        if (index_[static_cast<std::size_t>(w)] < 0) {
          open(w);  // invalidates f
        } else if (on_stack_[static_cast<std::size_t>(w)]) {
          low_[static_cast<std::size_t>(f.v)] = std::min(low_[static_cast<std::size_t>(f.v)], index_[static_cast<std::size_t>(w)]);
        }
        continue;
      }
      const int v = f.v;
      frames_.pop_back();
      if (!frames_.empty()) {
        const int parent = frames_.back().v;
        low_[static_cast<std::size_t>(parent)] = std::min(low_[static_cast<std::size_t>(parent)], low_[static_cast<std::size_t>(v)]);
      }
      if (low_[static_cast<std::size_t>(v)] == index_[static_cast<std::size_t>(v)]) {
        int w;
        do {
          w = stack_.back();
          stack_.pop_back();
          on_stack_[static_cast<std::size_t>(w)] = 0;
          comp_[static_cast<std::size_t>(w)] = comps;
        } while (w != v);
        ++comps;
      }
    }
  }
  if (comps == 1) return;
  remove_across(d, comps);
}

// A pair survives when its cell is matched to a value of the same component. Each component gets
// a mask of the cells matched to its values, over the words its values' spans cover (components
// are local: a few words each), so the pairs are filtered a word at a time, not a bit at a time.
void Matching::remove_across(Domains& d, int comps) {
  const int n = d.n();
  const auto nc = static_cast<std::size_t>(comps);
  comp_lo_.assign(nc, std::numeric_limits<int>::max());
  comp_base_.assign(nc + 1, 0);
  std::vector<int>& comp_hi = comp_base_;  // end word first, then (below) each mask's start
  for (int v = 1; v <= n; ++v) {
    const int c = comp_[static_cast<std::size_t>(v)];
    if (c < 0) continue;
    comp_lo_[static_cast<std::size_t>(c)] = std::min(comp_lo_[static_cast<std::size_t>(c)], d.first_word(v));
    comp_hi[static_cast<std::size_t>(c)] = std::max(comp_hi[static_cast<std::size_t>(c)], d.end_word(v));
  }
  std::size_t total = 0;
  for (std::size_t c = 0; c < nc; ++c) {
    const auto width = static_cast<std::size_t>(std::max(0, comp_hi[c] - comp_lo_[c]));
    comp_base_[c] = static_cast<int>(total) - comp_lo_[c];  // mask word of position word i: base + i
    total += width;
  }
  masks_.assign(total, 0);
  for (std::size_t p = 0; p < value_at_.size(); ++p) {
    const int w = value_at_[p];
    if (w <= 0) continue;
    const int c = comp_[static_cast<std::size_t>(w)];
    if (c < 0) continue;
    const auto at = static_cast<std::size_t>(comp_base_[static_cast<std::size_t>(c)] + static_cast<int>(p >> 6));
    masks_[at] |= Word{1} << (p & 63);
  }
  for (int v = 1; v <= n && !d.conflict(); ++v) {
    const int c = comp_[static_cast<std::size_t>(v)];
    if (c < 0 || d.is_fixed(v)) continue;
    const int base = comp_base_[static_cast<std::size_t>(c)];
    const Word* cells = d.cells_of(v);
    for (int i = d.first_word(v), e = d.end_word(v); i < e && !d.conflict(); ++i)
      for (Word out = cells[i] & ~masks_[static_cast<std::size_t>(base + i)]; out != 0 && !d.conflict(); out &= out - 1)
        d.remove(v, i * 64 + std::countr_zero(out));
  }
}

}  // namespace hidato::solver_detail
