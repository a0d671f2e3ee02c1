#pragma once
// `fill`: random Hamiltonian paths over a board, and obstacles carved off a path.
//
// A path is the visiting order: order[i] is the cell numbered i+1. Everything here is a pure
// function of the board and the Rng state (hidato::Rng only), so a seed reproduces it anywhere.
#include <cstdint>
#include <optional>
#include <vector>

#include "core/board.hpp"
#include "core/puzzle.hpp"
#include "core/rng.hpp"
#include "core/stop_check.hpp"

namespace hidato {

using CellOrder = std::vector<CellId>;

// Polled by the long loops below every few thousand steps (the deadline and the cancel flag):
// once it says true, find_hamiltonian_path returns nullopt and the others stop early, leaving a
// valid path that the caller must not use (it depends on the clock). Empty: never stop.

// One Hamiltonian path, or nullopt when `max_steps` (cell moves) run out first. Restarts inside;
// when the budget is spent, a line-by-line snake still serves the boards it fits (rectangles).
std::optional<CellOrder> find_hamiltonian_path(const Board& board, Rng& rng, std::uint64_t max_steps,
                                               const StopCheck& stop = {});

// `moves` backbite moves (Mansfield): an end steps to a random neighbour on the path and the path
// is rewired there. Keeps `order` a Hamiltonian path of the same cells; mixes it towards uniform.
void backbite(const Board& board, CellOrder& order, Rng& rng, int moves, const StopCheck& stop = {});

// A board with `holes` cells of `board` left off the path, and the path over the rest (renumbered
// to the new board's cell ids). Holes are scattered: cells away from other holes and the outline
// go first. Fewer holes than asked only when the path cannot give more (tiny boards).
struct CarvedBoard {
  Board board;
  CellOrder order;
};
CarvedBoard carve_holes(const Board& board, CellOrder order, int holes, Rng& rng, const StopCheck& stop = {});

// Villalba's path-grown board: a random self-avoiding path wanders inside `box` (random free
// neighbour at the tail; when stuck, a backbite at the tail frees it) until it has visited
// ceil(share * cells) cells; the board is the visited cells, holes what it never visited, and the
// path is a Hamiltonian path of it by construction. nullopt when `max_steps` run out first.
std::optional<CarvedBoard> grow_board(const Board& box, double share, Rng& rng, std::uint64_t max_steps,
                                      const StopCheck& stop = {});

// Slack of the path at its interior cells: for each cell, how many cells touch both its path
// neighbours (the places a solver must choose between when the cell is blank). Lower slack means
// a more forced path, and a more forced path needs fewer givens to be unique.
int slack_at(const Board& board, const CellOrder& order, int i);
long path_slack(const Board& board, const CellOrder& order);

// `moves` backbite moves biased towards low slack (Metropolis at temperature `temperature`: a
// move that raises the slack by d is kept with probability exp(-d / temperature)). At an infinite
// temperature every move is kept: `backbite`'s moves, with no bias.
void anneal_slack(const Board& board, CellOrder& order, Rng& rng, int moves, double temperature,
                  const StopCheck& stop = {});

// solution[cell] = position on the path + 1.
Values solution_of(const Board& board, const CellOrder& order);
// The inverse: the cells of a solution (values 1..N, one each) in value order.
CellOrder order_of(const Values& solution);

}  // namespace hidato
