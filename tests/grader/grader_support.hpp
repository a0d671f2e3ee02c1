#pragma once
// Helpers for the grader tests: board symmetries, small random unique puzzles, and the soundness
// check that compares every deduction with the unique solution.
#include <functional>
#include <optional>
#include <string>

#include "core/puzzle.hpp"
#include "core/rng.hpp"

namespace hidato::testing {

// Maps a coord of a rows x cols grid to a coord of the transformed grid.
using CoordMap = std::function<Coord(Coord)>;

struct Symmetry {
  std::string name;
  int rows = 0;  // transformed grid size
  int cols = 0;
  CoordMap map;
};

// The symmetries of a rows x cols grid that keep adjacency under topology t (rotations and
// mirrors for square grids; for hex6 the mirrors that keep odd-r offsets, on a widened grid).
std::vector<Symmetry> symmetries(Topology t, int rows, int cols);

// The puzzle with every playable cell moved by `s` (givens follow their cells).
Puzzle transformed(const Puzzle& p, const Symmetry& s);
Values transformed_values(const Puzzle& p, const Puzzle& image, const Symmetry& s, const Values& v);

// True when a and b are adjacent in p exactly when their images are adjacent in `image`.
bool keeps_adjacency(const Puzzle& p, const Puzzle& image, const Symmetry& s);

// A random Hamiltonian path over the board (solution[cell] = 1..N), by depth-first search with
// Warnsdorff ordering and random tie-breaks; nullopt when none was found within the budget.
std::optional<Values> random_path(const Board& board, Rng& rng, long budget = 200000);

// A puzzle with a unique solution `solution`: random givens at density `keep`, more added from
// the solver's second witness until unique, then (when `strip`) givens removed while unique.
std::optional<Puzzle> random_unique_puzzle(const Board& board, const Values& solution, Rng& rng,
                                           double keep, bool strip);

// Empty when every number the grader placed is the solution's and every solution cell is still
// among the candidates; otherwise a message naming the first false deduction.
std::string soundness_error(const Puzzle& p, const Values& solution);

}  // namespace hidato::testing
