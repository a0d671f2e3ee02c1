// grade(): solve as a person does, the way Solo grades Sudoku. Techniques are tried cheapest
// first; after any progress the loop starts again at the cheapest one. The grade is the deepest
// tier that made progress, the steps of every technique, and whether deduction got stuck.
#include "grader/grader.hpp"

#include <algorithm>

#include "grader/ladder.hpp"
#include "grader/techniques.hpp"

namespace hidato {

std::string_view to_string(Difficulty d) {
  switch (d) {
    case Difficulty::easy: return "easy";
    case Difficulty::medium: return "medium";
    case Difficulty::hard: return "hard";
    case Difficulty::expert: return "expert";
    case Difficulty::extreme: return "extreme";
  }
  return "easy";
}

std::optional<Difficulty> parse_difficulty(std::string_view name) {
  if (name == "easy") return Difficulty::easy;
  if (name == "medium") return Difficulty::medium;
  if (name == "hard") return Difficulty::hard;
  if (name == "expert") return Difficulty::expert;
  if (name == "extreme") return Difficulty::extreme;
  return std::nullopt;
}

std::vector<TechniqueInfo> grader_techniques() {
  std::vector<TechniqueInfo> out;
  for (const auto& t : grading::techniques()) out.push_back({std::string(t.name), t.tier});
  return out;
}

Difficulty level_for(int deepest_tier, bool needs_search) {
  if (needs_search) return Difficulty::extreme;
  if (deepest_tier >= 4) return Difficulty::expert;
  if (deepest_tier == 3) return Difficulty::hard;
  if (deepest_tier == 2) return Difficulty::medium;
  return Difficulty::easy;
}

namespace {

// Score: 100 points per level (easy 0, medium 100, hard 200, expert by tier 4 300, needs search
// 400) plus up to 99 for the share of steps taken with harder techniques:
// 99 * sum((tier - 1) * steps) / (3 * sum(steps)). Strictly ordered by level, then by tier.
double score_for(const Grade& g) {
  const double base = g.needs_search ? 400.0 : 100.0 * std::max(0, g.deepest_tier - 1);
  double weighted = 0, steps = 0;
  for (const auto& t : g.techniques) {
    weighted += (t.tier - 1) * static_cast<double>(t.steps);
    steps += t.steps;
  }
  return steps == 0 ? base : base + 99.0 * weighted / (3.0 * steps);
}

}  // namespace

namespace grading {

// The ladder: budget check, then each technique in order on the current state; the first one that
// changes anything is credited (one step per number it placed, or one step for a pass that only
// crossed off candidates) and the ladder restarts at tier 1. Stop when solved, stuck, broken
// (no solution) or out of passes.
LadderRun run_ladder(GradeState& state, const GradeLimits& limits, int max_tier, const StopCheck& stop) {
  const auto table = techniques();
  LadderRun run;
  run.steps.assign(table.size(), 0);
  bool progressed = true;
  while (progressed && !state.solved() && !state.broken()) {
    progressed = false;
    for (std::size_t i = 0; i < table.size() && !progressed && table[i].tier <= max_tier; ++i) {
      if (run.passes >= limits.max_steps) {
        run.out_of_passes = true;
        return run;
      }
      if (stop && stop()) {
        run.stopped = true;
        return run;
      }
      ++run.passes;
      const Applied a = state.apply(table[i].find(state));
      if (!a.changed()) continue;
      run.steps[i] += a.placed > 0 ? a.placed : 1;
      progressed = true;
    }
  }
  return run;
}

}  // namespace grading

// Anything but a solved state at the end of the ladder means deduction alone did not finish.
Grade grade(const Puzzle& puzzle, const GradeLimits& limits) { return *grade_until(puzzle, limits, {}); }

std::optional<Grade> grade_until(const Puzzle& puzzle, const GradeLimits& limits, const std::function<bool()>& stop) {
  grading::GradeState state(puzzle, limits.what_ifs_per_cell, limits.max_what_ifs);
  const grading::LadderRun run = grading::run_ladder(state, limits, limits.max_tier, stop);
  if (run.stopped) return std::nullopt;
  const auto& steps = run.steps;
  const auto table = grading::techniques();
  Grade g;
  g.needs_search = !state.solved();
  for (std::size_t i = 0; i < table.size(); ++i) {
    if (steps[i] == 0) continue;
    g.techniques.push_back({std::string(table[i].name), table[i].tier, steps[i]});
    g.deepest_tier = std::max(g.deepest_tier, table[i].tier);
  }
  g.level = level_for(g.deepest_tier, g.needs_search);
  g.score = score_for(g);
  return g;
}

}  // namespace hidato
