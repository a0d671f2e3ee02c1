#pragma once
// RemovalOracle: the removal tests of one unique puzzle, on one incremental CaDiCaL instance.
//
// The test for the given v at cell c asks: "is there a solution of the puzzle without that given
// that puts another value at c?" (none: the given can go and the rest stays unique). Proving a
// clue set minimal asks it for every given. count_solutions(puzzle minus g, 1, limits, {c, v})
// answers one test; the oracle answers all of them on one encoding: the union over the tests of
// their root-propagated pairs, each test being the other givens as assumptions plus "not v at c",
// and what CaDiCaL learns in one test serves the next.
#include <memory>

#include "core/puzzle.hpp"
#include "solver/solver.hpp"

namespace hidato {

class RemovalOracle {
 public:
  // `limits`: deadline and cancel cover the oracle's whole life (construction included);
  // max_nodes is the conflict budget of each test.
  RemovalOracle(const Puzzle& puzzle, const SolveLimits& limits = {});
  ~RemovalOracle();
  RemovalOracle(RemovalOracle&&) noexcept;
  RemovalOracle& operator=(RemovalOracle&&) noexcept;

  // Precondition: `cell` holds a given. Verdict none: no such solution (the given is redundant);
  // unique: one exists, in `solution` (the given is needed); gave_up: stopped (stats.stop says why).
  SolveReport other_solution_without(CellId cell);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace hidato
