// grade(): levels, technique counts, score, budget, symmetry and soundness.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/codec.hpp"
#include "grader/grader.hpp"
#include "grader_support.hpp"
#include "solver/solver.hpp"

namespace hidato {
namespace {

int steps_of(const Grade& g, std::string_view technique) {
  for (const auto& t : g.techniques)
    if (t.technique == technique) return t.steps;
  return 0;
}

std::string summary(const Grade& g) {
  std::ostringstream out;
  out << to_string(g.level) << " tier " << g.deepest_tier << (g.needs_search ? " search" : "")
      << " score " << g.score;
  for (const auto& t : g.techniques) out << ' ' << t.technique << ':' << t.steps;
  return out.str();
}

Values unique_solution(const Puzzle& p) {
  const SolveReport r = count_solutions(p, 2);
  EXPECT_EQ(r.verdict, Verdict::unique) << describe(p);
  return r.solution.value_or(Values{});
}

TEST(Difficulty, NamesRoundTrip) {
  for (Difficulty d : {Difficulty::easy, Difficulty::medium, Difficulty::hard, Difficulty::expert, Difficulty::extreme})
    EXPECT_EQ(parse_difficulty(to_string(d)), d);
  EXPECT_EQ(parse_difficulty("Hard"), std::nullopt);
  EXPECT_EQ(parse_difficulty(""), std::nullopt);
}

TEST(Difficulty, LevelFollowsDeepestTierAndSearch) {
  EXPECT_EQ(level_for(0, false), Difficulty::easy);
  EXPECT_EQ(level_for(1, false), Difficulty::easy);
  EXPECT_EQ(level_for(2, false), Difficulty::medium);
  EXPECT_EQ(level_for(3, false), Difficulty::hard);
  EXPECT_EQ(level_for(4, false), Difficulty::expert);
  EXPECT_EQ(level_for(1, true), Difficulty::extreme);
}

TEST(Techniques, NamesAreStableKebabCaseAndTiersAscend) {
  const auto all = grader_techniques();
  std::vector<std::string> names;
  for (const auto& t : all) names.push_back(t.name);
  EXPECT_EQ(names, (std::vector<std::string>{"only-neighbour", "only-cell", "only-value", "dead-end",
                                             "pair", "gap-paths", "region", "contradiction"}));
  for (std::size_t i = 1; i < all.size(); ++i) EXPECT_LE(all[i - 1].tier, all[i].tier);
}

// Every blank is the only free cell between its two given neighbours: tier 1 finishes alone.
TEST(Grade, EasyPuzzleUsesOnlyTheFirstTier) {
  const Puzzle p = parse_description("square4:3x3:1,.,3/6,.,4/7,.,9");
  unique_solution(p);
  const Grade g = grade(p);
  EXPECT_EQ(g.level, Difficulty::easy) << summary(g);
  EXPECT_EQ(g.deepest_tier, 1);
  EXPECT_FALSE(g.needs_search);
  EXPECT_EQ(g.techniques, (std::vector<TechniqueCount>{{"only-neighbour", 1, 3}}));
  EXPECT_EQ(g.score, 0);
}

// grade_until: the grade itself when its stop never fires; nothing once it fires before the
// ladder is done (`hidato grade --deadline-ms` stops a grade that would run for minutes).
TEST(Grade, AStoppedGradeGivesNoGrade) {
  const Puzzle p = parse_description("square4:1x12:1,.10,12");
  const Grade whole = grade(p);
  int polls = 0;
  const auto counted = grade_until(p, GradeLimits{}, [&] { return ++polls < 0; });
  ASSERT_TRUE(counted.has_value());
  EXPECT_EQ(*counted, whole);
  ASSERT_GT(polls, 1);
  for (int k = 0; k < polls; ++k) {
    int seen = 0;
    EXPECT_FALSE(grade_until(p, GradeLimits{}, [&] { return seen++ == k; }).has_value()) << "stopped at poll " << k;
  }
}

TEST(Grade, FullyGivenPuzzleIsEasyWithNoSteps) {
  const Grade g = grade(parse_description("square8:1x3:1,2,3"));
  EXPECT_EQ(g.level, Difficulty::easy);
  EXPECT_EQ(g.deepest_tier, 0);
  EXPECT_TRUE(g.techniques.empty());
}

TEST(Grade, MediumPuzzleNeedsReachButNoDeadEnds) {
  for (const char* desc : {"square8:4x4:x,.,6,5/8,.,15,4/9,14,.2/10,.2,2",
                           "square4:5x4:3,4,.,x/.3,7/.2,13,./.,19,.2/.3,10",
                           "hex6:5x3:8,.,5/.2,4/.,11,3/13,12,./14,.,1"}) {
    const Puzzle p = parse_description(desc);
    unique_solution(p);
    const Grade g = grade(p);
    EXPECT_EQ(g.level, Difficulty::medium) << desc << ": " << summary(g);
    EXPECT_GT(steps_of(g, "only-cell"), 0) << desc;
    EXPECT_EQ(steps_of(g, "dead-end") + steps_of(g, "pair") + steps_of(g, "region"), 0) << desc;
    EXPECT_GE(g.score, 100);
    EXPECT_LT(g.score, 200);
  }
}

TEST(Grade, HardPuzzleNeedsADeadEnd) {
  const Puzzle p = parse_description("square8:4x4:13,14,8,x/12,11,9,./1,.,x,./.4");
  unique_solution(p);
  const Grade g = grade(p);
  EXPECT_EQ(g.level, Difficulty::hard) << summary(g);
  EXPECT_EQ(g.deepest_tier, 3);
  EXPECT_GT(steps_of(g, "dead-end"), 0);
  EXPECT_EQ(steps_of(g, "region"), 0);
  EXPECT_FALSE(g.needs_search);
}

TEST(Grade, HardPuzzleNeedsGapPaths) {
  for (const char* desc : {"square8:3x4:10,.,x,3/11,.2,2/.4", "square8:4x4:14,11,1,./12,.3/x,.,x,./.4"}) {
    const Puzzle p = parse_description(desc);
    unique_solution(p);
    const Grade g = grade(p);
    EXPECT_EQ(g.level, Difficulty::hard) << desc << ": " << summary(g);
    EXPECT_GT(steps_of(g, "gap-paths"), 0) << desc;
    EXPECT_FALSE(g.needs_search);
  }
}

TEST(Grade, ExpertPuzzleNeedsRegions) {
  for (const char* desc : {"hex6:5x5:18,.2,12,./.2,15,.,10/20,.,22,.,9/.,5,.3/2,.,4,x2",
                           "square8:7x7:.,10,.,18,19,.2/.,12,.3,24,23/.,13,15,.,x,26,./.,x,.,x,30,29,./"
                           ".,45,43,.2,31,./4,.,46,40,.3/3,.2,37,36,34,."}) {
    const Puzzle p = parse_description(desc);
    unique_solution(p);
    const Grade g = grade(p);
    EXPECT_EQ(g.level, Difficulty::expert) << desc << ": " << summary(g);
    EXPECT_EQ(g.deepest_tier, 4);
    EXPECT_GT(steps_of(g, "region"), 0);
    EXPECT_FALSE(g.needs_search);
    EXPECT_GE(g.score, 300);
    EXPECT_LT(g.score, 400);
  }
}

TEST(Grade, ExpertPuzzleNeedsAContradiction) {
  for (const char* desc : {"hex6:3x4:.,2,.2/.2,10,./.2,11,.", "square8:4x5:.4,1/.,13,.,x,./.2,15,18,17/9,.4"}) {
    const Puzzle p = parse_description(desc);
    unique_solution(p);
    const Grade g = grade(p);
    EXPECT_EQ(g.level, Difficulty::expert) << desc << ": " << summary(g);
    EXPECT_GT(steps_of(g, "contradiction"), 0) << desc;
    EXPECT_FALSE(g.needs_search);
    // Without what-ifs the same puzzle is beyond deduction.
    GradeLimits no_what_ifs;
    no_what_ifs.what_ifs_per_cell = 0;
    const Grade without = grade(p, no_what_ifs);
    EXPECT_TRUE(without.needs_search) << desc;
    EXPECT_EQ(steps_of(without, "contradiction"), 0);
  }
}

TEST(Grade, PuzzleWithTwoSolutionsNeedsSearch) {
  const Puzzle p = parse_description("square8:2x2:1,./.2");
  ASSERT_EQ(count_solutions(p, 2).verdict, Verdict::multiple);
  const Grade g = grade(p);
  EXPECT_TRUE(g.needs_search);
  EXPECT_EQ(g.level, Difficulty::extreme);
  EXPECT_GE(g.score, 400);
}

TEST(Grade, BrokenGivensDoNotCrash) {
  // The text parser rejects these, but grade() must survive them from any caller.
  Puzzle p = parse_description("square8:1x3:1,.2");
  for (const Values& givens : {Values{1, 1, 0}, Values{1, 9, 0}, Values{-2, 0, 0}, Values{1, 0}}) {
    p.givens = givens;
    const Grade g = grade(p);
    EXPECT_TRUE(g.needs_search);
    EXPECT_EQ(g.level, Difficulty::extreme);
  }
}

TEST(Grade, PassBudgetStopsTheLadder) {
  const Puzzle p = parse_description("square8:4x4:13,14,8,x/12,11,9,./1,.,x,./.4");
  EXPECT_FALSE(grade(p).needs_search);
  const Grade g = grade(p, GradeLimits{2});
  EXPECT_TRUE(g.needs_search);
  EXPECT_EQ(g.level, Difficulty::extreme);
}

TEST(Grade, IsDeterministic) {
  const Puzzle p = parse_description("square8:4x7:x2,.2,22,23,./.2,18,.2,1,./x,13,19,.,8,6,./.5,5,x");
  EXPECT_EQ(grade(p), grade(p));
}

// --- random small unique puzzles --------------------------------------------------------------

std::vector<std::pair<Puzzle, Values>> random_puzzles(Topology t, int count, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<std::pair<Puzzle, Values>> out;
  for (int tries = 0; tries < count * 4 && static_cast<int>(out.size()) < count; ++tries) {
    const int rows = 3 + rng.below(4), cols = 3 + rng.below(4);
    std::vector<bool> playable(static_cast<std::size_t>(rows) * cols);
    for (std::size_t i = 0; i < playable.size(); ++i) playable[i] = !rng.chance(0.12);
    const Board board(t, rows, cols, playable);
    if (board.size() < 4 || !board.is_connected()) continue;
    const auto path = testing::random_path(board, rng);
    if (!path) continue;
    auto p = testing::random_unique_puzzle(board, *path, rng, 0.25 + 0.2 * rng.unit(), rng.chance(0.5));
    if (p) out.emplace_back(std::move(*p), *path);
  }
  return out;
}

class RandomPuzzles : public ::testing::TestWithParam<Topology> {};

TEST_P(RandomPuzzles, EveryDeductionAgreesWithTheUniqueSolution) {
  const auto puzzles = random_puzzles(GetParam(), 150, 1000 + static_cast<int>(GetParam()));
  ASSERT_GE(puzzles.size(), 100U);
  for (const auto& [p, solution] : puzzles)
    EXPECT_EQ(testing::soundness_error(p, solution), "") << describe(p);
}

TEST_P(RandomPuzzles, GradeIsStableUnderRotationAndMirroring) {
  const auto puzzles = random_puzzles(GetParam(), 25, 2000 + static_cast<int>(GetParam()));
  ASSERT_GE(puzzles.size(), 15U);
  int checked = 0;
  for (const auto& [p, solution] : puzzles) {
    const Grade g = grade(p);
    for (const auto& sym : testing::symmetries(p.board.topology(), p.board.rows(), p.board.cols())) {
      const Puzzle image = testing::transformed(p, sym);
      ASSERT_TRUE(testing::keeps_adjacency(p, image, sym)) << sym.name << " " << describe(p);
      EXPECT_EQ(grade(image), g) << sym.name << " of " << describe(p) << ": " << summary(grade(image))
                                 << " vs " << summary(g);
      ++checked;
    }
  }
  EXPECT_GT(checked, 0);
}

// The puzzle with every given k read as N+1-k: the same path walked the other way.
Puzzle reversed(Puzzle p) {
  p.givens = hidato::reversed(p.givens);
  return p;
}

// A person may read the path either way: a puzzle and its reverse get the same grade, step for step.
TEST_P(RandomPuzzles, GradeIsStableUnderReversal) {
  const auto puzzles = random_puzzles(GetParam(), 40, 4000 + static_cast<int>(GetParam()));
  ASSERT_GE(puzzles.size(), 25U);
  for (const auto& [p, solution] : puzzles)
    EXPECT_EQ(grade(reversed(p)), grade(p)) << describe(p) << ": " << summary(grade(reversed(p))) << " vs " << summary(grade(p));
}

TEST_P(RandomPuzzles, ScoreOrdersTheLevels) {
  const auto puzzles = random_puzzles(GetParam(), 30, 3000 + static_cast<int>(GetParam()));
  for (const auto& [p, solution] : puzzles) {
    const Grade g = grade(p);
    const double base = g.needs_search ? 400 : 100.0 * static_cast<int>(g.level);
    EXPECT_GE(g.score, base) << describe(p);
    EXPECT_LT(g.score, base + 100) << describe(p);
    EXPECT_EQ(g.level, level_for(g.deepest_tier, g.needs_search));
  }
}

INSTANTIATE_TEST_SUITE_P(Topologies, RandomPuzzles,
                         ::testing::Values(Topology::square8, Topology::square4, Topology::hex6),
                         [](const auto& param_info) { return std::string(to_string(param_info.param)); });

TEST(Symmetry, HexMirrorsKeepNeighbourSets) {
  // Guard for the test helper itself: every hex symmetry offered keeps adjacency on a full board.
  for (int rows : {3, 4, 5})
    for (int cols : {3, 4}) {
      const Puzzle p{Board(Topology::hex6, rows, cols, std::vector<bool>(static_cast<std::size_t>(rows) * cols, true)),
                     Values(static_cast<std::size_t>(rows) * cols, 0), {}};
      for (const auto& sym : testing::symmetries(Topology::hex6, rows, cols))
        EXPECT_TRUE(testing::keeps_adjacency(p, testing::transformed(p, sym), sym)) << sym.name << rows << cols;
    }
}

// The deeper techniques (gap-paths budgets, regions, what-ifs in number order) must not depend on
// cell numbering either: every fixture above keeps its grade under every valid symmetry.
TEST(Symmetry, DeepTechniqueFixturesKeepTheirGrade) {
  for (const char* desc : {"square8:3x4:10,.,x,3/11,.2,2/.4", "square8:4x4:14,11,1,./12,.3/x,.,x,./.4",
                           "hex6:5x5:18,.2,12,./.2,15,.,10/20,.,22,.,9/.,5,.3/2,.,4,x2",
                           "hex6:3x4:.,2,.2/.2,10,./.2,11,.", "square8:4x5:.4,1/.,13,.,x,./.2,15,18,17/9,.4",
                           "square4:5x4:.2,17,./.2,16,./.,10,.,x/8,.3/.4"}) {
    const Puzzle p = parse_description(desc);
    const Grade g = grade(p);
    for (const auto& sym : testing::symmetries(p.board.topology(), p.board.rows(), p.board.cols())) {
      const Puzzle image = testing::transformed(p, sym);
      ASSERT_TRUE(testing::keeps_adjacency(p, image, sym)) << sym.name;
      EXPECT_EQ(grade(image), g) << desc << " " << sym.name << ": " << summary(grade(image)) << " vs " << summary(g);
    }
  }
}

// Found from outside: gap-paths walked each gap upwards only, and gave up on this one's upward
// tree, so the puzzle read backwards needed search (extreme) where read forwards it was hard.
TEST(Symmetry, AGapIsCrossedFromEitherEnd) {
  const Puzzle forward = parse_description(
      "square4:10x10:x,x,.,.,.,64,.,.,x,x/x,x,.,.,.,.,.,.,x,x/57,.,.,.,.,.,.,.,.,./.,.,.,x,.,.,.,.,22,./"
      ".,.,53,x,1,.,.,x,.,./.,.,.,.,x,.,.,x,.,./.,.,.,46,x,.,.,.,.,./.,.,40,.,.,.,.,.,76,./x,x,.,.,.,x,x,.,x,x/"
      "x,x,34,.,.,.,.,.,x,x");
  const Grade g = grade(forward);
  EXPECT_EQ(g.level, Difficulty::hard) << summary(g);
  EXPECT_EQ(grade(reversed(forward)), g) << summary(grade(reversed(forward)));
}

TEST(Symmetry, PublishedHexPuzzleGradeSurvivesMirrors) {
  const Puzzle p = read_puzzle_file(std::filesystem::path(HIDATO_SHARED_DIR) / "puzzles/published/prop-hex-5x5.txt");
  const Grade g = grade(p);
  for (const auto& sym : testing::symmetries(Topology::hex6, p.board.rows(), p.board.cols())) {
    const Puzzle image = testing::transformed(p, sym);
    ASSERT_TRUE(testing::keeps_adjacency(p, image, sym));
    EXPECT_EQ(grade(image), g) << sym.name;
  }
}

// --- the shared reference puzzles -------------------------------------------------------------

std::vector<std::string> shared_unique_files() {
  std::ifstream in(std::filesystem::path(HIDATO_SHARED_DIR) / "puzzles/EXPECTED.tsv");
  std::vector<std::string> out;
  std::string file;
  int expected = 0;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    if (fields >> file >> expected && expected == 1) out.push_back(file);
  }
  return out;
}

TEST(SharedPuzzles, UniqueOnesGradeSoundly) {
  const auto files = shared_unique_files();
  ASSERT_GE(files.size(), 8U);
  for (const auto& file : files) {
    const Puzzle p = read_puzzle_file(std::filesystem::path(HIDATO_SHARED_DIR) / "puzzles" / file);
    SolveLimits limits;
    limits.max_nodes = 50'000'000;
    const SolveReport r = count_solutions(p, 2, limits);
    if (r.verdict != Verdict::unique) {
      ADD_FAILURE() << file << ": solver verdict " << to_string(r.verdict);
      continue;
    }
    const Grade g = grade(p);
    EXPECT_EQ(g.level, level_for(g.deepest_tier, g.needs_search)) << file;
    EXPECT_EQ(testing::soundness_error(p, *r.solution), "") << file;
  }
}

TEST(SharedPuzzles, KnownGrades) {
  auto load = [](const char* name) {
    return read_puzzle_file(std::filesystem::path(HIDATO_SHARED_DIR) / "puzzles/published" / name);
  };
  EXPECT_EQ(grade(load("kjellerstrand-3x3.txt")).level, Difficulty::easy);
  EXPECT_EQ(grade(load("rosetta-numbrix-1.txt")).level, Difficulty::medium);
  EXPECT_TRUE(grade(load("villalba-two-solutions.txt")).needs_search);
}

}  // namespace
}  // namespace hidato
