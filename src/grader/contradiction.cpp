// Tier 4 of the grader: one-step what-if reasoning.
#include "grader/ladder.hpp"
#include "grader/techniques.hpp"

#include <algorithm>

namespace hidato::grading {

// Tier 4. A number next to a placed one in sequence, with two cells left: put it in one of them
// and follow up with tiers 1-2 only (no nested what-ifs). If that runs into a contradiction (some
// number or cell left with no place), the number belongs in the other cell. Each try is bounded
// by `contradiction_pass_budget` passes; a try that runs out proves nothing. The tries of one
// grade share the state's what-if budget. They run from the ends of the path inwards, v and its
// mirror N+1-v together, and a pair the budget cannot pay for in full is not started: where the
// budget ends depends neither on how the cells are numbered nor on which way the numbers run (in
// increasing order, a puzzle and its reverse k -> N+1-k could get different grades).
Deductions contradiction(const GradeState& s) {
  Deductions d;
  const GradeLimits limits{contradiction_pass_budget};
  const int n = s.n();
  std::vector<int> tries;  // the numbers next to a placed one with two cells left
  for (const Gap& g : gaps(s)) {
    if (g.below != no_cell && s.count(g.lo) == 2) tries.push_back(g.lo);
    if (g.above != no_cell && (g.hi != g.lo || g.below == no_cell) && s.count(g.hi) == 2) tries.push_back(g.hi);
  }
  const auto depth = [n](int v) { return std::min(v, n + 1 - v); };
  std::stable_sort(tries.begin(), tries.end(), [&](int a, int b) { return depth(a) < depth(b); });
  for (std::size_t i = 0; i < tries.size();) {
    std::size_t j = i + 1;
    while (j < tries.size() && depth(tries[j]) == depth(tries[i])) ++j;
    if (d.what_ifs + 2 * (j - i) > s.what_ifs_left()) return d;
    for (; i < j; ++i) {
      d.what_ifs += 2;
      for (CellId x : s.candidates(tries[i])) {
        GradeState trial = s;
        Deductions assume;
        assume.place.emplace_back(tries[i], x);
        trial.apply(assume);
        if (!trial.broken()) run_ladder(trial, limits, follow_up_tier);
        if (trial.broken()) d.remove.emplace_back(tries[i], x);
      }
    }
  }
  return d;
}

}  // namespace hidato::grading
