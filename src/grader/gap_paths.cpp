// Tier 3 of the grader: crossing a short gap in every possible way.
#include "grader/techniques.hpp"

namespace hidato::grading {
namespace {

// Lists every way to lay the numbers of one gap on distinct candidate cells, each touching the
// one before, starting next to the placed number at one end and (when there is one) finishing next
// to the placed number at the other. The walk goes up from `below` or down from `above` (the only
// way for the gap before the first placed number). It gives up after `budget` partial paths; the
// size of the full tree of partial paths does not depend on cell numbering, so neither does
// giving up. It does depend on the direction: see gap_paths.
class GapWalk {
 public:
  GapWalk(const GradeState& s, const Gap& g, long budget, bool up)
      : s_(s), g_(g), budget_(budget), up_(up),
        used_(static_cast<std::size_t>(s.n()), 0),
        seen_(static_cast<std::size_t>(g.length()) * s.words(), 0) {}

  // False when the budget ran out (nothing may be concluded then).
  bool run() {
    walk(up_ ? g_.below : g_.above, up_ ? g_.lo : g_.hi);
    return nodes_ <= budget_;
  }
  bool seen(int v, CellId c) const {
    return (seen_[static_cast<std::size_t>(v - g_.lo) * s_.words() + (c >> 6)] >> (c & 63)) & 1U;
  }

 private:
  void walk(CellId from, int v) {
    if (up_ ? v > g_.hi : v < g_.lo) {
      record();
      return;
    }
    const CellId finish = up_ ? g_.above : g_.below;
    const bool last = v == (up_ ? g_.hi : g_.lo);
    for (CellId x : s_.board().neighbours(from)) {
      if (used_[x] || !s_.has(v, x)) continue;
      if (last && finish != no_cell && !s_.board().is_adjacent(x, finish)) continue;
      if (++nodes_ > budget_) return;
      used_[x] = 1;
      path_.push_back(x);
      walk(x, up_ ? v + 1 : v - 1);
      path_.pop_back();
      used_[x] = 0;
      if (nodes_ > budget_) return;
    }
  }

  void record() {
    for (std::size_t i = 0; i < path_.size(); ++i) {
      const int v = up_ ? g_.lo + static_cast<int>(i) : g_.hi - static_cast<int>(i);
      const CellId c = path_[i];
      seen_[static_cast<std::size_t>(v - g_.lo) * s_.words() + (c >> 6)] |= std::uint64_t{1} << (c & 63);
    }
  }

  const GradeState& s_;
  Gap g_;
  long budget_;
  long nodes_ = 0;
  bool up_;
  std::vector<char> used_;
  std::vector<CellId> path_;
  std::vector<std::uint64_t> seen_;  // per number of the gap: cells some complete path puts it on
};

// True when gap-paths walked this very gap before and none of its numbers changed since: the walk
// would give the same answer, whose removals are already applied (or it gave up again).
bool unchanged_since_memo(const GradeState& s, const Gap& g) {
  const GapMemo* m = s.gap_memo(g.lo);
  if (m == nullptr || m->hi != g.hi || m->below != g.below || m->above != g.above) return false;
  for (int v = g.lo; v <= g.hi; ++v)
    if (s.changed_since(v, m->tick)) return false;
  return true;
}

// Every candidate of the gap that no complete crossing the walk listed uses.
void cross_off_unused(const GradeState& s, const Gap& g, const GapWalk& walk, Deductions& d) {
  for (int v = g.lo; v <= g.hi; ++v)
    s.for_each_candidate(v, [&](CellId x) {
      if (!walk.seen(v, x)) d.remove.emplace_back(v, x);
    });
}

}  // namespace

// Tier 3. For each gap small enough to cross by hand (at most `gap_path_budget` partial paths),
// cross off every candidate that no complete crossing uses.
Deductions gap_paths(const GradeState& s) {
  Deductions d;
  for (const Gap& g : gaps(s)) {
    if (g.below == no_cell && g.above == no_cell) continue;
    if (unchanged_since_memo(s, g)) continue;
    d.gap_memos.emplace_back(g.lo, GapMemo{g.hi, g.below, g.above, s.tick()});
    // A gap placed at both ends is crossed from either end, and one that finishes is enough (both
    // list the same crossings): a person may start at either number, and the grade of a puzzle
    // and of its reverse (k -> N+1-k) must agree. Walking up only, a gap whose upward tree was
    // too big graded the puzzle harder than its reverse.
    if (GapWalk first(s, g, gap_path_budget, g.below != no_cell); first.run()) {
      cross_off_unused(s, g, first, d);
    } else if (g.below != no_cell && g.above != no_cell) {
      if (GapWalk down(s, g, gap_path_budget, false); down.run()) cross_off_unused(s, g, down, d);
    }
  }
  return d;
}

}  // namespace hidato::grading
