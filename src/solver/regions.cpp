#include "solver/regions.hpp"

#include <algorithm>

namespace hidato::solver_detail {

Regions::Regions(const Layout& layout)
    : layout_(layout),
      value_at_(static_cast<std::size_t>(layout.positions()), 0),
      comp_(static_cast<std::size_t>(layout.positions()), -1) {}

// The fixed value w still lacks a path neighbour (w-1 or w+1 is unfixed): its cell is a way in or
// out of the free cells next to it. Judged on the fixed values find_fixed saw, like everything
// else here (which cells are free), never on the live domains: a value the pass itself fixes
// (prune_dead_ends removing its other cells) sits on a cell still counted as free, so "w-1 is
// fixed now" would cut the very link between that cell and w's. That turned unique puzzles into
// "no solution" (square4 5x5, 4 and 13 given: prune_dead_ends fixed 11 next to 12, then found
// 11's cell a dead end).
bool Regions::lacks_neighbour(int w, int n) const {
  return (w > 1 && !was_fixed_[static_cast<std::size_t>(w - 1)]) ||
         (w < n && !was_fixed_[static_cast<std::size_t>(w + 1)]);
}

bool Regions::check(Domains& d) {
  masks_.clear();
  find_fixed(d);
  if (!prune_dead_ends(d)) return false;
  if (!check_pockets(d)) return false;  // labels the components too
  return fixed_.empty() || place_segments(d);
}

void Regions::find_fixed(Domains& d) {
  std::fill(value_at_.begin(), value_at_.end(), 0);
  fixed_.clear();
  fixed_pos_.clear();
  was_fixed_.assign(static_cast<std::size_t>(d.n()) + 2, 0);
  for (int v = 1; v <= d.n(); ++v)
    if (d.is_fixed(v)) {
      was_fixed_[static_cast<std::size_t>(v)] = 1;
      const int pos = d.pos_of_fixed(v);
      fixed_.push_back(v);
      fixed_pos_.push_back(pos);
      value_at_[static_cast<std::size_t>(pos)] = v;
    }
}

namespace {

// Word i of a value set shifted up (bit v = bit v-1 of x) or down (bit v = bit v+1 of x); words
// outside [0, words) read as empty.
Word shifted_up(const Word* x, int i) { return (x[i] << 1) | (i > 0 ? x[i - 1] >> 63 : 0); }
Word shifted_down(const Word* x, int i, int words) { return (x[i] >> 1) | (i + 1 < words ? x[i + 1] << 63 : 0); }

// Word i of the values a free cell with `usable` usable neighbours keeps: with two (value sets c1
// and c2), 1, N and the v with v-1 on one and v+1 on the other; with one, 1 and N; with none,
// nothing unless N = 1. Word-wide: a 1x3000 strip settles one cell a round from each end, and
// value by value that was N^3 (16.9 s at the root).
Word dead_end_keeps(int usable, const Word* c1, const Word* c2, int i, int words, int n) {
  if (usable == 0) return n == 1 && i == 0 ? Word{1} << 1 : 0;
  Word keep = 0;
  if (i == 0) keep |= Word{1} << 1;
  if (i == (n >> 6)) keep |= Word{1} << (n & 63);
  if (usable == 1) return keep;
  return keep | (shifted_up(c1, i) & shifted_down(c2, i, words)) | (shifted_down(c1, i, words) & shifted_up(c2, i));
}

}  // namespace

// A free cell holding v (1 < v < N) needs two neighbours for v-1 and v+1: free cells, or fixed
// cells whose value still lacks a neighbour on one side. With fewer, the cell is a path end. With
// exactly two (q1, q2), both are its path neighbours: v stays only if v-1 and v+1 can sit on q1
// and q2 in some order.
bool Regions::prune_dead_ends(Domains& d) {
  const int n = d.n(), words = d.value_words();
  for (CellId c = 0; c < layout_.cells(); ++c) {
    const int p = layout_.pos_of(c);
    if (value_at_[static_cast<std::size_t>(p)] != 0) continue;
    int usable = 0, q1 = -1, q2 = -1;
    for (int q : layout_.neighbours(p)) {
      const int w = value_at_[static_cast<std::size_t>(q)];
      if (w == 0 || lacks_neighbour(w, n)) {
        ++usable;
        (q1 < 0 ? q1 : q2) = q;
        if (usable > 2) break;
      }
    }
    if (usable > 2) continue;
    const Word* c1 = usable == 2 ? d.values_of(q1) : nullptr;
    const Word* c2 = usable == 2 ? d.values_of(q2) : nullptr;
    d.filter_value_words(p, [&](int i) { return dead_end_keeps(usable, c1, c2, i, words, n); });
    if (d.conflict()) return false;
  }
  return true;
}

// Plan: a depth-first search over the free cells finds cut cells with Tarjan's low-link (and, one
// search per component, labels the components: in the order of their first cell). Each cell counts
// its attachments (fixed neighbours whose value still lacks a neighbour: where a segment can come
// in or go out) and whether it may hold 1 or N (a path end), counted as the search walks its
// neighbours. Summed over DFS subtrees, a subtree X cut off by cell a (low[X] >= disc[a]) touches
// the other free cells only through a; if X has no attachment and no end, a path can enter X
// (through a) but never leave. The same holds for the rest of the component (everything but X and
// a), when not empty: checked once the component is done and its total known.
bool Regions::check_pockets(Domains& d) {
  const auto np = static_cast<std::size_t>(layout_.positions());
  disc_.assign(np, -1);
  std::fill(comp_.begin(), comp_.end(), -1);
  comp_size_.clear();
  low_.resize(np);
  next_.resize(np);
  own_.resize(np);
  sub_.resize(np);
  attach_.resize(np);
  for (std::size_t i = 0; i < fixed_.size(); ++i)
    attach_[static_cast<std::size_t>(fixed_pos_[i])] = lacks_neighbour(fixed_[i], d.n()) ? 1 : 0;
  int time = 0;
  for (CellId c = 0; c < layout_.cells(); ++c) {
    const int root = layout_.pos_of(c);
    if (value_at_[static_cast<std::size_t>(root)] != 0 || disc_[static_cast<std::size_t>(root)] >= 0) continue;
    if (!search_component(d, root, time)) return false;
  }
  return true;
}

// The search of check_pockets over the component of free cells that `root` lies in (the next
// component id; `time` numbers the cells in discovery order across components). False when a
// pocket can be entered but never left.
bool Regions::search_component(const Domains& d, int root, int& time) {
  const int n = d.n();
  const int id = static_cast<int>(comp_size_.size());
  Exits all{};
  auto enter = [&](int q) {
    const auto iq = static_cast<std::size_t>(q);
    disc_[iq] = low_[iq] = time++;
    comp_[iq] = id;
    next_[iq] = 0;
    sub_[iq] = Exits{};
    own_[iq] = Exits{0, (d.has(1, q) || d.has(n, q)) ? 1 : 0, 1};
    dfs_.push_back(q);
  };
  dfs_.clear();
  cuts_.clear();
  enter(root);
  while (!dfs_.empty()) {
    const int p = dfs_.back();
    const auto ip = static_cast<std::size_t>(p);
    const auto nb = layout_.neighbours(p);
    // On through p's neighbours to the next free cell not yet seen (then down into it).
    int k = next_[ip], low = low_[ip], child = -1;
    while (k < static_cast<int>(nb.size())) {
      const auto q = static_cast<std::size_t>(nb[static_cast<std::size_t>(k++)]);
      if (value_at_[q] != 0) {
        own_[ip].attach += attach_[q];
        continue;
      }
      if (disc_[q] < 0) {
        child = static_cast<int>(q);
        break;
      }
      low = std::min(low, disc_[q]);
    }
    next_[ip] = k;
    low_[ip] = low;
    if (child >= 0) {
      enter(child);
      continue;
    }
    // p is done: its own count is complete, and so are its children's subtrees (in sub_).
    sub_[ip] += own_[ip];
    all += own_[ip];
    dfs_.pop_back();
    if (dfs_.empty()) break;
    const auto ia = static_cast<std::size_t>(dfs_.back());
    low_[ia] = std::min(low_[ia], low_[ip]);
    if (low_[ip] >= disc_[ia]) {  // the parent cuts off the subtree of p
      const Exits& x = sub_[ip];
      if (x.attach == 0 && x.ends == 0) return false;
      cuts_.push_back({static_cast<int>(ia), x});
    }
    sub_[ia] += sub_[ip];
  }
  for (const Cut& cut : cuts_) {
    const Exits& a = own_[static_cast<std::size_t>(cut.parent)];
    const Exits rest{all.attach - cut.sub.attach - a.attach, all.ends - cut.sub.ends - a.ends,
                     all.cells - cut.sub.cells - 1};
    if (rest.cells > 0 && rest.attach == 0 && rest.ends == 0) return false;
  }
  comp_size_.push_back(all.cells);
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

// Removes every cell outside component `comp` from the segment's values, a word at a time
// (component masks are built once per check, on first use).
void Regions::confine(Domains& d, const Segment& s, int comp) {
  const int nw = d.words();
  if (masks_.empty()) {
    masks_.assign(comp_size_.size() * static_cast<std::size_t>(nw), 0);
    for (CellId c = 0; c < layout_.cells(); ++c)
      if (const int p = layout_.pos_of(c), k = comp_[static_cast<std::size_t>(p)]; k >= 0)
        set_bit(&masks_[static_cast<std::size_t>(k) * static_cast<std::size_t>(nw)], p);
  }
  const Word* mask = &masks_[static_cast<std::size_t>(comp) * static_cast<std::size_t>(nw)];
  for (int v = s.first; v <= s.last && !d.conflict(); ++v) {
    const Word* cells = d.cells_of(v);
    for (int i = d.first_word(v), e = d.end_word(v); i < e && !d.conflict(); ++i)
      for (Word out = cells[i] & ~mask[i]; out != 0 && !d.conflict(); out &= out - 1)
        d.remove(v, i * 64 + __builtin_ctzll(out));
  }
}

// Plan: list the segments; give each its candidate components (none: conflict; one: confine it).
// Then each component must be filled exactly: the lengths of the segments that may enter it must
// reach its size (if they only just reach it, all of them go there) and some subset must hit it.
bool Regions::place_segments(Domains& d) {
  const int n = d.n();
  segments_.clear();
  int prev = 0, prev_pos = -1;
  for (std::size_t i = 0; i < fixed_.size(); ++i) {
    const int f = fixed_[i], pos = fixed_pos_[i];  // a fixed value keeps its cell (or the check failed)
    if (f - prev > 1) segments_.push_back({prev + 1, f - 1, prev_pos, pos});
    prev = f;
    prev_pos = pos;
  }
  if (prev < n) segments_.push_back({prev + 1, n, prev_pos, -1});

  const auto ncomp = comp_size_.size();
  comp_sum_.assign(ncomp, 0);
  comp_lengths_.resize(ncomp);
  for (auto& l : comp_lengths_) l.clear();
  seg_comps_.resize(segments_.size());
  for (std::size_t si = 0; si < segments_.size(); ++si) {
    const Segment& s = segments_[si];
    const int len = s.last - s.first + 1;
    int* cand = seg_comps_[si].comp;
    const int k = seg_comps_[si].count = component_candidates(s, len, cand);
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
  // Components that need every segment able to reach them claim those segments (each segment's
  // candidates as the first loop found them: confining changes no component).
  for (std::size_t si = 0; si < segments_.size(); ++si) {
    const Segment& s = segments_[si];
    const int k = seg_comps_[si].count;
    const int* cand = seg_comps_[si].comp;
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
