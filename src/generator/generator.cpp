// PLACEHOLDER generator: a rectangle, a snake path, every cell given. Replaced by the real one.
#include "generator/generator.hpp"

#include "core/rng.hpp"

namespace hidato {

std::optional<std::string> check_spec(const BoardSpec& spec) {
  if (spec.rows < 2 || spec.cols < 2) return "the board must be at least 2x2";
  return std::nullopt;
}

std::vector<std::string> shape_names() { return {"rect"}; }

Result<GeneratedPuzzle> make_puzzle(const PuzzleJob& job, const std::atomic<bool>*) {
  const auto& s = job.board;
  Board board(s.topology, s.rows, s.cols, std::vector<bool>(static_cast<std::size_t>(s.rows * s.cols), true));
  Values sol(static_cast<std::size_t>(board.size()));
  int v = 1;
  for (int r = 0; r < s.rows; ++r)
    for (int k = 0; k < s.cols; ++k) sol[board.cell_at({r, (r % 2) ? s.cols - 1 - k : k})] = v++;
  Rng rng(job.seed);
  std::vector<bool> keep(sol.size(), true);
  for (std::size_t i = 0; i < keep.size(); ++i) keep[i] = sol[i] == 1 || sol[i] == v - 1 || rng.chance(0.6);
  GeneratedPuzzle g{job, 0, Puzzle{board, givens_from(sol, keep), {}}, sol, grade(Puzzle{board, {}, {}}), {}};
  return g;
}

}  // namespace hidato
