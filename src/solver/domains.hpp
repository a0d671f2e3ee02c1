#pragma once
// Domains: for every value v in 1..N the set of positions it may still occupy, and for every
// position the set of values it may still hold (the same facts seen from both sides), with a trail
// that undoes every removal on backtrack.
//
// Propagation (to fixpoint, by `propagate`):
//   support      every candidate cell of v touches a candidate cell of v-1 and of v+1
//                (with givens at the ends this is exactly the graph-distance cut, gap by gap);
//   singletons   a value with one cell fixes that cell (the cell loses every other value);
//                a cell with one value fixes that value (the value loses every other cell);
//   wipe-out     a value with no cell or a cell with no value is a conflict.
// Region reasoning (components of free cells, dead ends) lives in regions.hpp.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <new>
#include <utility>
#include <vector>

#include "core/puzzle.hpp"
#include "solver/layout.hpp"
#include "solver/solver.hpp"
#include "solver/watch.hpp"

namespace hidato::solver_detail {

class Domains {
 public:
  explicit Domains(const Layout& layout);

  // Root domains from the givens (values[cell], 0 = blank), cut by distance to the givens.
  // Returns false when the givens already contradict each other. Nothing is trailed.
  // `excluded` pairs (value not at cell) are removed before the cut. Polls the watch once per
  // 64 values (a 256x256 board's cut takes seconds): false, with the watch stopped, when it expired.
  bool init(const Values& givens, std::span<const Exclusion> excluded, Watch& watch);
  // From now on every removal is trailed (call after root propagation). Domains never grow back
  // past what they are now, so each value's cells are bounded to the words they span now.
  void start_trail();

  int n() const { return n_; }
  int words() const { return w_; }
  int value_words() const { return vw_; }  // words of one cell's value set
  int count(int v) const { return vcount_[static_cast<std::size_t>(v)]; }
  bool is_fixed(int v) const { return count(v) == 1; }
  int fixed() const { return fixed_; }  // values with one cell left (kept by remove and undo_to)
  int values_at(int pos) const { return ccount_[static_cast<std::size_t>(pos)]; }
  const Word* cells_of(int v) const { return &dom_[static_cast<std::size_t>(v) * w_]; }
  // Words [first_word(v), end_word(v)) of cells_of(v) hold all of v's cells (the root's span, once
  // the trail started; every word before).
  int first_word(int v) const { return span_[static_cast<std::size_t>(v)].first; }
  int end_word(int v) const { return span_[static_cast<std::size_t>(v)].second; }
  // Calls f(pos) for every candidate cell of v, in position order.
  template <class F>
  void for_each_cell(int v, F&& f) const {
    for_each_bit(cells_of(v), first_word(v), end_word(v), f);
  }
  int first_cell(int v) const;  // v's first candidate cell in position order; -1: none
  const Word* values_of(int pos) const { return &cv_[static_cast<std::size_t>(pos) * vw_]; }
  // Words [first_value_word(pos), end_value_word(pos)) of values_of(pos) hold all of its values
  // (the root's span, once the trail started; every word before).
  int first_value_word(int pos) const { return vspan_[static_cast<std::size_t>(pos)].first; }
  int end_value_word(int pos) const { return vspan_[static_cast<std::size_t>(pos)].second; }
  bool has(int v, int pos) const { return test_bit(cells_of(v), pos); }
  int pos_of_fixed(int v);  // precondition: is_fixed(v)
  bool conflict() const { return conflict_; }
  bool queue_empty() const { return fixq_.empty() && cellq_.empty() && rev_head_ == revq_.size(); }

  void remove(int v, int pos);
  void assign(int v, int pos);  // remove every other cell of v
  // Keeps only the values of `pos` for which keep(v) is true.
  template <class Keep>
  void filter_values(int pos, Keep&& keep) {
    const Word* cv = values_of(pos);
    for (int i = first_value_word(pos), e = end_value_word(pos); i < e && !conflict_; ++i)
      for (Word w = cv[i]; w != 0 && !conflict_; w &= w - 1) {
        const int v = i * 64 + __builtin_ctzll(w);
        if (!keep(v)) remove(v, pos);
      }
  }
  // The same, a word at a time: keeps only the values of `pos` whose bits are set in keep(i), the
  // kept bits of word i (values 64i..64i+63). keep may read other cells' value sets, not pos's.
  template <class KeepWord>
  void filter_value_words(int pos, KeepWord&& keep) {
    const Word* cv = values_of(pos);
    for (int i = first_value_word(pos), e = end_value_word(pos); i < e && !conflict_; ++i)
      for (Word w = cv[i] & ~keep(i); w != 0 && !conflict_; w &= w - 1) remove(i * 64 + __builtin_ctzll(w), pos);
  }
  // Keeps only the cells of `v` for which keep(pos) is true.
  template <class Keep>
  void filter_cells(int v, Keep&& keep) {
    const Word* d = cells_of(v);
    for (int i = first_word(v), e = end_word(v); i < e && !conflict_; ++i)
      for (Word w = d[i]; w != 0 && !conflict_; w &= w - 1) {
        const int p = i * 64 + __builtin_ctzll(w);
        if (!keep(p)) remove(v, p);
      }
  }

  // Runs the queued propagators to fixpoint. False on conflict or when the watch expired.
  bool propagate(Watch& watch);

  std::size_t mark() const { return trail_.size(); }
  void undo_to(std::size_t mark);

 private:
  Word* dom(int v) { return &dom_[static_cast<std::size_t>(v) * w_]; }
  Word* cv(int pos) { return &cv_[static_cast<std::size_t>(pos) * vw_]; }
  // Positions [lo, hi] where a value lost cells since a neighbouring value last revised against it
  // (lo > hi: none). Support of v can only fail next to a cell v-1 or v+1 lost, so revise(v) reads
  // the words within the board's reach of those removals, not v's whole span.
  struct Dirty {
    int lo = std::numeric_limits<int>::max(), hi = -1;
    void add(int pos) {
      lo = std::min(lo, pos);
      hi = std::max(hi, pos);
    }
  };
  void enqueue_revise(int v) {
    if (v < 1 || v > n_ || in_rev_[static_cast<std::size_t>(v)]) return;
    in_rev_[static_cast<std::size_t>(v)] = 1;
    revq_.push_back(v);
  }
  void revise(int v);
  void fix_value(int v);
  void fix_cell(int pos);
  void clear_queues();

  // A vector whose resize leaves new words unwritten: init writes them itself, a stretch at a time
  // between looks at the watch (on a 256x256 board each table is 512 MB, and zeroing one at once
  // took 0.2-0.5 s past a deadline of 20 ms).
  template <class T>
  struct Unwritten : std::allocator<T> {
    template <class U>
    struct rebind {
      using other = Unwritten<U>;
    };
    Unwritten() = default;
    template <class U>
    Unwritten(const Unwritten<U>&) noexcept {}
    template <class U>
    void construct(U* p) noexcept {
      ::new (static_cast<void*>(p)) U;
    }
    template <class U, class... A>
    void construct(U* p, A&&... a) {
      ::new (static_cast<void*>(p)) U(std::forward<A>(a)...);
    }
  };
  using Table = std::vector<Word, Unwritten<Word>>;

  const Layout& layout_;
  int n_ = 0, p_ = 0, w_ = 0, vw_ = 0;
  Table dom_;                        // (n+2) rows of w_ words: values 0 and n+1 stay empty
  Table cv_;                         // p_ rows of vw_ words: bit v = value v
  std::vector<int> vcount_, ccount_;
  int fixed_ = 0;                    // values v with vcount_[v] == 1
  std::vector<std::pair<int, int>> span_;  // per value: words [first, end) that can hold its cells
  std::vector<std::pair<int, int>> vspan_; // per position: words [first, end) that can hold its values
  std::vector<int> at_;              // cached position of a fixed value (checked before use)
  std::vector<std::uint64_t> trail_; // removals (v << 32) | pos: undo decodes with shifts, not a division
  bool trailing_ = false;
  bool conflict_ = false;
  std::vector<int> fixq_, cellq_, revq_;
  std::size_t rev_head_ = 0;
  std::vector<char> in_rev_;
  std::vector<Dirty> dirty_up_, dirty_down_;  // per value: removals revise(v+1), revise(v-1) have not read
};

}  // namespace hidato::solver_detail
