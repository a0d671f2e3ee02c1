#include "core/limits.hpp"

namespace hidato {

std::optional<std::string> board_size_problem(long long rows, long long cols) {
  const std::string size = std::to_string(rows) + " x " + std::to_string(cols);
  if (rows < 1 || cols < 1) return "board size must be at least 1 x 1, got " + size;
  if (rows > max_board_cells || cols > max_board_cells || rows * cols > max_board_cells)
    return "board too large: " + size + " (the limit is 65,536 cells, e.g. 256 x 256)";
  return std::nullopt;
}

}  // namespace hidato
