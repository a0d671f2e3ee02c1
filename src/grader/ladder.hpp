#pragma once
// The deduction ladder behind grade(), exposed for tests and tools that want the state itself.
#include <cstdint>
#include <vector>

#include "core/stop_check.hpp"
#include "grader/grade_state.hpp"
#include "grader/grader.hpp"

namespace hidato::grading {

struct LadderRun {
  std::vector<int> steps;     // per technique, in techniques() order
  std::uint64_t passes = 0;   // technique passes spent
  bool out_of_passes = false; // limits.max_steps was reached
  bool stopped = false;       // `stop` said so: the state is sound but short of the fixpoint
};

// Runs the techniques of tiers up to `max_tier`, cheapest first, on `state` until it is solved,
// stuck, broken, out of passes or stopped (`stop` is polled before every pass).
LadderRun run_ladder(GradeState& state, const GradeLimits& limits, int max_tier = 4, const StopCheck& stop = {});

}  // namespace hidato::grading
