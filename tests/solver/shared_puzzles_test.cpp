// Every reference puzzle in ../shared/puzzles against EXPECTED.tsv (0 none, 1 unique, 2 two or more),
// with every answer checked independently by is_valid_solution.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/codec.hpp"
#include "solver/solver.hpp"

namespace hidato {
namespace {

struct Expected {
  std::string file;
  int count;
};

std::vector<Expected> load_expected() {
  std::vector<Expected> out;
  std::ifstream in(std::string(HIDATO_SHARED_DIR) + "/puzzles/EXPECTED.tsv");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    Expected e;
    if (fields >> e.file >> e.count) out.push_back(e);
  }
  return out;
}

class SharedPuzzle : public ::testing::TestWithParam<Expected> {};

// Every engine must give the expected count on every shared puzzle.
TEST_P(SharedPuzzle, MatchesExpectedCount) {
  const Expected& e = GetParam();
  const Puzzle p = read_puzzle_file(std::string(HIDATO_SHARED_DIR) + "/puzzles/" + e.file);
  for (Engine engine : {Engine::automatic, Engine::hybrid}) {
    SolveLimits limits;
    limits.engine = engine;
    limits.deadline = Clock::now() + std::chrono::seconds(60);  // safety net only
    const SolveReport r = count_solutions(p, 2, limits);
    const Verdict want = e.count == 0 ? Verdict::none : e.count == 1 ? Verdict::unique : Verdict::multiple;
    ASSERT_EQ(to_string(r.verdict), to_string(want)) << e.file << " " << to_string(engine) << " nodes " << r.stats.nodes;
    if (want == Verdict::none) {
      EXPECT_FALSE(r.solution.has_value());
      continue;
    }
    ASSERT_TRUE(r.solution.has_value());
    EXPECT_TRUE(is_valid_solution(p, *r.solution));
    if (want == Verdict::multiple) {
      ASSERT_TRUE(r.second.has_value());
      EXPECT_TRUE(is_valid_solution(p, *r.second));
      EXPECT_NE(*r.solution, *r.second);
    } else {
      EXPECT_FALSE(r.second.has_value());
    }
  }
}

std::string test_name(const ::testing::TestParamInfo<Expected>& info) {
  std::string name;
  for (char c : info.param.file) name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Puzzles, SharedPuzzle, ::testing::ValuesIn(load_expected()), test_name);

TEST(SharedPuzzles, ExpectedFileIsComplete) {
  // A missing EXPECTED.tsv would silently instantiate no test above.
  EXPECT_GE(load_expected().size(), 280U);
}

}  // namespace
}  // namespace hidato
