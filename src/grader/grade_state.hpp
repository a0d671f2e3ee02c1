#pragma once
// GradeState: what a person solving the puzzle knows at one moment.
//
// For every number v in 1..N it keeps the set of cells that may still hold v (its candidates).
// A number is placed when its candidate set is a single cell; that cell is then taken and is no
// candidate of any other number. Invariant (for a puzzle with a solution): the solution's cell of
// v is always among v's candidates, because every technique only removes cells that cannot hold v.
//
// Techniques never change the state directly: they return Deductions computed from one snapshot,
// and apply() performs them all at once. This makes a pass independent of the order in which
// cells are numbered, so the grade is the same for a rotated or mirrored board.
#include <bit>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "core/puzzle.hpp"

namespace hidato::grading {

// What only-cell saw of one gap (lo..hi between the cells below and above): the cells its reach
// searches visited. While none of them is taken, the reach is the same and, its removals being
// applied, the gap has nothing new to cross off. A cache only: grades are the same without it.
struct ReachMemo {
  int hi = 0;
  CellId below = no_cell;
  CellId above = no_cell;
  std::size_t log_size = 0;            // placements made before it was computed
  std::vector<std::uint64_t> visited;  // bitset over cells
};

// What gap-paths saw of one gap at tick `tick`: while no number of the gap changed since, the walk
// gives the same answer, already applied. A cache only, like ReachMemo.
struct GapMemo {
  int hi = 0;
  CellId below = no_cell;
  CellId above = no_cell;
  std::uint64_t tick = 0;
};

// Cells crossed off v's candidates in bulk: the set bits of word `word` of v's row.
struct RemoveWord {
  int value = 0;
  std::uint32_t word = 0;
  std::uint64_t bits = 0;
};

struct Deductions {
  std::vector<std::pair<int, CellId>> place;   // (value, cell): value v is at cell
  std::vector<std::pair<int, CellId>> remove;  // (value, cell): cell cannot hold v
  std::vector<RemoveWord> remove_words;        // the same, a word of cells at a time (only-cell)
  bool contradiction = false;                  // the position has no solution
  std::uint64_t what_ifs = 0;                  // trials spent (charged to the state's budget)
  std::vector<std::pair<int, ReachMemo>> memos;  // only-cell's per-gap memos (by lo), kept by apply()
  std::vector<std::pair<int, GapMemo>> gap_memos;  // gap-paths' per-gap memos (by lo), kept by apply()
  std::uint64_t dead_end_tick = 0;               // dead-end ran at this tick (0: did not run)
  bool empty() const { return place.empty() && remove.empty() && remove_words.empty() && !contradiction; }
  // Calls f(value, cell) for every crossed-off candidate, `remove` first, until f returns false;
  // false when it stopped.
  template <class F>
  bool for_each_removal(F&& f) const {
    for (const auto& [v, c] : remove)
      if (!f(v, c)) return false;
    for (const RemoveWord& r : remove_words)
      for (std::uint64_t bits = r.bits; bits != 0; bits &= bits - 1)
        if (!f(r.value, static_cast<CellId>(r.word * 64 + static_cast<std::uint32_t>(std::countr_zero(bits)))))
          return false;
    return true;
  }
};

struct Applied {
  int placed = 0;    // numbers newly placed
  int narrowed = 0;  // numbers whose candidates shrank (placed ones included)
  bool contradiction = false;
  bool changed() const { return placed > 0 || narrowed > 0 || contradiction; }
};

class GradeState {
 public:
  // Keeps a pointer to puzzle.board: the puzzle must outlive the state.
  // The what-if budget of the contradiction technique: min(what_ifs_per_cell * N, max_what_ifs)
  // (see GradeLimits).
  explicit GradeState(const Puzzle& puzzle, double what_ifs_per_cell = 0.5, std::uint64_t max_what_ifs = 64);
  explicit GradeState(Puzzle&&, double = 0.5, std::uint64_t = 64) = delete;

  const Board& board() const { return *board_; }
  int n() const { return n_; }
  CellId cell_of(int v) const { return cell_of_[v]; }        // no_cell while v is unplaced
  int value_at(CellId c) const { return value_at_[c]; }      // 0 while c is free
  bool is_free(CellId c) const { return value_at_[c] == 0; }
  bool is_placed(int v) const { return cell_of_[v] != no_cell; }
  bool has(int v, CellId c) const { return (row(v)[c >> 6] >> (c & 63)) & 1U; }
  int count(int v) const { return count_[v]; }
  // Numbers that may still sit in cell c (a placed cell: just its number).
  int values_count(CellId c) const {
    int k = 0;
    for (std::size_t w = 0; w < vwords_; ++w) k += std::popcount(by_cell_[static_cast<std::size_t>(c) * vwords_ + w]);
    return k;
  }
  // The smallest number that may still sit in cell c (0 when none).
  int first_value(CellId c) const {
    for (std::size_t w = 0; w < vwords_; ++w)
      if (const std::uint64_t bits = by_cell_[static_cast<std::size_t>(c) * vwords_ + w]; bits != 0)
        return static_cast<int>(w * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
    return 0;
  }
  int placed() const { return placed_; }
  bool solved() const { return !broken_ && placed_ == n_; }
  bool broken() const { return broken_; }  // a contradiction: the puzzle has no solution
  void mark_broken() { broken_ = true; }
  // Trials left for the contradiction technique (what-ifs); apply() charges Deductions::what_ifs.
  std::uint64_t what_ifs_left() const { return what_ifs_left_; }

  std::size_t words() const { return words_; }
  // v's candidates as a bitset: bit (c & 63) of word (c >> 6) is set when c may hold v.
  const std::uint64_t* bits(int v) const { return row(v); }
  // Candidate cells of v in ascending order.
  std::vector<CellId> candidates(int v) const;
  // Calls f(cell) for each candidate cell of v in ascending order, without allocating.
  template <class F>
  void for_each_candidate(int v, F&& f) const {
    const std::uint64_t* r = row(v);
    for (std::size_t w = 0; w < words_; ++w)
      for (std::uint64_t bits = r[w]; bits != 0; bits &= bits - 1)
        f(static_cast<CellId>(w * 64 + static_cast<std::size_t>(std::countr_zero(bits))));
  }
  // The only candidate of v when count(v) == 1.
  CellId single(int v) const;

  Applied apply(const Deductions& d);

  // The memo only-cell left for the gap starting at lo (nullptr when none), and the cells placed
  // since `log_size` placements had been made.
  const ReachMemo* reach_memo(int lo) const;
  std::span<const CellId> placed_since(std::size_t log_size) const {
    return std::span<const CellId>(placement_log_).subspan(log_size);
  }
  std::size_t placements_logged() const { return placement_log_.size(); }

  // Change ticks (caches only): tick() counts apply() calls; changed_since(v, t) is true when v's
  // candidates changed after tick t.
  std::uint64_t tick() const { return tick_; }
  bool changed_since(int v, std::uint64_t t) const { return stamp_[v] > t; }
  const GapMemo* gap_memo(int lo) const {
    return static_cast<std::size_t>(lo) < gap_memos_.size() && gap_memos_[lo].hi != 0 ? &gap_memos_[lo] : nullptr;
  }
  std::uint64_t dead_end_tick() const { return dead_end_tick_; }

 private:
  const std::uint64_t* row(int v) const { return cand_.data() + static_cast<std::size_t>(v) * words_; }
  std::uint64_t* row(int v) { return cand_.data() + static_cast<std::size_t>(v) * words_; }
  bool erase(int v, CellId c);
  void place(int v, CellId c);
  void set_by_cell(CellId c, int v);
  void clear_by_cell(CellId c, int v);

  const Board* board_;
  int n_ = 0;
  std::size_t words_ = 0;
  int placed_ = 0;
  bool broken_ = false;
  std::uint64_t what_ifs_left_ = 0;
  std::vector<CellId> placement_log_;  // cells in the order they were placed
  std::vector<ReachMemo> memos_;       // by gap start lo; hi == 0 for none
  std::vector<GapMemo> gap_memos_;     // by gap start lo; hi == 0 for none
  std::uint64_t dead_end_tick_ = 0;
  std::uint64_t tick_ = 1;
  std::vector<std::uint64_t> stamp_;   // value -> tick of its last change
  std::vector<std::uint64_t> cand_;  // (n+1) rows of words_ words; row 0 unused
  std::vector<int> count_;           // popcount of each row
  std::size_t vwords_ = 0;           // words per row of by_cell_
  std::vector<std::uint64_t> by_cell_;  // the transpose: cell -> bitset of numbers that may sit there
  std::vector<CellId> cell_of_;      // value -> cell or no_cell
  std::vector<int> value_at_;        // cell -> placed value or 0
};

}  // namespace hidato::grading
