#pragma once
// Cell geometry in unit space: a square cell is 1 x 1; a hex cell (pointy-top, odd-r rows) is
// 1 wide. y grows downwards. The renderer scales these to millimetres; the solver never looks.
#include <utility>
#include <vector>

#include "core/board.hpp"

namespace hidato {

struct Point {
  double x = 0;
  double y = 0;
  friend bool operator==(const Point&, const Point&) = default;
};

struct Extent {
  double width = 0;
  double height = 0;
};

// Size of the whole rows x cols grid (holes included).
Extent grid_extent(Topology t, int rows, int cols);
Point cell_centre(Topology t, Coord c);
// Corners clockwise (on screen) starting top-left (square) or top (hex).
std::vector<Point> cell_polygon(Topology t, Coord c);
// The grid position across edge i of cell c's polygon (edge i joins corner i and i+1).
Coord across_edge(Topology t, Coord c, int edge);

struct Segment {
  Point a;
  Point b;
};
// Edges between a playable cell and a hole or the outside: the board's outline.
std::vector<Segment> outline_segments(const Board& board);
// Edges between two playable cells, each once (from the cell with the smaller id).
std::vector<Segment> inner_segments(const Board& board);

}  // namespace hidato
