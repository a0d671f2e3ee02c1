#pragma once
// Regions: reasoning about the cells no fixed value occupies yet ("free" cells).
//
// The fixed values split 1..N into segments: the runs of unfixed values between two fixed ones
// (plus a head run before the first and a tail run after the last). A segment's values occupy
// consecutive free cells, so each segment lies inside one connected component of free cells, next
// to its fixed end cells. Hence:
//   - a segment that fits no component adjacent to its ends is a conflict;
//   - a segment that fits exactly one component is confined to it;
//   - every component must be filled exactly by the segments that can enter it (subset sum);
//   - a free cell with fewer than two usable neighbours can only hold 1 or N (a dead end);
//   - a pocket of free cells hanging off a single cut cell, with no fixed path end next to it and
//     no room for value 1 or N, can be entered but never left (a dead-end pocket): conflict.
#include <vector>

#include "solver/domains.hpp"
#include "solver/layout.hpp"

namespace hidato::solver_detail {

class Regions {
 public:
  explicit Regions(const Layout& layout);
  // Applies the rules above; false on conflict. May remove candidates (the caller propagates).
  bool check(Domains& d);
  // After a successful check(): the component of free cells a position belongs to (-1: fixed or
  // not playable), and how many components there are.
  int component(int pos) const { return comp_[static_cast<std::size_t>(pos)]; }
  int components() const { return static_cast<int>(comp_size_.size()); }

 private:
  struct Segment {
    int first, last;    // unfixed values first..last
    int lo_pos, hi_pos; // cells of first-1 and last+1, -1 when open (head / tail)
  };
  void find_fixed(Domains& d);
  bool lacks_neighbour(int w, int n) const;
  bool prune_dead_ends(Domains& d);
  bool place_segments(Domains& d);
  bool check_pockets(Domains& d);
  bool search_component(const Domains& d, int root, int& time);
  bool fills_exactly(int comp);
  void confine(Domains& d, const Segment& s, int comp);
  int component_candidates(const Segment& s, int len, int* out) const;

  const Layout& layout_;
  std::vector<int> value_at_;  // position -> fixed value, 0 when free
  std::vector<int> fixed_;     // fixed values, ascending
  std::vector<int> fixed_pos_; // and their cells
  std::vector<char> was_fixed_; // per value: fixed when find_fixed ran (lacks_neighbour)
  std::vector<int> comp_;      // position -> component of free cells, -1 when taken
  std::vector<int> comp_size_, comp_sum_;
  std::vector<std::vector<int>> comp_lengths_;  // lengths of segments that may enter a component
  std::vector<Segment> segments_;
  struct SegmentComps {  // per segment: the components it may occupy (component_candidates)
    int count = 0;
    int comp[16] = {};
  };
  std::vector<SegmentComps> seg_comps_;
  std::vector<Word> reach_, masks_;  // subset-sum bits; component masks (confine)
  // Cut-cell search (Tarjan low-link), per position: where paths may leave a set of free cells.
  struct Exits {
    int attach = 0;  // fixed neighbours with an open side
    int ends = 0;    // cells that may hold 1 or N
    int cells = 0;
    Exits& operator+=(const Exits& o) {
      attach += o.attach;
      ends += o.ends;
      cells += o.cells;
      return *this;
    }
  };
  std::vector<int> disc_, low_, next_, dfs_;
  std::vector<int> attach_;  // per fixed cell: 1 when its value still lacks a neighbour (check_pockets)
  std::vector<Exits> own_, sub_;
  struct Cut {  // a cell that cuts off a subtree: the rest of its component is checked at the end
    int parent;
    Exits sub;
  };
  std::vector<Cut> cuts_;
};

}  // namespace hidato::solver_detail
