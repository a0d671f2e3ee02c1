#include "topology/geometry.hpp"

#include <cmath>

namespace hidato {
namespace {

constexpr double hex_side = 0.57735026918962576;  // 1/sqrt(3): a hex of width 1
constexpr double hex_row_step = 1.5 * hex_side;

}  // namespace

Extent grid_extent(Topology t, int rows, int cols) {
  if (t != Topology::hex6) return {static_cast<double>(cols), static_cast<double>(rows)};
  const double width = cols + (rows > 1 ? 0.5 : 0.0);
  return {width, hex_row_step * (rows - 1) + 2 * hex_side};
}

Point cell_centre(Topology t, Coord c) {
  if (t != Topology::hex6) return {c.col + 0.5, c.row + 0.5};
  const double shift = (c.row % 2 != 0) ? 0.5 : 0.0;
  return {c.col + 0.5 + shift, hex_side + hex_row_step * c.row};
}

std::vector<Point> cell_polygon(Topology t, Coord c) {
  const Point m = cell_centre(t, c);
  if (t != Topology::hex6)
    return {{m.x - 0.5, m.y - 0.5}, {m.x + 0.5, m.y - 0.5}, {m.x + 0.5, m.y + 0.5}, {m.x - 0.5, m.y + 0.5}};
  const double h = hex_side / 2;
  return {{m.x, m.y - hex_side}, {m.x + 0.5, m.y - h}, {m.x + 0.5, m.y + h},
          {m.x, m.y + hex_side}, {m.x - 0.5, m.y + h}, {m.x - 0.5, m.y - h}};
}

Coord across_edge(Topology t, Coord c, int edge) {
  const int r = c.row, k = c.col;
  if (t != Topology::hex6) {
    static constexpr int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, 1, 0, -1};
    return {r + dr[edge], k + dc[edge]};
  }
  const int d = (r % 2 != 0) ? 0 : -1;
  switch (edge) {
    case 0: return {r - 1, k + d + 1};
    case 1: return {r, k + 1};
    case 2: return {r + 1, k + d + 1};
    case 3: return {r + 1, k + d};
    case 4: return {r, k - 1};
    default: return {r - 1, k + d};
  }
}

namespace {

// The polygon edges of every cell for which keep(cell, cell across the edge or no_cell) holds.
template <class Keep>
std::vector<Segment> edges_where(const Board& board, Keep keep) {
  std::vector<Segment> out;
  const Topology t = board.topology();
  for (CellId id = 0; id < board.size(); ++id) {
    const Coord c = board.coord(id);
    const auto poly = cell_polygon(t, c);
    const int n = static_cast<int>(poly.size());
    for (int e = 0; e < n; ++e)
      if (keep(id, board.cell_at(across_edge(t, c, e))))
        out.push_back({poly[static_cast<std::size_t>(e)], poly[static_cast<std::size_t>((e + 1) % n)]});
  }
  return out;
}

}  // namespace

std::vector<Segment> outline_segments(const Board& board) {
  return edges_where(board, [](CellId, CellId other) { return other == no_cell; });
}

std::vector<Segment> inner_segments(const Board& board) {
  return edges_where(board, [](CellId id, CellId other) { return other != no_cell && other > id; });
}

}  // namespace hidato
