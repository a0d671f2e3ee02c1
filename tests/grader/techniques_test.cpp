// Each grader technique on a hand-made position where it applies (and where a cheaper one does
// not), asserting exactly what it deduces.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/codec.hpp"
#include "core/rng.hpp"
#include "grader/ladder.hpp"
#include "grader/techniques.hpp"
#include "solver/solver.hpp"

namespace hidato::grading {
namespace {

CellId at(const Puzzle& p, int row, int col) { return p.board.cell_at({row, col}); }

std::vector<int> values_of_cell(const GradeState& s, CellId c) {
  std::vector<int> out;
  for (int v = 1; v <= s.n(); ++v)
    if (s.has(v, c)) out.push_back(v);
  return out;
}

bool removes(const Deductions& d, int v, CellId c) {
  return !d.for_each_removal([&](int u, CellId x) { return u != v || x != c; });
}

// Crosses off, for each listed value, every candidate but the listed cells.
void keep_only(GradeState& s, int v, std::vector<CellId> cells) {
  Deductions d;
  for (CellId c : s.candidates(v))
    if (std::find(cells.begin(), cells.end(), c) == cells.end()) d.remove.emplace_back(v, c);
  s.apply(d);
}

TEST(OnlyNeighbour, PlacesTheOnlyFreeNeighbourOfAPlacedNumber) {
  // 1 . . . 5 on one row: 2 has one free cell next to 1, and 4 one free cell next to 5.
  const Puzzle p = parse_description("square8:1x5:1,.3,5");
  GradeState s(p);
  const Deductions d = only_neighbour(s);
  EXPECT_TRUE(d.remove.empty());
  EXPECT_EQ(d.place, (std::vector<std::pair<int, CellId>>{{2, at(p, 0, 1)}, {4, at(p, 0, 3)}}));
}

TEST(OnlyNeighbour, PlacesTheOnlyCommonNeighbourOfAGapOfOne) {
  // Numbrix snake 1 2 3 / 6 5 4 / 7 8 9 with the middle column blank: 1 and 3 share one free
  // neighbour, and so do 4 and 6, and 7 and 9.
  const Puzzle p = parse_description("square4:3x3:1,.,3/6,.,4/7,.,9");
  GradeState s(p);
  const Deductions d = only_neighbour(s);
  EXPECT_EQ(d.place, (std::vector<std::pair<int, CellId>>{
                         {2, at(p, 0, 1)}, {5, at(p, 1, 1)}, {8, at(p, 2, 1)}}));
}

TEST(OnlyNeighbour, StaysQuietWhenTwoNeighboursFit) {
  // Kings: 1 and 3 share two free neighbours, (0,1) and (1,1).
  const Puzzle p = parse_description("square8:2x3:1,.,3/.3");
  GradeState s(p);
  EXPECT_TRUE(only_neighbour(s).place.empty());
}

// 1 x . 4 / . . . . / . . . .  (kings). 2 touches 1 at (1,0) or (1,1), but (1,0) is three free
// moves from 4 and 2 must reach 4 in two: only (1,1) is left. Tier 1 sees two cells for 2.
TEST(OnlyCell, PlacesTheOnlyCellWithinReachOfBothNeighbours) {
  const Puzzle p = parse_description("square8:3x4:1,x,.,4/.4/.4");
  GradeState s(p);
  EXPECT_TRUE(only_neighbour(s).place.empty());
  const Deductions d = only_cell(s);
  EXPECT_EQ(d.place, (std::vector<std::pair<int, CellId>>{{2, at(p, 1, 1)}}));
  EXPECT_TRUE(removes(d, 2, at(p, 1, 0)));
  EXPECT_TRUE(removes(d, 3, at(p, 1, 3)));  // three moves from 1, and 3 must be two away
  EXPECT_FALSE(removes(d, 3, at(p, 0, 2)));
  EXPECT_FALSE(removes(d, 3, at(p, 1, 2)));
}

TEST(OnlyCell, MeasuresReachThroughFreeCellsOnly) {
  // 1 . 5 / . x . / . . . on kings (N = 8): the hole blocks the middle. Free distances from 1:
  // (0,1)=1 (1,0)=1 (1,2)=2 (2,0)=2 (2,1)=2 (2,2)=3; from 5: (0,1)=1 (1,2)=1 (1,0)=2 (2,1)=2
  // (2,2)=2 (2,0)=3. 3 needs both <= 2; 2 needs <= 1 from 1 and <= 3 from 5.
  const Puzzle p = parse_description("square8:3x3:1,.,5/.,x,./.3");
  GradeState s(p);
  const Deductions d = only_cell(s);
  EXPECT_TRUE(removes(d, 3, at(p, 2, 0)));
  EXPECT_TRUE(removes(d, 3, at(p, 2, 2)));
  for (auto [r, c] : {std::pair{0, 1}, {1, 0}, {1, 2}, {2, 1}}) EXPECT_FALSE(removes(d, 3, at(p, r, c)));
  EXPECT_TRUE(removes(d, 2, at(p, 1, 2)));
  EXPECT_TRUE(removes(d, 2, at(p, 2, 1)));
  EXPECT_FALSE(removes(d, 2, at(p, 0, 1)));
  EXPECT_FALSE(removes(d, 2, at(p, 1, 0)));
  EXPECT_TRUE(d.place.empty());
}

TEST(OnlyValue, PlacesTheOnlyNumberACellCanHold) {
  const Puzzle p = parse_description("square8:2x2:1,./.2");
  GradeState s(p);
  EXPECT_TRUE(only_value(s).place.empty());  // every blank takes 2, 3 or 4 so far
  const CellId corner = at(p, 1, 1);
  keep_only(s, 2, {at(p, 0, 1), at(p, 1, 0)});
  keep_only(s, 3, {at(p, 0, 1), at(p, 1, 0)});
  EXPECT_EQ(only_value(s).place, (std::vector<std::pair<int, CellId>>{{4, corner}}));
}

// 1 . . / x x . / . . . on kings: the corner (2,0) touches only (2,1), so it can hold no number
// that needs two neighbours: only an end. And 2 must touch 1, so only (0,1) is left for it.
TEST(DeadEnd, LeavesOnlyEndsInACellWithOneNeighbour) {
  const Puzzle p = parse_description("square8:3x3:1,.2/x2,./.3");
  GradeState s(p);
  s.apply(dead_end(s));
  EXPECT_EQ(values_of_cell(s, at(p, 2, 0)), (std::vector<int>{7}));
  EXPECT_EQ(s.candidates(2), (std::vector<CellId>{at(p, 0, 1)}));
  EXPECT_FALSE(s.broken());
}

TEST(DeadEnd, NeedsTwoDifferentNeighboursForAMiddleNumber) {
  // 1 . . . 5 . on one row (N = 6): the last cell touches only 5, so it can hold 6 (the end N,
  // needing only 5 beside it) but not 3 or 4, which need two different neighbours.
  const Puzzle p = parse_description("square8:1x6:1,.3,5,.");
  GradeState s(p);
  const Deductions d = dead_end(s);
  EXPECT_TRUE(removes(d, 3, at(p, 0, 5)));
  EXPECT_TRUE(removes(d, 4, at(p, 0, 5)));
  EXPECT_FALSE(removes(d, 6, at(p, 0, 5)));
}

TEST(Pair, NakedPairOwnsItsTwoCells) {
  const Puzzle p = parse_description("square8:2x3:1,.2/.3");
  GradeState s(p);
  const CellId a = at(p, 1, 0), b = at(p, 1, 1);
  keep_only(s, 4, {a, b});
  keep_only(s, 5, {a, b});
  const Deductions d = pairs(s);
  for (int v : {2, 3, 6}) {
    EXPECT_TRUE(removes(d, v, a)) << v;
    EXPECT_TRUE(removes(d, v, b)) << v;
  }
  EXPECT_FALSE(removes(d, 4, a));
  EXPECT_FALSE(removes(d, 5, b));
}

TEST(Pair, HiddenPairKeepsItsNumbersInItsCells) {
  const Puzzle p = parse_description("square8:2x3:1,.2/.3");
  GradeState s(p);
  const CellId a = at(p, 1, 0), b = at(p, 1, 1);
  for (int v : {2, 3, 6}) {
    Deductions d;
    d.remove = {{v, a}, {v, b}};
    s.apply(d);
  }
  const Deductions d = pairs(s);  // only 4 and 5 can use a and b
  for (int v : {4, 5})
    for (CellId c : {at(p, 0, 1), at(p, 0, 2), at(p, 1, 2)}) EXPECT_TRUE(removes(d, v, c)) << v;
  EXPECT_FALSE(removes(d, 4, a));
}

// 1 . . 4 / . . . . on kings. 2 and 3 cross from 1 to 4: 2 at (0,1) or (1,1), then 3 at (0,2) or
// (1,2). 2 at (1,0) touches 1 and has two free neighbours, so no dead end, but from there 3 cannot
// touch 4: no crossing uses it.
TEST(GapPaths, CrossesOffCellsNoCrossingUses) {
  const Puzzle p = parse_description("square8:2x4:1,.2,4/.4");
  GradeState s(p);
  EXPECT_FALSE(removes(dead_end(s), 2, at(p, 1, 0)));
  const Deductions d = gap_paths(s);
  EXPECT_TRUE(removes(d, 2, at(p, 1, 0)));
  EXPECT_TRUE(removes(d, 3, at(p, 1, 3)));
  EXPECT_TRUE(removes(d, 2, at(p, 1, 3)));
  for (auto [r, c] : {std::pair{0, 1}, {1, 1}}) EXPECT_FALSE(removes(d, 2, at(p, r, c)));
  for (auto [r, c] : {std::pair{0, 2}, {1, 2}}) EXPECT_FALSE(removes(d, 3, at(p, r, c)));
}

// A position where tiers 1-3 are stuck and a what-if settles it: every conclusion of the
// contradiction technique must agree with the unique solution.
TEST(Contradiction, RemovesOnlyCellsThatLeadToAContradiction) {
  const Puzzle p = parse_description("hex6:3x4:.,2,.2/.2,10,./.2,11,.");
  const SolveReport r = count_solutions(p, 2);
  ASSERT_EQ(r.verdict, Verdict::unique);
  GradeState s(p);
  run_ladder(s, GradeLimits{}, 3);
  ASSERT_FALSE(s.solved());
  const Deductions d = contradiction(s);
  ASSERT_FALSE(d.remove.empty());
  EXPECT_GT(d.what_ifs, 0U);
  for (const auto& [v, c] : d.remove) EXPECT_NE((*r.solution)[c], v) << v;
}

// The ladder looks at its stop check before every pass (a 200x200 build-up ran seconds past its
// deadline between two looks) and runs no pass once told to stop.
TEST(Ladder, LooksAtTheStopCheckBeforeEveryPass) {
  const Puzzle p = parse_description("hex6:3x4:.,2,.2/.2,10,./.2,11,.");
  GradeState whole(p);
  const LadderRun all = run_ladder(whole, GradeLimits{}, 3);
  ASSERT_GT(all.passes, 3U);
  int looks = 0;
  GradeState s(p);
  const LadderRun cut = run_ladder(s, GradeLimits{}, 3, [&] { return ++looks > 3; });
  EXPECT_TRUE(cut.stopped);
  EXPECT_FALSE(all.stopped);
  EXPECT_EQ(looks, 4);
  EXPECT_EQ(cut.passes, 3U);
}

TEST(Contradiction, RespectsTheWhatIfBudget) {
  const Puzzle p = parse_description("hex6:3x4:.,2,.2/.2,10,./.2,11,.");
  GradeState s(p, 0);
  run_ladder(s, GradeLimits{}, 3);
  const Deductions d = contradiction(s);
  EXPECT_TRUE(d.remove.empty());
  EXPECT_EQ(d.what_ifs, 0U);
}

// Numbrix row . . 3 . . . 7: the free cells form a region of 2 left of 3 and a region of 3
// between 3 and 7. 4..6 must lie between its ends, so it fills the right region; 1..2 cannot fit
// in what is left there and goes left.
TEST(Region, FillsEachRegionWithWholeGaps) {
  const Puzzle p = parse_description("square4:1x7:.2,3,.3,7");
  GradeState s(p);
  const Deductions d = regions(s);
  for (int v : {1, 2})
    for (int col : {3, 4, 5}) EXPECT_TRUE(removes(d, v, at(p, 0, col))) << v << " " << col;
  for (int v : {4, 5, 6})
    for (int col : {0, 1}) EXPECT_TRUE(removes(d, v, at(p, 0, col))) << v << " " << col;
  EXPECT_FALSE(removes(d, 1, at(p, 0, 0)));
  EXPECT_FALSE(removes(d, 5, at(p, 0, 4)));
}

TEST(Region, UsesSubsetSumsAcrossRegions) {
  // Numbrix row . 2 . . . 6 . (N = 7): the free cells split into {0}, {2,3,4} and {6}.
  // Gap 3..5 (length 3) must take the middle region; 1 and 7 take the singletons.
  const Puzzle p = parse_description("square4:1x7:.,2,.3,6,.");
  GradeState s(p);
  const Deductions d = regions(s);
  EXPECT_TRUE(removes(d, 1, at(p, 0, 6)));  // 1 must touch 2: region {0}, not {6}
  EXPECT_TRUE(removes(d, 7, at(p, 0, 0)));
  EXPECT_TRUE(removes(d, 3, at(p, 0, 0)));
  EXPECT_TRUE(removes(d, 1, at(p, 0, 3)));  // the middle region is full with 3..5
}

TEST(Gaps, ListsRunsOfUnplacedNumbersWithTheirEnds) {
  const Puzzle p = parse_description("square4:1x7:.,2,.3,6,.");
  GradeState s(p);
  const auto g = gaps(s);
  ASSERT_EQ(g.size(), 3U);
  EXPECT_EQ(g[0].lo, 1);
  EXPECT_EQ(g[0].below, no_cell);
  EXPECT_EQ(g[0].above, at(p, 0, 1));
  EXPECT_EQ(g[1].lo, 3);
  EXPECT_EQ(g[1].hi, 5);
  EXPECT_EQ(g[2].lo, 7);
  EXPECT_EQ(g[2].above, no_cell);
}

// Free-move distances from `from` (a placed cell) through free cells; -1 where out of reach.
std::vector<int> free_distances(const GradeState& s, CellId from) {
  std::vector<int> dist(static_cast<std::size_t>(s.n()), -1);
  std::vector<CellId> queue{from};
  dist[static_cast<std::size_t>(from)] = 0;
  for (std::size_t i = 0; i < queue.size(); ++i)
    for (CellId nb : s.board().neighbours(queue[i]))
      if (s.is_free(nb) && dist[static_cast<std::size_t>(nb)] < 0) {
        dist[static_cast<std::size_t>(nb)] = dist[static_cast<std::size_t>(queue[i])] + 1;
        queue.push_back(nb);
      }
  return dist;
}

// What only-cell must cross off, by the rule itself: each candidate of a gap's number v that is
// more than v-(lo-1) free moves from the cell below the gap or (hi+1)-v from the cell above.
std::vector<std::pair<int, CellId>> out_of_reach(const GradeState& s) {
  std::vector<std::pair<int, CellId>> out;
  const auto too_far = [](const std::vector<int>& dist, CellId c, int moves) {
    return dist[static_cast<std::size_t>(c)] < 0 || dist[static_cast<std::size_t>(c)] > moves;
  };
  for (const Gap& g : gaps(s)) {
    const auto below = g.below != no_cell ? free_distances(s, g.below) : std::vector<int>{};
    const auto above = g.above != no_cell ? free_distances(s, g.above) : std::vector<int>{};
    for (int v = g.lo; v <= g.hi; ++v)
      for (CellId c : s.candidates(v))
        if ((g.below != no_cell && too_far(below, c, v - (g.lo - 1))) ||
            (g.above != no_cell && too_far(above, c, (g.hi + 1) - v)))
          out.emplace_back(v, c);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::pair<int, CellId>> removals(const Deductions& d) {
  std::vector<std::pair<int, CellId>> out;
  d.for_each_removal([&](int v, CellId c) {
    out.emplace_back(v, c);
    return true;
  });
  std::sort(out.begin(), out.end());
  return out;
}

// Only-cell against the rule on random positions: a snake path over a square8 or square4
// rectangle shown at a seeded random 35% of its cells (many gaps share the given between them,
// whose reach search only-cell shares), then the ladder's first passes: after each pass is
// applied, the next one (with its per-gap memos) must again cross off exactly what is out of reach.
TEST(OnlyCell, CrossesOffExactlyWhatIsOutOfReach) {
  int checked = 0;
  for (Topology t : {Topology::square8, Topology::square4})
    for (int seed = 1; seed <= 12; ++seed) {
      Rng rng(static_cast<std::uint64_t>(seed));
      const int rows = 6 + rng.below(10), cols = 6 + rng.below(10);
      Puzzle p{Board(t, rows, cols, std::vector<bool>(static_cast<std::size_t>(rows * cols), true)), {}, {}};
      p.givens.assign(static_cast<std::size_t>(p.board.size()), 0);
      for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
          const int value = r * cols + (r % 2 == 0 ? c : cols - 1 - c) + 1;
          if (rng.below(100) < 35 || value == 1) p.givens[static_cast<std::size_t>(p.board.cell_at({r, c}))] = value;
        }
      GradeState s(p);
      for (int pass = 0; pass < 4 && !s.solved() && !s.broken(); ++pass) {
        const Deductions d = only_cell(s);
        ASSERT_EQ(removals(d), out_of_reach(s)) << to_string(t) << " seed " << seed << " pass " << pass;
        checked += static_cast<int>(removals(d).size());
        Deductions step = d;
        step.place.clear();  // only the crossings-off: the free cells stay as they are
        if (pass % 2 == 1) step.place = only_neighbour(s).place;  // and now and then some placements
        s.apply(step);
      }
    }
  EXPECT_GT(checked, 1000);  // the positions did cross off candidates
}

}  // namespace
}  // namespace hidato::grading
