#pragma once
// grade(puzzle, budget) -> Grade: solve as a person does, cheapest deduction tier first; the
// grade is the deepest tier needed ("needs search" is a grade of its own).
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.hpp"

namespace hidato {

// easy..expert name the deepest deduction tier a puzzle needs (1..4); extreme means deduction
// alone does not finish it (it needs search). Generated extreme puzzles are also minimal for the
// exact solver (see the generator).
enum class Difficulty { easy, medium, hard, expert, extreme };
inline constexpr int difficulty_count = 5;
// The deduction tier a level promises (easy 1 .. expert 4); extreme has none (5).
inline constexpr int tier_of(Difficulty d) { return static_cast<int>(d) + 1; }
std::string_view to_string(Difficulty d);
std::optional<Difficulty> parse_difficulty(std::string_view name);

struct TechniqueCount {
  std::string technique;  // stable name, e.g. "only-neighbour"
  int tier = 0;           // 1 = cheapest
  int steps = 0;
  friend bool operator==(const TechniqueCount&, const TechniqueCount&) = default;
};

struct Grade {
  Difficulty level = Difficulty::easy;
  int deepest_tier = 0;      // hardest tier used
  bool needs_search = false; // deduction alone did not finish
  // Monotone with difficulty: 100 * (level index), 400 when search is needed, plus up to 99 for
  // the share of steps done with tiers above 1. See notes/grader-readme.md.
  double score = 0;
  std::vector<TechniqueCount> techniques;
  friend bool operator==(const Grade&, const Grade&) = default;
};

struct GradeLimits {
  // Technique passes (one sweep of one technique over the board). Running out counts as
  // "needs search". A 20x20 puzzle takes a few hundred passes at most.
  std::uint64_t max_steps = 1'000'000;
  // What-ifs (trials of the tier-4 "contradiction" technique) allowed over the whole grade, per
  // cell of the board; 0 turns the technique off (faster, but more puzzles then need search).
  double what_ifs_per_cell = 0.5;
  std::uint64_t max_what_ifs = 64;  // and never more than this many in all
  // Deepest tier tried. A puzzle that would need a deeper one is graded as needing search, which
  // saves time when a caller only wants to know "is this at most hard?" (max_tier = 3).
  int max_tier = 4;
};

Grade grade(const Puzzle& puzzle, const GradeLimits& limits = {});
// The same grade, cut short when `stop` (polled before every technique pass) says so: nullopt.
// For a caller with a wall-clock limit (`hidato grade --deadline-ms`): on a 32,768-cell strip the
// ladder runs 15 s, its passes growing with the board and their number too.
std::optional<Grade> grade_until(const Puzzle& puzzle, const GradeLimits& limits, const std::function<bool()>& stop);

// The grader's techniques, cheapest first, with their tiers (for help texts and reports).
struct TechniqueInfo {
  std::string name;
  int tier = 0;
};
std::vector<TechniqueInfo> grader_techniques();

// The level of a grade: easy = tier 1 only (or nothing to deduce), medium = tier 2,
// hard = tier 3, expert = tier 4, extreme = needs search.
Difficulty level_for(int deepest_tier, bool needs_search);

}  // namespace hidato
