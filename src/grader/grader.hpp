#pragma once
// grade(puzzle, budget) -> Grade: solve as a person does, cheapest deduction tier first; the
// grade is the deepest tier needed ("needs search" is a grade of its own).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.hpp"

namespace hidato {

enum class Difficulty { easy, medium, hard, expert };
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
  double score = 0;          // monotone with difficulty; documented in the README
  std::vector<TechniqueCount> techniques;
  friend bool operator==(const Grade&, const Grade&) = default;
};

struct GradeLimits {
  std::uint64_t max_steps = 1'000'000;
};

Grade grade(const Puzzle& puzzle, const GradeLimits& limits = {});

}  // namespace hidato
