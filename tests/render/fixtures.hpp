#pragma once
// Test and bench puzzles, built inline from text (never from the solver).
#include <string>
#include <vector>

#include "core/codec.hpp"
#include "render/render.hpp"

namespace hidato::fixtures {

inline PrintablePuzzle printable(int number, const std::string& set, const std::string& difficulty,
                                 const std::string& givens_text, const std::string& solution_text) {
  PrintablePuzzle p;
  p.number = number;
  p.set_name = set;
  p.difficulty = difficulty;
  p.score = difficulty == "easy" ? 40 : difficulty == "medium" ? 140 : 240;  // grader-like: 100 a level
  p.puzzle = parse_puzzle(givens_text, "givens");
  p.solution = parse_puzzle(solution_text, "solution").givens;
  return p;
}

inline PrintablePuzzle small_square8(int number = 1) {
  return printable(number, "Classic", "easy", "1 . .\n. 5 .\n. . 9\n", "1 2 3\n6 5 4\n7 8 9\n");
}

inline PrintablePuzzle small_square4(int number = 2) {
  return printable(number, "Numbrix", "easy", "1 . 3\n. 9 .\n. . 5\n", "1 2 3\n8 9 4\n7 6 5\n");
}

inline PrintablePuzzle small_hex6(int number = 3) {
  return printable(number, "Hex", "medium", "# topology: hex6\n1 . . 4\n. . . .\n9 . . 12\n",
                   "# topology: hex6\n1 2 3 4\n8 7 6 5\n9 10 11 12\n");
}

// A ring: the 2 x 2 hole in the middle must be left out, with the outline drawn round it.
inline PrintablePuzzle shaped_square8(int number = 4) {
  return printable(number, "Shapes", "hard", "1 . . .\n. x x 5\n. x x .\n10 . . .\n",
                   "1 2 3 4\n12 x x 5\n11 x x 6\n10 9 8 7\n");
}

inline std::vector<PrintablePuzzle> mixed_book() {
  return {small_square8(1), small_square4(2), small_hex6(3), shaped_square8(4)};
}

// A rows x cols board numbered as a snake (row 0 left to right, row 1 right to left, ...), which
// is a Hamiltonian path under square8, square4 and hex6 (odd-r) alike; every 4th cell is a given.
inline PrintablePuzzle snake(int number, Topology t, int rows, int cols, const std::string& set = "Snakes") {
  PrintablePuzzle p;
  p.number = number;
  p.set_name = set;
  p.difficulty = "medium";
  p.score = 150;
  p.puzzle.board = Board(t, rows, cols, std::vector<bool>(static_cast<std::size_t>(rows * cols), true));
  p.solution.resize(static_cast<std::size_t>(rows * cols));
  p.puzzle.givens.assign(static_cast<std::size_t>(rows * cols), 0);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const int cell = r * cols + c;
      const int v = r * cols + (r % 2 == 0 ? c : cols - 1 - c) + 1;
      p.solution[static_cast<std::size_t>(cell)] = v;
      if (v % 4 == 1 || v == rows * cols) p.puzzle.givens[static_cast<std::size_t>(cell)] = v;
    }
  return p;
}

}  // namespace hidato::fixtures
