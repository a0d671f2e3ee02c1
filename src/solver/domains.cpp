#include "solver/domains.hpp"

#include <algorithm>
#include <bit>

namespace hidato::solver_detail {

Domains::Domains(const Layout& layout)
    : layout_(layout),
      n_(layout.cells()),
      p_(layout.positions()),
      w_(layout.words()),
      vw_((layout.cells() + 1 + 63) / 64),
      dirty_up_(static_cast<std::size_t>(layout.cells()) + 2),
      dirty_down_(static_cast<std::size_t>(layout.cells()) + 2) {}

namespace {
// Words [first, end) of words[0..n) outside which every word is zero.
std::pair<int, int> nonzero_span(const Word* words, int n) {
  int first = 0, end = n;
  while (first < end && words[first] == 0) ++first;
  while (end > first && words[end - 1] == 0) --end;
  return {first, end};
}
}  // namespace

// Plan: every value starts on every playable cell except the other givens' cells; a given sits on
// its own cell. Sweeping support forward (v from v-1) then backward (v from v+1) twice cuts each
// value to the cells within reach of the givens on both sides. Only then are the per-cell value
// sets built, so the root pays once per surviving (value, cell) pair and never per removal.
bool Domains::init(const Values& givens, std::span<const Exclusion> excluded, Watch& watch) {
  const auto nn = static_cast<std::size_t>(n_);
  const auto ww = static_cast<std::size_t>(w_);
  dom_.resize((nn + 2) * ww);  // every row is written below
  std::vector<int> given_pos(nn + 2, -1);
  std::vector<Word> given_mask(ww, 0);
  for (CellId c = 0; c < n_; ++c) {
    const int g = givens[static_cast<std::size_t>(c)];
    if (g == 0) continue;
    if (g < 1 || g > n_ || given_pos[static_cast<std::size_t>(g)] != -1) return false;
    given_pos[static_cast<std::size_t>(g)] = layout_.pos_of(c);
    set_bit(given_mask.data(), layout_.pos_of(c));
  }
  auto expired = [&](int v) { return (v & 63) == 0 && watch.expired(); };
  std::fill(dom(0), dom(0) + ww, Word{0});
  std::fill(dom(n_ + 1), dom(n_ + 1) + ww, Word{0});
  for (int v = 1; v <= n_; ++v) {
    if (expired(v)) return false;
    Word* d = dom(v);
    if (const int gp = given_pos[static_cast<std::size_t>(v)]; gp >= 0) {
      std::fill(d, d + ww, Word{0});
      set_bit(d, gp);
      continue;
    }
    for (std::size_t i = 0; i < ww; ++i) d[i] = layout_.playable()[i] & ~given_mask[i];
  }
  for (const Exclusion& e : excluded)
    if (e.value >= 1 && e.value <= n_ && e.cell >= 0 && e.cell < n_) clear_bit(dom(e.value), layout_.pos_of(e.cell));
  std::vector<Word> reach(ww);
  auto cut = [&](int v, int from) {
    Word* d = dom(v);
    if (const int gp = given_pos[static_cast<std::size_t>(v)]; gp >= 0) {
      // A given keeps its cell when a candidate of `from` touches it: a look at its neighbours
      // instead of a dilation of the whole board (boards with most cells given, such as the
      // generator's local searches, are nearly all givens).
      const auto nbs = layout_.neighbours(gp);
      if (std::none_of(nbs.begin(), nbs.end(), [&](int q) { return test_bit(dom(from), q); })) clear_bit(d, gp);
      return;
    }
    layout_.dilate(dom(from), reach.data());
    for (std::size_t i = 0; i < ww; ++i) d[i] &= reach[i];
  };
  for (int round = 0; round < 2; ++round) {
    for (int v = 2; v <= n_; ++v)
      if (cut(v, v - 1); expired(v)) return false;
    for (int v = n_ - 1; v >= 1; --v)
      if (cut(v, v + 1); expired(v)) return false;
  }

  vcount_.assign(nn + 2, 0);
  ccount_.assign(static_cast<std::size_t>(p_), 0);
  cv_.resize(static_cast<std::size_t>(p_) * static_cast<std::size_t>(vw_));
  for (int pos = 0; pos < p_; ++pos) {
    if (expired(pos)) return false;
    std::fill(cv(pos), cv(pos) + vw_, Word{0});
  }
  at_.assign(nn + 2, 0);
  for (int v = 1; v <= n_; ++v) {
    if (expired(v)) return false;
    for_each_bit(dom(v), w_, [&](int p) {
      set_bit(cv(p), v);
      ++ccount_[static_cast<std::size_t>(p)];
      ++vcount_[static_cast<std::size_t>(v)];
    });
    if (vcount_[static_cast<std::size_t>(v)] == 0) return false;
  }
  for (CellId c = 0; c < n_; ++c)
    if (ccount_[static_cast<std::size_t>(layout_.pos_of(c))] == 0) return false;

  span_.assign(nn + 2, {0, w_});
  vspan_.assign(static_cast<std::size_t>(p_), {0, vw_});
  in_rev_.assign(nn + 2, 0);
  clear_queues();
  const Dirty all{0, p_ - 1};  // every value revised in full once (all are queued below)
  std::fill(dirty_up_.begin(), dirty_up_.end(), all);
  std::fill(dirty_down_.begin(), dirty_down_.end(), all);
  fixed_ = 0;
  for (int v = 1; v <= n_; ++v) {
    fixed_ += is_fixed(v) ? 1 : 0;
    if (is_fixed(v)) fixq_.push_back(v);
    enqueue_revise(v);
  }
  for (CellId c = 0; c < n_; ++c)
    if (ccount_[static_cast<std::size_t>(layout_.pos_of(c))] == 1) cellq_.push_back(layout_.pos_of(c));
  return true;
}

void Domains::start_trail() {
  trailing_ = true;
  for (int v = 1; v <= n_; ++v) span_[static_cast<std::size_t>(v)] = nonzero_span(cells_of(v), w_);
  for (int pos = 0; pos < p_; ++pos) vspan_[static_cast<std::size_t>(pos)] = nonzero_span(values_of(pos), vw_);
}

int Domains::first_cell(int v) const {
  const Word* d = cells_of(v);
  for (int i = first_word(v); i < end_word(v); ++i)
    if (d[i] != 0) return i * 64 + std::countr_zero(d[i]);
  return -1;
}

int Domains::pos_of_fixed(int v) {
  int& cached = at_[static_cast<std::size_t>(v)];
  if (test_bit(cells_of(v), cached)) return cached;
  const int p = first_cell(v);
  return p >= 0 ? cached = p : cached;  // p < 0 is unreachable when the precondition holds
}

void Domains::remove(int v, int pos) {
  clear_bit(dom(v), pos);
  clear_bit(cv(pos), v);
  const int vc = --vcount_[static_cast<std::size_t>(v)];
  const int cc = --ccount_[static_cast<std::size_t>(pos)];
  if (trailing_) trail_.push_back(static_cast<std::uint64_t>(v) << 32 | static_cast<std::uint32_t>(pos));
  fixed_ += vc == 1 ? 1 : vc == 0 ? -1 : 0;  // undo_to counts the other way
  if (vc == 0 || cc == 0) {
    conflict_ = true;
    return;
  }
  if (vc == 1) fixq_.push_back(v);
  if (cc == 1) cellq_.push_back(pos);
  dirty_up_[static_cast<std::size_t>(v)].add(pos);
  dirty_down_[static_cast<std::size_t>(v)].add(pos);
  enqueue_revise(v - 1);
  enqueue_revise(v + 1);
}

void Domains::assign(int v, int pos) {
  filter_cells(v, [pos](int p) { return p == pos; });
}

// Support: keep the cells of v that touch a cell of v-1 and a cell of v+1. A cell of v can only
// have lost its support next to a cell v-1 or v+1 lost since v was last revised (Dirty), so only
// the words within a neighbour's reach of those are read, and of them only words where v still
// has cells are computed. (Every state undo_to returns to is a fixpoint, so the dirty ranges of
// the revisions it drops from the queue are dropped with them.)
void Domains::revise(int v) {
  Word* d = dom(v);
  const Word* lo = v > 1 ? cells_of(v - 1) : nullptr;
  const Word* hi = v < n_ ? cells_of(v + 1) : nullptr;
  Dirty& below = dirty_up_[static_cast<std::size_t>(v - 1)];
  Dirty& above = dirty_down_[static_cast<std::size_t>(v + 1)];
  const int reach = layout_.reach();
  const int first = std::max(first_word(v), (std::min(below.lo, above.lo) - reach) >> 6);
  const int end = std::min(end_word(v), ((std::max(below.hi, above.hi) + reach) >> 6) + 1);
  below = above = Dirty{};
  for (int i = first, e = end; i < e && !conflict_; ++i) {
    if (d[i] == 0) continue;
    Word keep = d[i];
    if (lo) keep &= layout_.dilate_word(lo, i);
    if (hi && keep) keep &= layout_.dilate_word(hi, i);
    for (Word gone = d[i] & ~keep; gone != 0 && !conflict_; gone &= gone - 1)
      remove(v, i * 64 + std::countr_zero(gone));
  }
}

void Domains::fix_value(int v) {
  if (!is_fixed(v)) return;
  const int pos = pos_of_fixed(v);
  filter_values(pos, [v](int u) { return u == v; });
}

void Domains::fix_cell(int pos) {
  if (values_at(pos) != 1) return;
  const Word* c = values_of(pos);
  int v = 0;
  for (int i = first_value_word(pos), e = end_value_word(pos); i < e; ++i)
    if (c[i] != 0) {
      v = i * 64 + std::countr_zero(c[i]);
      break;
    }
  filter_cells(v, [pos](int p) { return p == pos; });
}

bool Domains::propagate(Watch& watch) {
  while (!conflict_) {
    if (!fixq_.empty()) {
      const int v = fixq_.back();
      fixq_.pop_back();
      fix_value(v);
    } else if (!cellq_.empty()) {
      const int pos = cellq_.back();
      cellq_.pop_back();
      fix_cell(pos);
    } else if (rev_head_ < revq_.size()) {
      const int v = revq_[rev_head_++];
      in_rev_[static_cast<std::size_t>(v)] = 0;
      revise(v);
      if (rev_head_ == revq_.size()) {
        revq_.clear();
        rev_head_ = 0;
      }
    } else {
      return true;
    }
    if (watch.step_expired()) return false;
  }
  return false;
}

void Domains::clear_queues() {
  fixq_.clear();
  cellq_.clear();
  for (std::size_t i = rev_head_; i < revq_.size(); ++i) {
    const auto v = static_cast<std::size_t>(revq_[i]);
    in_rev_[v] = 0;
    dirty_up_[v - 1] = dirty_down_[v + 1] = Dirty{};
  }
  revq_.clear();
  rev_head_ = 0;
}

void Domains::undo_to(std::size_t mark) {
  while (trail_.size() > mark) {
    const std::uint64_t e = trail_.back();
    trail_.pop_back();
    const int v = static_cast<int>(e >> 32);
    const int pos = static_cast<int>(e & 0xffffffffU);
    set_bit(dom(v), pos);
    set_bit(cv(pos), v);
    const int vc = ++vcount_[static_cast<std::size_t>(v)];
    fixed_ += vc == 1 ? 1 : vc == 2 ? -1 : 0;
    ++ccount_[static_cast<std::size_t>(pos)];
  }
  clear_queues();
  conflict_ = false;
}

}  // namespace hidato::solver_detail
