#include "core/puzzle.hpp"

#include <algorithm>

namespace hidato {

int count_givens(const Values& givens) {
  return static_cast<int>(std::count_if(givens.begin(), givens.end(), [](int v) { return v != 0; }));
}

bool is_valid_solution(const Puzzle& puzzle, const Values& solution) {
  const Board& b = puzzle.board;
  const int n = b.size();
  if (static_cast<int>(solution.size()) != n || static_cast<int>(puzzle.givens.size()) != n)
    return false;
  std::vector<CellId> cell_of(static_cast<std::size_t>(n) + 1, no_cell);
  for (CellId c = 0; c < n; ++c) {
    const int v = solution[static_cast<std::size_t>(c)];
    if (v < 1 || v > n || cell_of[static_cast<std::size_t>(v)] != no_cell) return false;
    const int g = puzzle.givens[static_cast<std::size_t>(c)];
    if (g != 0 && g != v) return false;
    cell_of[static_cast<std::size_t>(v)] = c;
  }
  for (int v = 1; v < n; ++v)
    if (!b.is_adjacent(cell_of[static_cast<std::size_t>(v)], cell_of[static_cast<std::size_t>(v) + 1]))
      return false;
  return true;
}

Values givens_from(const Values& solution, const std::vector<bool>& keep) {
  Values g(solution.size(), 0);
  for (std::size_t i = 0; i < solution.size(); ++i)
    if (keep[i]) g[i] = solution[i];
  return g;
}

Values reversed(const Values& values) {
  const int n = static_cast<int>(values.size());
  Values out(values.size(), 0);
  for (std::size_t i = 0; i < values.size(); ++i)
    if (values[i] != 0) out[i] = n + 1 - values[i];
  return out;
}

bool solutions_come_in_pairs(const Puzzle& puzzle) {
  const int n = puzzle.board.size();
  return n >= 2 && std::all_of(puzzle.givens.begin(), puzzle.givens.end(), [n](int v) { return v == 0 || 2 * v == n + 1; });
}

}  // namespace hidato
