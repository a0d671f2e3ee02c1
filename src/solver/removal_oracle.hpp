#pragma once
// RemovalOracle: removal tests ("can this given go?") on one incremental CaDiCaL instance.
//
// The test for the given v at cell c of a puzzle asks: "is there a solution of the puzzle without
// that given that puts another value at c?" (none: the given can go and the rest stays unique;
// one: the given is needed, and the solution is the witness). count_solutions(puzzle minus g, 1,
// limits, {c, v}) answers one test; the oracle answers many on one encoding, each test being the
// other givens as assumptions plus "not v at c", and what CaDiCaL learns in one test serves the
// next. What an oracle covers depends on how it was built:
//   of one clue set (the constructors): the tests of removing one given of `puzzle`; the encoding
//     is the union over those tests of their root-propagated pairs.
//   above a floor (`above`): the tests of removing any given not in `floor` from any clue set that
//     contains all of floor's givens (so a greedy strip can go on after each removal); the
//     encoding is the floor's root-propagated pairs, which every such clue set's solutions use.
// A witness ("needed") is checked against the puzzle and holds whatever the cover; "none" is a
// proof because the encoding holds every solution of a covered test. Asking a test outside the
// cover is a programming error (std::logic_error). The instance is CaDiCaL's refutation tuning
// (SatCount::Tuning): most hard tests are proofs that no other solution exists.
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <span>

#include "core/puzzle.hpp"
#include "solver/solver.hpp"

namespace hidato {

class RemovalOracle {
 public:
  // `limits`: deadline and cancel cover the oracle's whole life (construction included);
  // max_nodes is the conflict budget of each test.
  explicit RemovalOracle(const Puzzle& puzzle, const SolveLimits& limits = {});
  // Only the tests of the givens at `tests` (cheaper to build: one root propagation per test).
  RemovalOracle(const Puzzle& puzzle, std::span<const CellId> tests, const SolveLimits& limits);
  // `max_pairs`: a floor with more root pairs is not encoded (see encoded(); pairs() still
  // tells how many), for a caller that would not run its tests anyway.
  static RemovalOracle above(const Puzzle& floor, const SolveLimits& limits = {},
                             std::uint64_t max_pairs = std::numeric_limits<std::uint64_t>::max());
  ~RemovalOracle();
  RemovalOracle(RemovalOracle&&) noexcept;
  RemovalOracle& operator=(RemovalOracle&&) noexcept;

  // Whether the encoding was built. Without it (too many pairs, or stopped while building) every
  // test not settled by root propagation gives up with stop reason budget.
  bool encoded() const;
  // The root-propagated (value, cell) pairs the oracle's tests range over (what the encoding
  // holds, or would have held when it was too big to build; 0 when stopped while building): a
  // measure of what the tests will cost (their conflicts cost more, and more of them are needed,
  // the more pairs there are). As built: raise_floor does not lower it.
  std::uint64_t pairs() const;

  // Built of one clue set: the root-propagated pairs of the test of the given at `cell` (0 when
  // that test failed at the root, when it is not one of the oracle's tests, or above a floor).
  // What the test will cost grows with them (hex6 20x20 extreme, stage A of 20 strips: 957
  // tests, the widest fifth 37 ms on average, the others 0.1-7.6 ms).
  std::uint64_t test_pairs(CellId cell) const;

  // The solution of the clue set the tests start from, when the caller knows it (a generator
  // stripping its own puzzle): the SAT search tries its values first (SatCount::prefer). A test's
  // witness agrees with it on most cells; on square8 20x20 extreme strips (15 seeds) the oracles
  // spent 22% fewer conflicts and 16% less time. Verdicts never change.
  void prefer(const Values& solution);

  // From now on, `progress` is told the conflicts a running test has spent, every
  // SatCount::progress_every of them, from inside the test on the calling thread (it may block):
  // for a caller that must know how far a long test has got before it ends (LaneRace's pace).
  // Never more than the conflicts the test reports at its end.
  void report_progress(std::function<void(std::uint64_t)> progress);

  // Above a floor: `floor`, which holds every given of the floor so far (and maybe more), becomes
  // the floor. For a caller whose later clue sets all keep some givens for good (a greedy strip:
  // a given found needed stays): the encoded pairs the new floor's root propagation rules out
  // are false from now on (unit clauses), so later tests range over fewer pairs and keep what
  // CaDiCaL learnt. Later tests must contain the new floor. Returns the pairs ruled out (0
  // without an encoding). Throws std::logic_error for an oracle of one clue set or a floor that
  // drops a given of the old one.
  std::uint64_t raise_floor(const Puzzle& floor);

  // The test of the given at `cell` of the oracle's own puzzle (built of one clue set).
  SolveReport other_solution_without(CellId cell);
  // The test of the given at `cell` of `current`, which must be covered (see above).
  // Verdict none: no such solution (the given is redundant); unique: one exists, in `solution`
  // (the given is needed); gave_up: stopped (stats.stop says why; budget also when the encoding
  // would have been too big to build).
  SolveReport other_solution_without(const Puzzle& current, CellId cell);
  // The same with its own conflict cap instead of the oracle's (a caller whose budget shrinks
  // from test to test).
  SolveReport other_solution_without(const Puzzle& current, CellId cell, std::uint64_t max_conflicts);

 private:
  struct Impl;
  explicit RemovalOracle(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace hidato
