// fill: Hamiltonian paths are valid on every topology and shape, backbite keeps them valid and
// mixes them, obstacles leave a connected board that the path still covers.
#include <gtest/gtest.h>

#include <limits>
#include <set>

#include "generator/fill.hpp"
#include "topology/shapes.hpp"

using namespace hidato;

namespace {

::testing::AssertionResult is_hamiltonian(const Board& b, const CellOrder& order) {
  if (static_cast<int>(order.size()) != b.size())
    return ::testing::AssertionFailure() << "path covers " << order.size() << " of " << b.size();
  std::set<CellId> seen(order.begin(), order.end());
  if (static_cast<int>(seen.size()) != b.size()) return ::testing::AssertionFailure() << "a cell repeats";
  for (std::size_t i = 1; i < order.size(); ++i)
    if (!b.is_adjacent(order[i - 1], order[i])) return ::testing::AssertionFailure() << "break at " << i;
  return ::testing::AssertionSuccess();
}

Board shape_board(Topology t, const char* name, int side) {
  return board_from_mask(t, *procedural_mask(t, name, side, side));
}

}  // namespace

TEST(Fill, FindsPathsOnEveryShapeAndTopology) {
  for (Topology t : {Topology::square8, Topology::square4, Topology::hex6})
    for (const auto& name : procedural_shape_names())
      for (std::uint64_t seed : {1u, 2u, 3u}) {
        const Board b = shape_board(t, name.c_str(), 12);
        Rng rng(seed);
        const auto order = find_hamiltonian_path(b, rng, 10'000'000);
        ASSERT_TRUE(order.has_value()) << to_string(t) << " " << name;
        EXPECT_TRUE(is_hamiltonian(b, *order)) << to_string(t) << " " << name;
      }
}

// Without any search budget a square4 shape (a union of 2x2 blocks) still gets a path: the block
// cycle (fill.cpp, block_cycle). Square4 circles at 64x66 and 70x72 were refused when the
// search ran out there.
TEST(Fill, Square4BlockShapesGetAPathWithoutSearch) {
  for (const auto& name : procedural_shape_names())
    for (int side : {8, 13, 20}) {
      const Board b = shape_board(Topology::square4, name.c_str(), side);
      Rng rng(1);
      const auto order = find_hamiltonian_path(b, rng, 0);
      ASSERT_TRUE(order.has_value()) << name << " " << side;
      EXPECT_TRUE(is_hamiltonian(b, *order)) << name << " " << side;
    }
  const Board hooked(Topology::square4, 2, 3, {true, true, true, true, true, true});  // 2x3: not blocks
  Rng rng(1);
  const auto snake = find_hamiltonian_path(hooked, rng, 0);  // the snake serves it
  ASSERT_TRUE(snake.has_value());
  EXPECT_TRUE(is_hamiltonian(hooked, *snake));
}

// Found from outside: the search starts at one dead end and can walk into the other, where no
// rotation helps, so masks with a path were refused ("no Hamiltonian path found"). The exact
// solver on the blank board finds it (fill.cpp, solved_path), the same path every time.
TEST(Fill, BoardsWithTwoDeadEndsGetTheirPath) {
  const auto board_of = [](Topology t, const char* picture) { return board_from_mask(t, parse_mask(picture, "m")); };
  const Board square8 = board_of(Topology::square8, "..#..\n..#..\n.#.##\n###..\n");
  const Board hex6 = board_of(Topology::hex6, "#.#..\n###..\n.###.\n#....\n");
  for (const Board* b : {&square8, &hex6}) {
    Rng rng(1), again(1);
    const auto order = find_hamiltonian_path(*b, rng, 100'000);
    ASSERT_TRUE(order.has_value()) << to_string(b->topology());
    EXPECT_TRUE(is_hamiltonian(*b, *order));
    EXPECT_EQ(find_hamiltonian_path(*b, again, 100'000), order);
  }
}

TEST(Fill, ImpossibleBoardGivesUpWithinBudget) {
  // A plus sign has four dead ends: no Hamiltonian path.
  const Board b(Topology::square4, 3, 3, {false, true, false, true, true, true, false, true, false});
  Rng rng(1);
  EXPECT_FALSE(find_hamiltonian_path(b, rng, 100'000).has_value());
}

TEST(Fill, BackbiteKeepsAPathAndMixesIt) {
  const Board b(Topology::square8, 8, 8, std::vector<bool>(64, true));
  Rng rng(5);
  auto order = *find_hamiltonian_path(b, rng, 1'000'000);
  const auto before = order;
  backbite(b, order, rng, 500);
  EXPECT_TRUE(is_hamiltonian(b, order));
  EXPECT_NE(order, before);
}

// solution_of numbers the path's cells 1..N; order_of reads the path back from the numbers.
TEST(Fill, OrderOfInvertsSolutionOf) {
  const Board b = shape_board(Topology::hex6, "heart", 11);
  Rng rng(8);
  const CellOrder order = *find_hamiltonian_path(b, rng, 1'000'000);
  const Values v = solution_of(b, order);
  EXPECT_EQ(v[static_cast<std::size_t>(order.front())], 1);
  EXPECT_EQ(v[static_cast<std::size_t>(order.back())], b.size());
  EXPECT_EQ(order_of(v), order);
}

TEST(Fill, SameSeedSamePath) {
  const Board b = shape_board(Topology::hex6, "heart", 15);
  Rng a(42), c(42);
  auto pa = *find_hamiltonian_path(b, a, 1'000'000);
  auto pc = *find_hamiltonian_path(b, c, 1'000'000);
  backbite(b, pa, a, 300);
  backbite(b, pc, c, 300);
  EXPECT_EQ(pa, pc);
}

// At an infinite temperature the annealing keeps every move (square4 extreme's paths,
// path_temperature): the same moves, and the same random draws, as plain backbite mixing; at a
// finite one it rejects some and ends on a path of less slack.
TEST(Fill, AnnealingAtInfiniteTemperatureIsPlainMixing) {
  const Board b = shape_board(Topology::square4, "rect", 12);
  Rng seed_rng(5);
  const CellOrder start = *find_hamiltonian_path(b, seed_rng, 1'000'000);
  CellOrder mixed = start, unbiased = start, annealed = start;
  Rng a(77), c(77), d(77);
  backbite(b, mixed, a, 3000);
  anneal_slack(b, unbiased, c, 3000, std::numeric_limits<double>::infinity());
  anneal_slack(b, annealed, d, 3000, 0.2);
  EXPECT_EQ(unbiased, mixed);
  EXPECT_EQ(a.next(), c.next());  // no draw more or less
  EXPECT_TRUE(is_hamiltonian(b, annealed));
  EXPECT_LT(path_slack(b, annealed), path_slack(b, mixed));
}

TEST(Fill, CarvedBoardIsConnectedAndCoveredByThePath) {
  for (Topology t : {Topology::square8, Topology::square4, Topology::hex6})
    for (double ratio : {0.1, 0.3, 0.45}) {
      const Board b = shape_board(t, "circle", 14);
      Rng rng(9);
      auto order = *find_hamiltonian_path(b, rng, 10'000'000);
      const int holes = static_cast<int>(ratio * b.size());
      const CarvedBoard carved = carve_holes(b, order, holes, rng);
      SCOPED_TRACE(std::string(to_string(t)) + " " + std::to_string(ratio));
      EXPECT_EQ(carved.board.size(), b.size() - holes);
      EXPECT_TRUE(carved.board.is_connected());
      EXPECT_TRUE(is_hamiltonian(carved.board, carved.order));
    }
}

TEST(Fill, CarvedHolesAreScatteredAtLowRatios) {
  // At 10% on an open square8 board no two holes should touch and none sit on the outline.
  const Board b(Topology::square8, 16, 16, std::vector<bool>(256, true));
  Rng rng(3);
  auto order = *find_hamiltonian_path(b, rng, 1'000'000);
  const CarvedBoard carved = carve_holes(b, order, 25, rng);
  int touching = 0;
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 16; ++c) {
      if (carved.board.is_playable({r, c})) continue;
      EXPECT_TRUE(r > 0 && c > 0 && r < 15 && c < 15) << r << "," << c;
      for (Coord d : neighbour_coords(Topology::square8, {r, c}))
        if (d.row >= 0 && d.col >= 0 && d.row < 16 && d.col < 16 && !carved.board.is_playable(d)) ++touching;
    }
  EXPECT_EQ(touching, 0);
}

// Mixing looks at the stop check by the cells its reversals move, not every 4,096 moves: on a
// 40,000-cell path 4,096 moves are seconds of work (a 200x200 fill overran its deadline so).
TEST(FillStops, MixingLooksByTheWorkDone) {
  const Board board = board_from_mask(Topology::square8, *procedural_mask(Topology::square8, "rect", 60, 60));
  Rng rng(7);
  auto order = find_hamiltonian_path(board, rng, 1'000'000'000ull);
  ASSERT_TRUE(order.has_value());
  int looks = 0;
  const StopCheck count = [&] { return ++looks < 0; };
  backbite(board, *order, rng, 4000, count);
  EXPECT_GT(looks, 1);  // 4,000 moves of ~1,800 cells each
  const int after_backbite = looks;
  anneal_slack(board, *order, rng, 4000, 0.5, count);
  EXPECT_GT(looks, after_backbite + 1);
}

// When the search's budget is spent (big boards: a rotation moves thousands of cells), a
// line-by-line snake still serves every rectangle, in every topology; a shape it does not fit
// stays without a path.
TEST(Fill, RectanglesGetAPathWhenTheSearchRunsOut) {
  for (Topology t : {Topology::square8, Topology::square4, Topology::hex6})
    for (auto [rows, cols] : {std::pair{9, 9}, {6, 11}, {2, 5}}) {
      const Board board = board_from_mask(t, *procedural_mask(t, "rect", rows, cols));
      Rng rng(3);
      const auto order = find_hamiltonian_path(board, rng, 1);
      ASSERT_TRUE(order.has_value()) << to_string(t) << " " << rows << "x" << cols;
      EXPECT_TRUE(is_hamiltonian(board, *order)) << to_string(t) << " " << rows << "x" << cols;
    }
  const Board ring = board_from_mask(Topology::square8, *procedural_mask(Topology::square8, "ring", 12, 12));
  Rng rng(3);
  EXPECT_FALSE(find_hamiltonian_path(ring, rng, 1).has_value());
}

// A grown board is cropped to the path: no empty border rows or columns (hex6 may keep an empty
// first row, to start on an even one).
TEST(Fill, GrownBoardsAreCroppedToTheirPath) {
  for (Topology t : {Topology::square8, Topology::square4, Topology::hex6})
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      const Board box = board_from_mask(t, *procedural_mask(t, "rect", 9, 9));
      Rng rng(seed);
      const auto grown = grow_board(box, 0.2, rng, 1'000'000);
      ASSERT_TRUE(grown.has_value());
      const Board& b = grown->board;
      EXPECT_TRUE(is_hamiltonian(b, grown->order));
      std::vector<int> in_row(static_cast<std::size_t>(b.rows())), in_col(static_cast<std::size_t>(b.cols()));
      for (CellId c = 0; c < b.size(); ++c) ++in_row[static_cast<std::size_t>(b.coord(c).row)], ++in_col[static_cast<std::size_t>(b.coord(c).col)];
      for (int r = t == Topology::hex6 ? 1 : 0; r < b.rows(); ++r) EXPECT_GT(in_row[static_cast<std::size_t>(r)], 0) << to_string(t) << " " << seed;
      for (int c = 0; c < b.cols(); ++c) EXPECT_GT(in_col[static_cast<std::size_t>(c)], 0) << to_string(t) << " " << seed;
    }
}

TEST(Fill, SolutionNumbersThePath) {
  const Board b(Topology::square8, 2, 2, std::vector<bool>(4, true));
  EXPECT_EQ(solution_of(b, {3, 0, 1, 2}), (Values{2, 3, 4, 1}));
}

// Issue 10: path finding, hole carving and mixing poll the deadline / cancel flag, so a 200x200
// board obeys a 1 s deadline (it ran 230 s). The stop here fires at its first look.
TEST(FillStops, EveryLongLoopLooksAtTheStopCheck) {
  const Board board = board_from_mask(Topology::square8, *procedural_mask(Topology::square8, "rect", 60, 60));
  int looks = 0;
  const StopCheck stop = [&] { return ++looks > 0; };
  Rng rng(7);
  EXPECT_FALSE(find_hamiltonian_path(board, rng, 1'000'000'000ull, stop).has_value());
  EXPECT_GT(looks, 0);
  Rng rng2(7);
  auto order = find_hamiltonian_path(board, rng2, 1'000'000'000ull);
  ASSERT_TRUE(order.has_value());
  const CarvedBoard carved = carve_holes(board, *order, 1000, rng2, stop);
  EXPECT_EQ(carved.board.size(), board.size());  // stopped before the first cut
  const int before = looks;
  backbite(board, *order, rng2, 1'000'000, stop);
  anneal_slack(board, *order, rng2, 1'000'000, 0.5, stop);
  EXPECT_EQ(looks, before + 2);  // one look each, then they stopped
  Rng rng3(7);
  EXPECT_FALSE(grow_board(board, 0.65, rng3, 1'000'000'000ull, stop).has_value());  // shape `grown`
  EXPECT_EQ(looks, before + 3);
  Rng rng4(7);
  EXPECT_TRUE(grow_board(board, 0.65, rng4, 1'000'000'000ull).has_value());
}
