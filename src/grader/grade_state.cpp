#include "grader/grade_state.hpp"

#include <algorithm>
#include <bit>

namespace hidato::grading {

// Start: every given is placed; every other number may sit in any blank cell. Givens that break
// the rules (out of 1..N, or repeated) leave the state broken instead of asserting.
GradeState::GradeState(const Puzzle& puzzle, double what_ifs_per_cell, std::uint64_t max_what_ifs)
    : board_(&puzzle.board), n_(puzzle.board.size()), words_((static_cast<std::size_t>(n_) + 63) / 64),
      what_ifs_left_(std::min(max_what_ifs, static_cast<std::uint64_t>(std::max(0.0, what_ifs_per_cell) * n_))) {
  cand_.assign(static_cast<std::size_t>(n_ + 1) * words_, 0);
  count_.assign(static_cast<std::size_t>(n_) + 1, 0);
  cell_of_.assign(static_cast<std::size_t>(n_) + 1, no_cell);
  stamp_.assign(static_cast<std::size_t>(n_) + 1, 1);
  value_at_.assign(static_cast<std::size_t>(n_), 0);
  if (puzzle.givens.size() != static_cast<std::size_t>(n_)) {
    broken_ = true;
    return;
  }
  for (CellId c = 0; c < n_; ++c) {
    const int v = puzzle.givens[c];
    if (v == 0) continue;
    if (v < 0 || v > n_ || cell_of_[v] != no_cell) {
      broken_ = true;
      return;
    }
    cell_of_[v] = c;
    value_at_[c] = v;
    ++placed_;
  }
  std::vector<std::uint64_t> blank(words_, 0);
  for (CellId c = 0; c < n_; ++c)
    if (value_at_[c] == 0) blank[c >> 6] |= std::uint64_t{1} << (c & 63);
  vwords_ = (static_cast<std::size_t>(n_) + 1 + 63) / 64;
  by_cell_.assign(static_cast<std::size_t>(n_) * vwords_, 0);
  std::vector<std::uint64_t> unplaced(vwords_, 0);  // what a blank cell may hold
  for (int v = 1; v <= n_; ++v) {
    std::uint64_t* r = row(v);
    if (cell_of_[v] != no_cell) {
      r[cell_of_[v] >> 6] |= std::uint64_t{1} << (cell_of_[v] & 63);
      count_[v] = 1;
      set_by_cell(cell_of_[v], v);
    } else {
      for (std::size_t w = 0; w < words_; ++w) r[w] = blank[w];
      count_[v] = n_ - placed_;
      unplaced[static_cast<std::size_t>(v) >> 6] |= std::uint64_t{1} << (v & 63);
    }
  }
  for (CellId c = 0; c < n_; ++c)
    if (value_at_[c] == 0)
      std::copy(unplaced.begin(), unplaced.end(), by_cell_.data() + static_cast<std::size_t>(c) * vwords_);
}

void GradeState::set_by_cell(CellId c, int v) {
  by_cell_[static_cast<std::size_t>(c) * vwords_ + (static_cast<std::size_t>(v) >> 6)] |= std::uint64_t{1} << (v & 63);
}

void GradeState::clear_by_cell(CellId c, int v) {
  by_cell_[static_cast<std::size_t>(c) * vwords_ + (static_cast<std::size_t>(v) >> 6)] &= ~(std::uint64_t{1} << (v & 63));
}

std::vector<CellId> GradeState::candidates(int v) const {
  std::vector<CellId> out;
  out.reserve(static_cast<std::size_t>(count_[v]));
  const std::uint64_t* r = row(v);
  for (std::size_t w = 0; w < words_; ++w)
    for (std::uint64_t bits = r[w]; bits != 0; bits &= bits - 1)
      out.push_back(static_cast<CellId>(w * 64 + static_cast<std::size_t>(std::countr_zero(bits))));
  return out;
}

CellId GradeState::single(int v) const {
  const std::uint64_t* r = row(v);
  for (std::size_t w = 0; w < words_; ++w)
    if (r[w] != 0) return static_cast<CellId>(w * 64 + static_cast<std::size_t>(std::countr_zero(r[w])));
  return no_cell;
}

const ReachMemo* GradeState::reach_memo(int lo) const {
  if (static_cast<std::size_t>(lo) >= memos_.size() || memos_[lo].hi == 0) return nullptr;
  return &memos_[lo];
}

bool GradeState::erase(int v, CellId c) {
  std::uint64_t& word = row(v)[c >> 6];
  const std::uint64_t bit = std::uint64_t{1} << (c & 63);
  if ((word & bit) == 0) return false;
  word &= ~bit;
  stamp_[v] = tick_;
  clear_by_cell(c, v);
  if (--count_[v] == 0) broken_ = true;
  return true;
}

// Precondition: v unplaced, c free and a candidate of v.
// The cell index (by_cell_) says which numbers still have c, so only those rows are touched.
void GradeState::place(int v, CellId c) {
  for (CellId x : candidates(v))
    if (x != c) clear_by_cell(x, v);
  std::uint64_t* r = row(v);
  for (std::size_t w = 0; w < words_; ++w) r[w] = 0;
  r[c >> 6] = std::uint64_t{1} << (c & 63);
  count_[v] = 1;
  stamp_[v] = tick_;
  cell_of_[v] = c;
  value_at_[c] = v;
  ++placed_;
  placement_log_.push_back(c);
  std::uint64_t* others = by_cell_.data() + static_cast<std::size_t>(c) * vwords_;
  for (std::size_t w = 0; w < vwords_; ++w)
    for (std::uint64_t bits = others[w]; bits != 0; bits &= bits - 1) {
      const int u = static_cast<int>(w * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
      if (u != v) erase(u, c);
    }
}

// Removals first, then placements; a placement that clashes with the state (its cell taken, its
// number elsewhere, or no longer a candidate) marks the state broken: no solution exists.
Applied GradeState::apply(const Deductions& d) {
  Applied out;
  ++tick_;
  what_ifs_left_ -= std::min(what_ifs_left_, d.what_ifs);
  if (d.contradiction) {
    broken_ = true;
    out.contradiction = true;
    return out;
  }
  std::vector<char> touched(static_cast<std::size_t>(n_) + 1, 0);
  const bool clean = d.for_each_removal([&](int v, CellId c) {
    if (cell_of_[v] == c) return false;  // crossing off a placed number's own cell
    if (erase(v, c)) touched[v] = 1;
    return true;
  });
  if (!clean) {
    broken_ = true;
    return out;
  }
  for (const auto& [v, c] : d.place) {
    if (cell_of_[v] == c) continue;
    if (cell_of_[v] != no_cell || value_at_[c] != 0 || !has(v, c)) {
      broken_ = true;
      return out;
    }
    place(v, c);
    touched[v] = 1;
    ++out.placed;
  }
  for (int v = 1; v <= n_; ++v) out.narrowed += touched[v];
  if (!broken_ && !d.memos.empty()) {
    memos_.resize(static_cast<std::size_t>(n_) + 1);
    for (const auto& [lo, memo] : d.memos) memos_[lo] = memo;
  }
  if (!broken_ && !d.gap_memos.empty()) {
    gap_memos_.resize(static_cast<std::size_t>(n_) + 1);
    for (const auto& [lo, memo] : d.gap_memos) gap_memos_[lo] = memo;
  }
  if (!broken_ && d.dead_end_tick != 0) dead_end_tick_ = d.dead_end_tick;
  return out;
}

}  // namespace hidato::grading
