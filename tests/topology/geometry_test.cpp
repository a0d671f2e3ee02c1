#include <gtest/gtest.h>

#include <cmath>

#include "topology/geometry.hpp"

using namespace hidato;

TEST(Geometry, SquareCellsAreUnitSquares) {
  const auto poly = cell_polygon(Topology::square8, {2, 3});
  ASSERT_EQ(poly.size(), 4u);
  EXPECT_EQ(poly[0], (Point{3, 2}));
  EXPECT_EQ(poly[2], (Point{4, 3}));
  EXPECT_EQ(grid_extent(Topology::square4, 5, 7).width, 7);
}

TEST(Geometry, OddHexRowsSitHalfACellRight) {
  EXPECT_DOUBLE_EQ(cell_centre(Topology::hex6, {1, 0}).x - cell_centre(Topology::hex6, {0, 0}).x, 0.5);
  EXPECT_DOUBLE_EQ(cell_centre(Topology::hex6, {2, 0}).x, cell_centre(Topology::hex6, {0, 0}).x);
}

TEST(Geometry, HexNeighboursShareAnEdge) {
  // Every neighbour across edge e is a topological neighbour, and their centres are 1 apart.
  for (Coord c : {Coord{2, 2}, Coord{3, 2}}) {
    const auto nbs = neighbour_coords(Topology::hex6, c);
    for (int e = 0; e < 6; ++e) {
      const Coord n = across_edge(Topology::hex6, c, e);
      EXPECT_NE(std::find(nbs.begin(), nbs.end(), n), nbs.end());
      const Point a = cell_centre(Topology::hex6, c), b = cell_centre(Topology::hex6, n);
      EXPECT_NEAR(std::hypot(a.x - b.x, a.y - b.y), 1.0, 1e-9);
    }
  }
}

TEST(Geometry, OutlineOfARectangleIsItsPerimeter) {
  const Board b(Topology::square8, 2, 3, std::vector<bool>(6, true));
  EXPECT_EQ(outline_segments(b).size(), 10u);  // 2*(2+3)
  std::vector<bool> mask(9, true);
  mask[4] = false;
  EXPECT_EQ(outline_segments(Board(Topology::square8, 3, 3, mask)).size(), 16u);  // 12 outer + 4 inner
}

TEST(Geometry, InnerEdgesAreSharedOnceAndOutlineIsTheRest) {
  // 2x3 rectangle: 3 edges between the rows, 2 x 2 between the columns.
  const Board b(Topology::square8, 2, 3, std::vector<bool>(6, true));
  EXPECT_EQ(inner_segments(b).size(), 7u);
  // Hex: every polygon edge is either inner (counted from both cells) or outline.
  std::vector<bool> mask(20, true);
  mask[6] = false;
  const Board h(Topology::hex6, 4, 5, mask);
  EXPECT_EQ(2 * inner_segments(h).size() + outline_segments(h).size(), 6u * static_cast<std::size_t>(h.size()));
}
