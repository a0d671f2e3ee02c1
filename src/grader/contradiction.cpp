// Tier 4 of the grader: one-step what-if reasoning.
#include "grader/ladder.hpp"
#include "grader/techniques.hpp"

namespace hidato::grading {

// Tier 4. A number next to a placed one in sequence, with two cells left: put it in one of them
// and follow up with tiers 1-2 only (no nested what-ifs). If that runs into a contradiction (some
// number or cell left with no place), the number belongs in the other cell. Each try is bounded
// by `contradiction_pass_budget` passes; a try that runs out proves nothing. The tries of one
// grade share the state's what-if budget; numbers are tried in increasing order, so where the
// budget ends does not depend on how the cells are numbered.
Deductions contradiction(const GradeState& s) {
  Deductions d;
  const GradeLimits limits{contradiction_pass_budget};
  for (const Gap& g : gaps(s)) {
    std::vector<int> ends;  // the gap's numbers next to a placed one
    if (g.below != no_cell) ends.push_back(g.lo);
    if (g.above != no_cell && (g.hi != g.lo || g.below == no_cell)) ends.push_back(g.hi);
    for (int v : ends) {
      if (s.count(v) != 2) continue;
      if (d.what_ifs + 2 > s.what_ifs_left()) return d;
      d.what_ifs += 2;
      for (CellId x : s.candidates(v)) {
        GradeState trial = s;
        Deductions assume;
        assume.place.emplace_back(v, x);
        trial.apply(assume);
        if (!trial.broken()) run_ladder(trial, limits, follow_up_tier);
        if (trial.broken()) d.remove.emplace_back(v, x);
      }
    }
  }
  return d;
}

}  // namespace hidato::grading
