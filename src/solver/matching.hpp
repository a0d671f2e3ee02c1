#pragma once
// Matching: Hall's condition for "every value needs its own cell". Keeps a perfect matching of
// values to candidate cells and repairs it by augmenting paths after each propagation; when some
// value cannot be rematched, no assignment of distinct cells exists (a conflict that the
// one-value/one-cell singleton rules alone cannot see, e.g. four values squeezed into three cells).
//
// The matching is not trailed: backtracking only widens domains, so a matching that was valid
// deeper in the tree stays valid higher up.
#include <vector>

#include "solver/domains.hpp"
#include "solver/watch.hpp"

namespace hidato::solver_detail {

class Matching {
 public:
  explicit Matching(const Layout& layout);
  // Repairs the matching against the current domains; false when no perfect matching exists, or
  // when the watch expired (it is looked at every 16 augmenting searches: building the first
  // matching of a 120x120 board takes seconds).
  bool repair(Domains& d, Watch& watch);
  // Régin's filtering: removes every (value, cell) pair that lies in no perfect matching, found as
  // the pairs whose value and whose cell's matched value sit in different strongly connected
  // components of the "value u wants the cell matched to w" graph. Precondition: repair() held.
  void prune(Domains& d);

 private:
  bool augment(Domains& d, int v0);
  int giant_component(Domains& d);            // prune's first component, found a word at a time
  void remove_across(Domains& d, int comps);  // prune's removals, once the components are known

  std::vector<int> cell_of_;   // value -> matched position, -1 when unmatched
  std::vector<int> value_at_;  // position -> matched value, 0 when free
  std::vector<int> from_;      // BFS: position -> value it was reached from
  std::vector<int> queue_;
  std::vector<Word> visited_;
  // Tarjan's SCC state, per value.
  std::vector<int> index_, low_, comp_, stack_;
  // remove_across: per component, the words [lo, end) its values span and where its mask starts
  // (mask word of position word i: masks_[comp_base_[c] + i]).
  std::vector<int> comp_lo_, comp_end_, comp_base_;
  std::vector<Word> masks_;
  std::vector<Word> done_;  // prune: cells matched to values whose component is complete
  std::vector<Word> seen_pos_, forward_, backward_;  // giant_component: cells seen, values reached
  std::vector<int> pos_index_;  // prune: per cell, the DFS index of the value matched to it (-1: none yet)
  struct Frame {
    int v;
    int word;
    Word bits;
  };
  std::vector<Frame> frames_;
};

}  // namespace hidato::solver_detail
