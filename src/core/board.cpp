#include "core/board.hpp"

#include <algorithm>
#include <cassert>

namespace hidato {

std::string_view to_string(Topology t) {
  switch (t) {
    case Topology::square8: return "square8";
    case Topology::square4: return "square4";
    case Topology::hex6: return "hex6";
  }
  return "square8";
}

std::optional<Topology> parse_topology(std::string_view name) {
  if (name == "square8") return Topology::square8;
  if (name == "square4") return Topology::square4;
  if (name == "hex6") return Topology::hex6;
  return std::nullopt;
}

std::vector<Coord> neighbour_coords(Topology t, Coord c) {
  const int r = c.row, k = c.col;
  switch (t) {
    case Topology::square4:
      return {{r - 1, k}, {r, k - 1}, {r, k + 1}, {r + 1, k}};
    case Topology::square8:
      return {{r - 1, k - 1}, {r - 1, k}, {r - 1, k + 1}, {r, k - 1},
              {r, k + 1},     {r + 1, k - 1}, {r + 1, k}, {r + 1, k + 1}};
    case Topology::hex6: {
      // odd-r offset: odd rows are shifted right, so their diagonal neighbours lie at col and col+1.
      const int d = (r % 2 != 0) ? 0 : -1;
      return {{r - 1, k + d}, {r - 1, k + d + 1}, {r, k - 1},
              {r, k + 1},     {r + 1, k + d}, {r + 1, k + d + 1}};
    }
  }
  return {};
}

Board::Board(Topology topology, int rows, int cols, std::vector<bool> playable)
    : topology_(topology), rows_(rows), cols_(cols) {
  assert(rows >= 1 && cols >= 1 && playable.size() == static_cast<std::size_t>(rows) * cols);
  cell_of_pos_.assign(playable.size(), no_cell);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      if (playable[static_cast<std::size_t>(r) * cols + c]) {
        cell_of_pos_[static_cast<std::size_t>(r) * cols + c] = size();
        coords_.push_back({r, c});
      }
  adj_start_.reserve(coords_.size() + 1);
  adj_start_.push_back(0);
  for (const Coord& c : coords_) {
    const auto first = adj_.size();
    for (const Coord& n : neighbour_coords(topology, c))
      if (CellId id = cell_at(n); id != no_cell) adj_.push_back(id);
    std::sort(adj_.begin() + static_cast<std::ptrdiff_t>(first), adj_.end());
    max_degree_ = std::max(max_degree_, static_cast<int>(adj_.size() - first));
    adj_start_.push_back(static_cast<int>(adj_.size()));
  }
}

CellId Board::cell_at(Coord c) const {
  if (c.row < 0 || c.row >= rows_ || c.col < 0 || c.col >= cols_) return no_cell;
  return cell_of_pos_[static_cast<std::size_t>(c.row) * cols_ + c.col];
}

bool Board::is_adjacent(CellId a, CellId b) const {
  const auto n = neighbours(a);
  return std::binary_search(n.begin(), n.end(), b);
}

bool Board::is_connected() const {
  if (size() == 0) return false;
  std::vector<bool> seen(static_cast<std::size_t>(size()), false);
  std::vector<CellId> stack{0};
  seen[0] = true;
  int reached = 1;
  while (!stack.empty()) {
    const CellId c = stack.back();
    stack.pop_back();
    for (CellId n : neighbours(c))
      if (!seen[static_cast<std::size_t>(n)]) {
        seen[static_cast<std::size_t>(n)] = true;
        ++reached;
        stack.push_back(n);
      }
  }
  return reached == size();
}

}  // namespace hidato
