// SatCount's link variables (Links::degree) hold in every solution, so they must change no count:
// on small random boards of every topology (holes, few or many clues, some with a clue moved so
// that often nothing solves), counting every solution with and without them gives the same
// solutions (the same number when both reach the limit). Also which boards get them (links_for),
// and which cycles of links they ban.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/codec.hpp"
#include "core/rng.hpp"
#include "generator/fill.hpp"
#include "solver/layout.hpp"
#include "solver/sat_count.hpp"
#include "solver/watch.hpp"

namespace hidato {
namespace {

using solver_detail::Layout;
using solver_detail::SatCount;
using solver_detail::Watch;

// Every pair a given allows: a given's value at its own cell only, the other values anywhere not
// given (the encoding then holds the puzzle's rules and nothing more).
SatCount::Candidates candidates_of(const Puzzle& p, const Layout& layout) {
  const int n = p.board.size();
  SatCount::Candidates out(static_cast<std::size_t>(n) + 1);
  std::vector<CellId> at(static_cast<std::size_t>(n) + 1, no_cell);
  for (CellId c = 0; c < n; ++c)
    if (const int v = p.givens[static_cast<std::size_t>(c)]; v != 0) at[static_cast<std::size_t>(v)] = c;
  for (int v = 1; v <= n; ++v) {
    auto& cells = out[static_cast<std::size_t>(v)];
    for (CellId c = 0; c < n; ++c) {
      const bool given_here = p.givens[static_cast<std::size_t>(c)] != 0;
      const CellId fixed = at[static_cast<std::size_t>(v)];
      if (fixed == no_cell ? !given_here : c == fixed) cells.push_back(layout.pos_of(c));
    }
    std::sort(cells.begin(), cells.end());
  }
  return out;
}

// Every solution of `p` (`limit` of them when there are more), sorted, by one SatCount with the given links.
std::vector<Values> all_solutions(const Puzzle& p, SatCount::Links links, std::size_t limit) {
  const Layout layout(p.board);
  SolveLimits none;
  Watch watch(none);
  SatCount sat(p, layout, candidates_of(p, layout), watch, SatCount::Tuning::models, links);
  std::vector<Values> found;
  EXPECT_TRUE(sat.count(found, static_cast<int>(limit), 10'000'000));
  std::sort(found.begin(), found.end());
  return found;
}

// A board of 2x2 to 5x5 cells, maybe with holes, with clues drawn from a random path.
Puzzle random_board(Topology t, Rng& rng) {
  const int rows = 2 + rng.below(4), cols = 2 + rng.below(4);
  const Board full(t, rows, cols, std::vector<bool>(static_cast<std::size_t>(rows * cols), true));
  CellOrder order = *find_hamiltonian_path(full, rng, 1'000'000);
  backbite(full, order, rng, rows * cols * 10);
  CarvedBoard carved = carve_holes(full, order, rng.chance(0.3) ? rng.below(rows * cols / 6 + 1) : 0, rng);
  const Values path = solution_of(carved.board, carved.order);
  Puzzle p{carved.board, Values(path.size(), 0), {}};
  const double rate = 0.05 + 0.4 * rng.unit();
  for (std::size_t c = 0; c < path.size(); ++c)
    if (rng.chance(rate)) p.givens[c] = path[c];
  if (rng.chance(0.2)) {  // a clue moved to a blank cell: often no solution
    const auto from = static_cast<std::size_t>(rng.below(static_cast<int>(path.size())));
    const auto to = static_cast<std::size_t>(rng.below(static_cast<int>(path.size())));
    if (p.givens[from] != 0 && p.givens[to] == 0) std::swap(p.givens[from], p.givens[to]);
  }
  return p;
}

TEST(SatCount, LinksChangeNoSolution) {
  Rng rng(909);
  constexpr std::size_t limit = 400;
  int none = 0, one = 0, many = 0;
  for (int trial = 0; trial < 150; ++trial) {
    const Topology t = trial % 3 == 0 ? Topology::square8 : trial % 3 == 1 ? Topology::square4 : Topology::hex6;
    const Puzzle p = random_board(t, rng);
    const auto plain = all_solutions(p, SatCount::Links::none, limit);
    const auto linked = all_solutions(p, SatCount::Links::degree, limit);
    for (const Values& s : linked) EXPECT_TRUE(is_valid_solution(p, s)) << describe(p);
    if (plain.size() == limit) {  // more than the limit: each found as many, maybe others
      EXPECT_EQ(linked.size(), limit) << describe(p);
      continue;
    }
    ASSERT_EQ(plain, linked) << describe(p);
    (plain.empty() ? none : plain.size() == 1 ? one : many) += 1;
  }
  EXPECT_GT(none, 5);  // every kind of board was counted
  EXPECT_GT(one, 5);
  EXPECT_GT(many, 20);
}

TEST(SatCount, LinksOnBoardsWhoseCellsHaveAtMostFourNeighbours) {
  const auto links = [](const char* desc) { return SatCount::links_for(Layout(parse_description(desc).board)); };
  EXPECT_EQ(links("square4:3x3:1,.,./.,.,./.,.,9"), SatCount::Links::degree);
  EXPECT_EQ(links("square8:3x3:1,.,./.,.,./.,.,9"), SatCount::Links::none);
  EXPECT_EQ(links("hex6:3x3:1,.,./.,.,./.,.,9"), SatCount::Links::none);
  EXPECT_EQ(links("square8:1x4:1,.,.,4"), SatCount::Links::degree);  // a line: two neighbours at most
}

// The cycles banned, counted by hand: a 2x2 square4 board is one 4-cycle; 2x3 two 4-cycles and
// its rim (6); 3x3 four 4-cycles, four 6-cycles and five 8-cycles (the rim, and the four that
// leave out a corner and go through the centre); a line none. A 2x2 hex6 board (odd rows half a
// cell to the right) has two triangles and its rim. LinksChangeNoSolution shows that no ban
// costs a solution.
TEST(SatCount, BansEveryShortCycleOfLinksOnce) {
  static_assert(SatCount::cycle_ban_length >= 8);
  const auto bans = [](const char* desc, SatCount::Links links = SatCount::Links::degree) {
    const Puzzle p = parse_description(desc);
    const Layout layout(p.board);
    SolveLimits none;
    Watch watch(none);
    const SatCount sat(p, layout, candidates_of(p, layout), watch, SatCount::Tuning::models, links);
    EXPECT_TRUE(sat.encoded());
    return sat.cycle_bans();
  };
  EXPECT_EQ(bans("square4:2x2:1,./.,."), 1U);
  EXPECT_EQ(bans("square4:2x3:1,.,./.,.,."), 3U);
  EXPECT_EQ(bans("square4:3x3:1,.,./.,.,./.,.,9"), 13U);
  EXPECT_EQ(bans("square4:1x4:1,.,.,4"), 0U);
  EXPECT_EQ(bans("hex6:2x2:1,./.,."), 3U);
  EXPECT_EQ(bans("square4:3x3:1,.,./.,x,./.,.,."), 1U);  // a hole in the middle: the rim alone
  EXPECT_EQ(bans("square4:3x3:1,.,./.,.,./.,.,9", SatCount::Links::none), 0U);  // no links, nothing to ban
}

}  // namespace
}  // namespace hidato
