#pragma once
// LocalSearch: finds solutions of sparse boards by repairing a complete placement instead of
// building one decision at a time (Search's automatic schedule gives it a slice of each turn
// unless a unique answer is in sight: schedule.cpp, local_pays).
//
// State: every value sits on a cell of its root domain or not, every playable cell holds one value,
// values fixed at the root never move. A link k is broken when k and k+1 do not touch or either
// sits outside its root domain; a placement with no broken link is a solution. Each step picks a
// broken link at random and weighs the moves of both its ends (the mover) next to the other one
// (the anchor), over every neighbour cell w of the anchor: swap the mover with w's value, or,
// when w's value lies beyond the mover (away from the anchor) in the mover's run (no fixed value
// between them, at most max_span apart), reverse the values from the mover to w's value (a Pósa
// rotation) or shift them by one so that the mover takes w's cell. WalkSAT's rule picks the move:
// the one that leaves the fewest broken links (ties at random), or, with probability `noise`, any
// of them.
//
// It proves nothing: a board with no solution keeps it searching until its budget ends, and the
// solutions it finds are checked by the caller like any other. Deterministic for a seed.
#include <cstdint>
#include <span>
#include <vector>

#include "core/puzzle.hpp"
#include "core/rng.hpp"
#include "solver/domains.hpp"
#include "solver/layout.hpp"

namespace hidato::solver_detail {

class LocalSearch {
 public:
  // Reads `domains` in their root state, now and during every run(): use it only between native
  // runs. Root domains may shrink between runs (never grow): refresh() then re-weighs the links.
  LocalSearch(const Layout& layout, const Domains& domains, std::uint64_t seed);
  void refresh();
  // Up to `steps` repair steps, polling `stop()` every 1024 steps (counted across calls); true
  // when the placement is a solution (then values() gives it). Steps so far: steps().
  template <class Stop>
  bool run(std::uint64_t steps, Stop&& stop) {
    for (std::uint64_t i = 0; i < steps; ++i) {
      if (broken_.empty()) return true;
      if ((steps_ & 1023U) == 0 && stop()) return false;
      step();
    }
    return broken_.empty();
  }
  // Moves a few values at random near a random cell, so that the search leaves the solution it
  // holds (to look for another one). False when it moved nothing.
  bool kick();
  // The placement as values by cell (Puzzle's numbering).
  Values values() const;
  std::uint64_t steps() const { return steps_; }
  std::size_t broken() const { return broken_.size(); }

 private:
  enum class Kind : std::uint8_t { swap, reverse, shift };
  struct Move {
    Kind kind;
    int a, b;  // swap: values a, b; reverse: the range [a, b]; shift: value a takes b's cell
  };
  // The move that undoes m: a shift back the other way; a swap or reversal is its own inverse.
  static Move inverse(const Move& m) { return m.kind == Kind::shift ? Move{m.kind, m.b, m.a} : m; }
  void place_greedily();
  void step();
  bool touches(int p, int q) const;
  bool broken_at(int k) const;  // link k..k+1 (1 <= k < N) is broken
  void mark(int k);             // brings broken_ up to date for link k
  bool same_run(int lo, int hi) const { return next_fixed_[static_cast<std::size_t>(lo)] > hi; }
  void candidates(int k);       // moves_ for broken link k
  void apply(const Move& m);
  int cost(const Move& m) const;  // broken links among those the move can change
  void commit(const Move& m);     // after apply: cells' values and broken_ updated
  std::pair<int, int> touched(const Move& m) const;  // links [first, last] the move can change

  const Layout& layout_;
  const Domains& domains_;
  Rng rng_;
  int n_ = 0;
  std::vector<int> pos_;         // per value: its position
  std::vector<int> value_at_;    // per position: its value (0: none)
  std::vector<char> fixed_;      // per value: fixed at the root
  std::vector<int> movable_;     // the values not fixed, in order (kick())
  std::vector<int> next_fixed_;  // per value v: the smallest fixed value >= v (n_ + 1: none)
  std::vector<int> broken_;      // broken links, in no order
  std::vector<int> where_;       // per link: its index in broken_ (-1: not broken)
  std::vector<Move> moves_;
  std::uint64_t steps_ = 0;
};

}  // namespace hidato::solver_detail
