// Neighbour sets checked by hand for every topology, at edges, around holes, on even and odd hex rows.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/board.hpp"

using namespace hidato;

namespace {

Board full(Topology t, int rows, int cols) {
  return Board(t, rows, cols, std::vector<bool>(static_cast<std::size_t>(rows * cols), true));
}

std::set<std::pair<int, int>> neighbour_coords_of(const Board& b, Coord c) {
  std::set<std::pair<int, int>> out;
  for (CellId n : b.neighbours(b.cell_at(c))) out.insert({b.coord(n).row, b.coord(n).col});
  return out;
}

using CoordSet = std::set<std::pair<int, int>>;

}  // namespace

TEST(Board, Square8InteriorHasEightKingMoves) {
  const Board b = full(Topology::square8, 3, 3);
  EXPECT_EQ(neighbour_coords_of(b, {1, 1}),
            (CoordSet{{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 2}, {2, 0}, {2, 1}, {2, 2}}));
}

TEST(Board, Square8CornerHasThree) {
  const Board b = full(Topology::square8, 3, 3);
  EXPECT_EQ(neighbour_coords_of(b, {0, 0}), (CoordSet{{0, 1}, {1, 0}, {1, 1}}));
  EXPECT_EQ(neighbour_coords_of(b, {2, 2}), (CoordSet{{1, 1}, {1, 2}, {2, 1}}));
}

TEST(Board, Square4IsOrthogonalOnly) {
  const Board b = full(Topology::square4, 3, 3);
  EXPECT_EQ(neighbour_coords_of(b, {1, 1}), (CoordSet{{0, 1}, {1, 0}, {1, 2}, {2, 1}}));
  EXPECT_EQ(neighbour_coords_of(b, {0, 2}), (CoordSet{{0, 1}, {1, 2}}));
}

TEST(Board, Hex6EvenRowLeansLeft) {
  // Row 2 is even: its upper neighbours are (1,c-1) and (1,c).
  const Board b = full(Topology::hex6, 5, 5);
  EXPECT_EQ(neighbour_coords_of(b, {2, 2}),
            (CoordSet{{1, 1}, {1, 2}, {2, 1}, {2, 3}, {3, 1}, {3, 2}}));
}

TEST(Board, Hex6OddRowLeansRight) {
  // Row 1 is odd and sits half a cell to the right: upper neighbours (0,c) and (0,c+1).
  const Board b = full(Topology::hex6, 5, 5);
  EXPECT_EQ(neighbour_coords_of(b, {1, 2}),
            (CoordSet{{0, 2}, {0, 3}, {1, 1}, {1, 3}, {2, 2}, {2, 3}}));
}

TEST(Board, Hex6EdgesOfTheGrid) {
  const Board b = full(Topology::hex6, 3, 3);
  EXPECT_EQ(neighbour_coords_of(b, {0, 0}), (CoordSet{{0, 1}, {1, 0}}));
  EXPECT_EQ(neighbour_coords_of(b, {1, 2}), (CoordSet{{0, 2}, {1, 1}, {2, 2}}));
  EXPECT_EQ(neighbour_coords_of(b, {1, 0}), (CoordSet{{0, 0}, {0, 1}, {1, 1}, {2, 0}, {2, 1}}));
}

TEST(Board, HolesAreNotCellsAndNotNeighbours) {
  std::vector<bool> mask(9, true);
  mask[4] = false;  // centre hole
  const Board b(Topology::square8, 3, 3, mask);
  EXPECT_EQ(b.size(), 8);
  EXPECT_EQ(b.cell_at({1, 1}), no_cell);
  EXPECT_EQ(neighbour_coords_of(b, {0, 0}), (CoordSet{{0, 1}, {1, 0}}));
  EXPECT_EQ(b.cell_at({5, 0}), no_cell);
  EXPECT_EQ(b.cell_at({0, -1}), no_cell);
}

TEST(Board, AdjacencyIsSymmetricEverywhere) {
  for (Topology t : {Topology::square8, Topology::square4, Topology::hex6}) {
    std::vector<bool> mask(7 * 6);
    for (std::size_t i = 0; i < mask.size(); ++i) mask[i] = (i * 7) % 5 != 0;
    const Board b(t, 7, 6, mask);
    for (CellId a = 0; a < b.size(); ++a)
      for (CellId n : b.neighbours(a)) {
        EXPECT_TRUE(b.is_adjacent(n, a)) << to_string(t);
        EXPECT_NE(n, a);
      }
  }
}

TEST(Board, ConnectivityDependsOnTopology) {
  // Two cells touching only at a corner: connected for king moves, not for Numbrix.
  const std::vector<bool> mask = {true, false, false, true};
  EXPECT_TRUE(Board(Topology::square8, 2, 2, mask).is_connected());
  EXPECT_FALSE(Board(Topology::square4, 2, 2, mask).is_connected());
}

TEST(Board, TopologyNamesRoundTrip) {
  for (Topology t : {Topology::square8, Topology::square4, Topology::hex6})
    EXPECT_EQ(parse_topology(to_string(t)), t);
  EXPECT_FALSE(parse_topology("square6").has_value());
}
