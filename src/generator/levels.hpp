#pragma once
// Clue sets for the deduction levels (easy..expert = tiers 1..4): the grader limited to the tier
// finishes the puzzle, and no single removable given can go without breaking that.
//
// The exact solver is not used here at all: a puzzle the tier-limited grader finishes is unique
// (every technique is sound), so `confirm` re-proves it once at the end, outside.
#include <cstdint>
#include <vector>

#include "core/puzzle.hpp"
#include "core/rng.hpp"
#include "core/stop_check.hpp"

namespace hidato {

// True when the grader limited to tiers 1..`tier` solves `puzzle` to the end (tier 0: only a
// puzzle with every cell given). A fresh grade: nothing is shared with earlier calls. False when
// `stop` ended the grade first: the caller that passes one must ask it again before trusting false.
bool deduces(const Puzzle& puzzle, int tier, const StopCheck& stop = {});

struct LevelClues {
  std::vector<bool> keep;  // cells whose solution value is shown
  int added = 0;           // givens the build-up added (besides the ends)
  int grader_runs = 0;     // removal tests
  bool stopped = false;    // `stop` said so (deadline or cancel): keep is meaningless
};

// Build up, then strip down. `base` is the board with no givens; 1 and N are always shown unless
// `hide_ends`, in which case they are removal candidates like any other given.
LevelClues deduction_clues(const Puzzle& base, const Values& solution, int tier, bool hide_ends, Rng& rng,
                           const StopCheck& stop = {});

// Givens of `puzzle` (1 and N only when `hide_ends`) whose single removal the tier-limited
// grader still finishes: empty when the puzzle is deduction-minimal at `tier`. Fresh grades.
std::vector<CellId> removable_givens(const Puzzle& puzzle, int tier, bool hide_ends);

}  // namespace hidato
