#include "solver/regions.hpp"

#include <algorithm>

namespace hidato::solver_detail {

Regions::Regions(const Layout& layout)
    : layout_(layout),
      value_at_(static_cast<std::size_t>(layout.positions()), 0),
      comp_(static_cast<std::size_t>(layout.positions()), -1) {}

bool Regions::check(Domains& d) {
  find_fixed(d);
  label_components();
  if (!prune_dead_ends(d)) return false;
  return fixed_.empty() || place_segments(d);
}

void Regions::find_fixed(Domains& d) {
  std::fill(value_at_.begin(), value_at_.end(), 0);
  fixed_.clear();
  for (int v = 1; v <= d.n(); ++v)
    if (d.is_fixed(v)) {
      fixed_.push_back(v);
      value_at_[static_cast<std::size_t>(d.pos_of_fixed(v))] = v;
    }
}

// Connected components of the free cells (playable, no fixed value), by depth-first flood fill.
void Regions::label_components() {
  std::fill(comp_.begin(), comp_.end(), -1);
  comp_size_.clear();
  for (CellId c = 0; c < layout_.cells(); ++c) {
    const int start = layout_.pos_of(c);
    if (value_at_[static_cast<std::size_t>(start)] != 0 || comp_[static_cast<std::size_t>(start)] >= 0)
      continue;
    const int id = static_cast<int>(comp_size_.size());
    int size = 0;
    stack_.assign(1, start);
    comp_[static_cast<std::size_t>(start)] = id;
    while (!stack_.empty()) {
      const int p = stack_.back();
      stack_.pop_back();
      ++size;
      for (int q : layout_.neighbours(p))
        if (value_at_[static_cast<std::size_t>(q)] == 0 && comp_[static_cast<std::size_t>(q)] < 0) {
          comp_[static_cast<std::size_t>(q)] = id;
          stack_.push_back(q);
        }
    }
    comp_size_.push_back(size);
  }
}

// A free cell holding v (1 < v < N) needs two neighbours for v-1 and v+1: free cells, or fixed
// cells whose value still lacks a neighbour on one side. With fewer, the cell is a path end.
bool Regions::prune_dead_ends(Domains& d) {
  const int n = d.n();
  auto open = [&](int w) { return (w > 1 && !d.is_fixed(w - 1)) || (w < n && !d.is_fixed(w + 1)); };
  for (CellId c = 0; c < layout_.cells(); ++c) {
    const int p = layout_.pos_of(c);
    if (comp_[static_cast<std::size_t>(p)] < 0) continue;
    int usable = 0;
    for (int q : layout_.neighbours(p)) {
      const int w = value_at_[static_cast<std::size_t>(q)];
      if (w == 0 || open(w)) ++usable;
      if (usable >= 2) break;
    }
    if (usable >= 2) continue;
    if (usable == 1)
      d.filter_values(p, [n](int v) { return v == 1 || v == n; });
    else
      d.filter_values(p, [n](int) { return n == 1; });
    if (d.conflict()) return false;
  }
  return true;
}

// Components a segment of `len` values can occupy: free components touching both fixed ends
// (only the closed end for the head and tail segments) that have room for it.
int Regions::component_candidates(const Segment& s, int len, int* out) const {
  int lo[16], hi[16];
  int nlo = 0, nhi = 0;
  auto collect = [&](int pos, int* into, int& cnt) {
    for (int q : layout_.neighbours(pos)) {
      const int c = comp_[static_cast<std::size_t>(q)];
      if (c >= 0 && std::find(into, into + cnt, c) == into + cnt && cnt < 16) into[cnt++] = c;
    }
  };
  if (s.lo_pos >= 0) collect(s.lo_pos, lo, nlo);
  if (s.hi_pos >= 0) collect(s.hi_pos, hi, nhi);
  const int* base = s.lo_pos >= 0 ? lo : hi;
  const int nbase = s.lo_pos >= 0 ? nlo : nhi;
  int k = 0;
  for (int i = 0; i < nbase; ++i) {
    const int c = base[i];
    if (s.lo_pos >= 0 && s.hi_pos >= 0 && std::find(hi, hi + nhi, c) == hi + nhi) continue;
    if (comp_size_[static_cast<std::size_t>(c)] >= len) out[k++] = c;
  }
  return k;
}

void Regions::confine(Domains& d, const Segment& s, int comp) {
  for (int v = s.first; v <= s.last && !d.conflict(); ++v)
    d.filter_cells(v, [&](int p) { return comp_[static_cast<std::size_t>(p)] == comp; });
}

// Plan: list the segments; give each its candidate components (none: conflict; one: confine it).
// Then each component must be filled exactly: the lengths of the segments that may enter it must
// reach its size (if they only just reach it, all of them go there) and some subset must hit it.
bool Regions::place_segments(Domains& d) {
  const int n = d.n();
  segments_.clear();
  int prev = 0, prev_pos = -1;
  for (int f : fixed_) {
    const int pos = d.pos_of_fixed(f);
    if (f - prev > 1) segments_.push_back({prev + 1, f - 1, prev_pos, pos});
    prev = f;
    prev_pos = pos;
  }
  if (prev < n) segments_.push_back({prev + 1, n, prev_pos, -1});

  const auto ncomp = comp_size_.size();
  comp_sum_.assign(ncomp, 0);
  comp_lengths_.resize(ncomp);
  for (auto& l : comp_lengths_) l.clear();
  int cand[16];
  for (const Segment& s : segments_) {
    const int len = s.last - s.first + 1;
    const int k = component_candidates(s, len, cand);
    if (k == 0) return false;
    for (int i = 0; i < k; ++i) {
      comp_sum_[static_cast<std::size_t>(cand[i])] += len;
      comp_lengths_[static_cast<std::size_t>(cand[i])].push_back(len);
    }
    if (k == 1 && ncomp > 1) {
      confine(d, s, cand[0]);
      if (d.conflict()) return false;
    }
  }
  for (std::size_t c = 0; c < ncomp; ++c) {
    if (comp_sum_[c] < comp_size_[c]) return false;
    if (comp_sum_[c] > comp_size_[c] && !fills_exactly(static_cast<int>(c))) return false;
  }
  // Components that need every segment able to reach them claim those segments.
  for (const Segment& s : segments_) {
    const int len = s.last - s.first + 1;
    const int k = component_candidates(s, len, cand);
    if (k < 2) continue;
    for (int i = 0; i < k; ++i)
      if (comp_sum_[static_cast<std::size_t>(cand[i])] == comp_size_[static_cast<std::size_t>(cand[i])]) {
        confine(d, s, cand[i]);
        if (d.conflict()) return false;
        break;
      }
  }
  return true;
}

// Subset sum over the segment lengths that may enter `comp`: can some of them add up to its size?
bool Regions::fills_exactly(int comp) {
  const int target = comp_size_[static_cast<std::size_t>(comp)];
  const auto& lens = comp_lengths_[static_cast<std::size_t>(comp)];
  const int nw = target / 64 + 1;
  if (static_cast<long long>(lens.size()) * nw > 200000) return true;  // too costly: skip the test
  reach_.assign(static_cast<std::size_t>(nw), 0);
  reach_[0] = 1;
  for (int len : lens) {
    const int q = len / 64, r = len % 64;
    for (int i = nw - 1; i >= q; --i) {
      Word add = reach_[static_cast<std::size_t>(i - q)] << r;
      if (r != 0 && i - q - 1 >= 0) add |= reach_[static_cast<std::size_t>(i - q - 1)] >> (64 - r);
      reach_[static_cast<std::size_t>(i)] |= add;
    }
    if (test_bit(reach_.data(), target)) return true;
  }
  return test_bit(reach_.data(), target);
}

}  // namespace hidato::solver_detail
