#pragma once
// The named deduction techniques of the grader, cheapest tier first.
//
// Each technique looks at one snapshot of the GradeState and returns what it can deduce there
// (placements and eliminations); it never guesses, so everything it returns holds in every
// solution of the puzzle. The names are stable: they appear in `hidato grade` output and JSON.
//
//   tier 1  only-neighbour  an unplaced number next to a placed one in sequence has one cell left
//                            among the placed one's neighbours (both neighbours: a common cell)
//   tier 2  only-cell       crossing off cells out of reach of the nearest placed numbers below and
//                            above (by free-cell distance) leaves one cell for a number
//           only-value      a free cell that only one number can still reach
//   tier 3  dead-end        a number cannot sit in a cell without two different neighbours able to
//                            hold the numbers before and after it (one at the ends 1 and N)
//           pair            two numbers sharing the same two cells own them; two cells sharing the
//                            same two numbers hold them
//           gap-paths       a short gap is crossed in every possible way; a cell no way uses for a
//                            number is crossed off for it
//   tier 4  region          the free cells split into regions; every gap of missing numbers lies in
//                            one region and regions are filled exactly by whole gaps (subset sums)
//           contradiction   a number next to a placed one has two cells left; trying one of them
//                            and following up with tiers 1-2 runs into a contradiction
#include <cstdint>
#include <span>
#include <string_view>

#include "grader/grade_state.hpp"

namespace hidato::grading {

struct Technique {
  std::string_view name;
  int tier = 0;
  Deductions (*find)(const GradeState&) = nullptr;
};

// All techniques in the order they are tried (cheapest first).
std::span<const Technique> techniques();
inline constexpr int deepest_technique_tier = 4;

Deductions only_neighbour(const GradeState& s);
Deductions only_cell(const GradeState& s);
Deductions only_value(const GradeState& s);
Deductions dead_end(const GradeState& s);
Deductions pairs(const GradeState& s);
Deductions gap_paths(const GradeState& s);  // gap_paths.cpp
Deductions regions(const GradeState& s);    // regions.cpp
Deductions contradiction(const GradeState& s);  // contradiction.cpp

// gap-paths gives up on a gap with more partial paths than this ("too many ways to try by hand").
inline constexpr long gap_path_budget = 2000;
// A what-if of the contradiction technique is followed up with the techniques of tiers up to
// `follow_up_tier`, for at most `contradiction_pass_budget` passes.
inline constexpr int follow_up_tier = 2;
inline constexpr std::uint64_t contradiction_pass_budget = 12;

// A maximal run lo..hi of unplaced numbers; `below` is the cell of lo-1 and `above` the cell of
// hi+1 (no_cell when lo == 1 or hi == N).
struct Gap {
  int lo = 0;
  int hi = 0;
  CellId below = no_cell;
  CellId above = no_cell;
  int length() const { return hi - lo + 1; }
};
std::vector<Gap> gaps(const GradeState& s);

}  // namespace hidato::grading
