#pragma once
// Layout: the board seen as bit positions, so that "the cells next to any cell of a set" is a handful
// of word shifts instead of a walk over adjacency lists.
//
// A position is row * (cols + 1) + col: every row carries one guard column that is never playable,
// so shifting a bit one column left or right off the edge lands on a guard bit, never on a cell of
// the next row. Sets of positions are plain arrays of 64-bit words (`Bits`); only playable positions
// ever get set. The solver works in positions throughout and maps back to CellId at the end.
#include <cstdint>
#include <span>
#include <vector>

#include "core/board.hpp"

namespace hidato::solver_detail {

using Word = std::uint64_t;

inline bool test_bit(const Word* w, int i) { return (w[i >> 6] >> (i & 63)) & 1U; }
inline void set_bit(Word* w, int i) { w[i >> 6] |= Word{1} << (i & 63); }
inline void clear_bit(Word* w, int i) { w[i >> 6] &= ~(Word{1} << (i & 63)); }

// Calls f(index) for every set bit of words[first..end).
template <class F>
void for_each_bit(const Word* words, int first, int end, F&& f) {
  for (int i = first; i < end; ++i)
    for (Word w = words[i]; w != 0; w &= w - 1) f(i * 64 + __builtin_ctzll(w));
}

// Calls f(index) for every set bit of words[0..n).
template <class F>
void for_each_bit(const Word* words, int n, F&& f) {
  for_each_bit(words, 0, n, f);
}

class Layout {
 public:
  explicit Layout(const Board& board);

  int positions() const { return positions_; }  // rows * (cols + 1)
  int words() const { return words_; }          // words of one position set
  int cells() const { return static_cast<int>(cell_pos_.size()); }
  int pos_of(CellId c) const { return cell_pos_[static_cast<std::size_t>(c)]; }
  CellId cell_of(int pos) const { return pos_cell_[static_cast<std::size_t>(pos)]; }
  const Word* playable() const { return playable_.data(); }
  // Neighbouring playable positions of a playable position (CSR).
  // Where neighbours(pos) starts in the neighbour lists of all positions, laid end to end
  // (neighbour_slots() entries): an index for per-(position, neighbour) data.
  int neighbour_offset(int pos) const { return adj_start_[static_cast<std::size_t>(pos)]; }
  int neighbour_slots() const { return static_cast<int>(adj_.size()); }
  std::span<const int> neighbours(int pos) const {
    const auto i = static_cast<std::size_t>(pos);
    return {adj_.data() + adj_start_[i], adj_.data() + adj_start_[i + 1]};
  }

  // Word i of the neighbourhood of x: every position adjacent to some position of x (x itself is
  // not included unless adjacent to another member). May contain guard bits; AND with a subset of
  // the playable positions before use.
  Word dilate_word(const Word* x, int i) const;
  // The farthest a neighbour sits from a position, in positions (cols + 2 on square8 and hex6).
  int reach() const { return reach_; }
  void dilate(const Word* x, Word* out) const;

 private:
  // One shifted copy of x (optionally masked to even or odd rows first) contributes to a dilation.
  struct Shift {
    int offset;        // position delta
    const Word* mask;  // nullptr: all rows
    int dw = 0;        // word i of the result starts at bit r of source word i + dw
    int r = 0;
  };
  template <bool Checked, bool Masked>
  Word dilate_at(const Word* x, int i) const;
  // Some cell (of the shift's rows) has a neighbour `offset` positions on.
  bool links_cells(const Shift& sh) const;

  int positions_ = 0;
  int words_ = 0;
  std::vector<int> cell_pos_;
  std::vector<CellId> pos_cell_;
  std::vector<Word> playable_;
  std::vector<Word> even_rows_, odd_rows_;
  std::vector<Shift> shifts_;
  int reach_ = 0;
  bool masked_ = false;            // some shift reads only even or odd rows (hex6)
  int inner_lo_ = 0, inner_hi_ = 0;  // words [inner_lo_, inner_hi_) read no word out of range
  std::vector<int> adj_start_, adj_;
};

}  // namespace hidato::solver_detail
