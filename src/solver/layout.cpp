#include "solver/layout.hpp"

#include <algorithm>
#include <cstdlib>

namespace hidato::solver_detail {

Layout::Layout(const Board& board) {
  const int stride = board.cols() + 1;
  positions_ = board.rows() * stride;
  words_ = (positions_ + 63) / 64;
  const auto nw = static_cast<std::size_t>(words_);
  playable_.assign(nw, 0);
  even_rows_.assign(nw, 0);
  odd_rows_.assign(nw, 0);
  pos_cell_.assign(static_cast<std::size_t>(positions_), no_cell);
  for (int r = 0; r < board.rows(); ++r)
    for (int c = 0; c <= board.cols(); ++c) set_bit((r % 2 ? odd_rows_ : even_rows_).data(), r * stride + c);
  for (CellId cell = 0; cell < board.size(); ++cell) {
    const Coord co = board.coord(cell);
    const int p = co.row * stride + co.col;
    cell_pos_.push_back(p);
    pos_cell_[static_cast<std::size_t>(p)] = cell;
    set_bit(playable_.data(), p);
  }
  adj_start_.assign(static_cast<std::size_t>(positions_) + 1, 0);
  for (int p = 0; p < positions_; ++p) {
    adj_start_[static_cast<std::size_t>(p)] = static_cast<int>(adj_.size());
    if (const CellId cell = cell_of(p); cell != no_cell)
      for (CellId n : board.neighbours(cell)) adj_.push_back(cell_pos_[static_cast<std::size_t>(n)]);
  }
  adj_start_[static_cast<std::size_t>(positions_)] = static_cast<int>(adj_.size());

  const int s = stride;
  switch (board.topology()) {
    case Topology::square4:
      shifts_ = {{-s, nullptr}, {-1, nullptr}, {1, nullptr}, {s, nullptr}};
      break;
    case Topology::square8:
      shifts_ = {{-s - 1, nullptr}, {-s, nullptr}, {-s + 1, nullptr}, {-1, nullptr},
                 {1, nullptr},      {s - 1, nullptr}, {s, nullptr},   {s + 1, nullptr}};
      break;
    case Topology::hex6: {
      // odd-r offset rows: an even row's diagonal neighbours sit at col-1 and col, an odd row's at
      // col and col+1, in the rows above and below.
      const Word* ev = even_rows_.data();
      const Word* od = odd_rows_.data();
      shifts_ = {{-1, nullptr}, {1, nullptr}, {-s - 1, ev}, {-s, ev}, {s - 1, ev}, {s, ev},
                 {-s, od},      {-s + 1, od}, {s, od},      {s + 1, od}};
      break;
    }
  }
  // A shift that takes no cell to a neighbour (on a single row, those to the rows above and below)
  // goes: kept, it set the reach (how far a removal's effect is looked for) to a whole row, and
  // every word read out of range: a blank 1 x 3,000 strip's root propagation spent half its 2.3 s
  // in those reads. A shift that is used is found at the first cell with such a neighbour.
  std::erase_if(shifts_, [this](const Shift& sh) { return !links_cells(sh); });
  // Word i of x moved by `offset` positions reads source bits from 64 * i - offset on: words
  // i + dw and i + dw + 1, from bit r (precomputed: dilate_word runs in the innermost loops).
  int min_dw = 0, max_dw = 0;
  for (Shift& sh : shifts_) {
    const int t = -sh.offset;
    sh.dw = t >= 0 ? t / 64 : -((-t + 63) / 64);
    sh.r = t - 64 * sh.dw;
    min_dw = std::min(min_dw, sh.dw);
    max_dw = std::max(max_dw, sh.dw + 1);
    masked_ = masked_ || sh.mask != nullptr;
    reach_ = std::max(reach_, std::abs(sh.offset));
  }
  inner_lo_ = -min_dw;
  inner_hi_ = words_ - max_dw;
}

bool Layout::links_cells(const Shift& sh) const {
  for (int p = 0; p < positions_; ++p)
    if (sh.mask == nullptr || test_bit(sh.mask, p))
      for (int q : neighbours(p))
        if (q - p == sh.offset) return true;
  return false;
}

// Word i of the neighbourhood: each shift's two source words, i + dw and i + dw + 1, from bit r.
// Checked: some source word may lie outside the set (it reads as empty). Masked: a shift may read
// only even or odd rows (hex6).
template <bool Checked, bool Masked>
Word Layout::dilate_at(const Word* x, int i) const {
  auto load = [&](const Shift& s, int j) -> Word {
    if constexpr (Checked) {
      if (j < 0 || j >= words_) return 0;
    }
    if constexpr (Masked) {
      if (s.mask) return x[j] & s.mask[j];
    }
    return x[j];
  };
  Word out = 0;
  for (const Shift& s : shifts_) {
    const int w = i + s.dw;
    const Word a = load(s, w);
    out |= s.r == 0 ? a : (a >> s.r) | (load(s, w + 1) << (64 - s.r));
  }
  return out;
}

// Inner words (every source word in range) skip the checks; hex6 alone pays for the row masks.
Word Layout::dilate_word(const Word* x, int i) const {
  if (i < inner_lo_ || i >= inner_hi_) return dilate_at<true, true>(x, i);
  return masked_ ? dilate_at<false, true>(x, i) : dilate_at<false, false>(x, i);
}

void Layout::dilate(const Word* x, Word* out) const {
  for (int i = 0; i < words_; ++i) out[i] = dilate_word(x, i) & playable_[static_cast<std::size_t>(i)];
}

}  // namespace hidato::solver_detail
