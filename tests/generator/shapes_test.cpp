// Shapes: every procedural shape is connected and fillable under every topology, figures look
// right (symmetric circle, ring with a hole, round hex circle), mask files parse or fail with
// FILE:LINE:COL, and check_spec names each bad spec.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/errors.hpp"
#include "generator/base_board.hpp"
#include "topology/geometry.hpp"
#include "topology/shapes.hpp"
#include "temp_dir.hpp"

using namespace hidato;

namespace {

const Topology all_topologies[] = {Topology::square8, Topology::square4, Topology::hex6};

std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST(Shapes, EveryShapeIsConnectedAndFillableUnderEveryTopology) {
  for (Topology t : all_topologies)
    for (const auto& name : procedural_shape_names())
      for (int side : {6, 9, 14, 21}) {
        SCOPED_TRACE(std::string(to_string(t)) + " " + name + " " + std::to_string(side));
        const auto m = procedural_mask(t, name, side, side);
        ASSERT_TRUE(m.has_value());
        EXPECT_GE(m->count(), min_cells);
        EXPECT_LE(m->rows, side);
        EXPECT_LE(m->cols, side);
        EXPECT_TRUE(board_from_mask(t, *m).is_connected());
        BoardSpec spec{t, name, "", side, side, 0.0, false};
        EXPECT_EQ(check_spec(spec), std::nullopt);
      }
}

// The spec check's path search runs out of budget on big boards whose rotations move thousands
// of cells; these rectangles have paths and used to be refused as having none.
TEST(Shapes, BigRectanglesPassTheSpecCheck) {
  for (auto [t, side] : {std::pair{Topology::square4, 65}, {Topology::square4, 67}, {Topology::hex6, 100}}) {
    BoardSpec spec{t, "rect", "", side, side, 0.0, false};
    EXPECT_EQ(check_spec(spec), std::nullopt) << to_string(t) << " " << side;
  }
}

// Numbrix figures are drawn in 2x2 blocks; a block touching one other block is no dead end, so
// points and tips stay (trimmed as dead ends, an 11x11 triangle came out a plain 6x6 square).
TEST(Shapes, Square4FiguresKeepTheirPoints) {
  const auto row_count = [](const Mask& m, int r) {
    int k = 0;
    for (int c = 0; c < m.cols; ++c) k += m.at(r, c) ? 1 : 0;
    return k;
  };
  for (int side : {11, 12, 16}) {
    const auto tri = procedural_mask(Topology::square4, "triangle", side, side);
    ASSERT_TRUE(tri.has_value());
    EXPECT_LT(2 * row_count(*tri, 0), row_count(*tri, tri->rows - 1)) << side;
    for (const char* name : {"diamond", "heart", "star"}) {
      const auto m = procedural_mask(Topology::square4, name, side, side);
      ASSERT_TRUE(m.has_value());
      EXPECT_LT(row_count(*m, m->rows - 1), m->cols) << name << " " << side;  // a point at the bottom
    }
  }
}

// Drawn in coarse 2x2 blocks, a figure's pieces may meet only at corners; the largest piece alone
// was the board (a 9x9 Numbrix ring was a 2x4 strip of 8 cells, square8 draws it with 56). Holes
// that join pieces are filled: every Numbrix figure keeps at least half the cells of its square8
// drawing at each size, and the 9x9 ring is the 8x8 frame around a 4x4 hole.
TEST(Shapes, Square4FiguresAreNotReducedToAFragment) {
  for (const std::string& name : procedural_shape_names()) {
    if (name == "rect" || name == "grown") continue;
    for (int side = 6; side <= 20; ++side) {
      const auto numbrix = procedural_mask(Topology::square4, name, side, side);
      const auto hidato = procedural_mask(Topology::square8, name, side, side);
      ASSERT_TRUE(numbrix && hidato);
      EXPECT_GE(2 * numbrix->count(), hidato->count()) << name << " " << side;
    }
  }
  const auto ring = procedural_mask(Topology::square4, "ring", 9, 9);
  ASSERT_TRUE(ring);
  ASSERT_EQ(ring->rows, 8);
  ASSERT_EQ(ring->cols, 8);
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c) EXPECT_EQ(ring->at(r, c), r < 2 || r > 5 || c < 2 || c > 5) << r << "," << c;
}

TEST(Shapes, UnknownNameHasNoMask) {
  EXPECT_FALSE(procedural_mask(Topology::square8, "blob", 8, 8).has_value());
  EXPECT_FALSE(is_procedural_shape("blob"));
  EXPECT_TRUE(is_procedural_shape("heart"));
}

TEST(Shapes, RectIsTheWholeGrid) {
  const auto m = procedural_mask(Topology::hex6, "rect", 5, 7);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->rows, 5);
  EXPECT_EQ(m->cols, 7);
  EXPECT_EQ(m->count(), 35);
}

TEST(Shapes, Square8CircleAndDiamondAreMirrorSymmetric) {
  for (const char* name : {"circle", "diamond", "cross", "ring"})
    for (int side : {11, 12}) {
      const auto m = procedural_mask(Topology::square8, name, side, side);
      ASSERT_TRUE(m);
      for (int r = 0; r < m->rows; ++r)
        for (int c = 0; c < m->cols; ++c) {
          EXPECT_EQ(m->at(r, c), m->at(r, m->cols - 1 - c)) << name << " " << r << "," << c;
          EXPECT_EQ(m->at(r, c), m->at(m->rows - 1 - r, c)) << name << " " << r << "," << c;
        }
    }
}

TEST(Shapes, CircleLeavesCornersOut) {
  const auto m = procedural_mask(Topology::square8, "circle", 12, 12);
  ASSERT_TRUE(m);
  EXPECT_FALSE(m->at(0, 0));
  EXPECT_TRUE(m->at(6, 0));
  EXPECT_TRUE(m->at(6, 6));
}

TEST(Shapes, RingHasAnEnclosedHole) {
  for (Topology t : all_topologies) {
    const auto m = procedural_mask(t, "ring", 14, 14);
    ASSERT_TRUE(m);
    // Flood the holes from the border: some hole must stay unreached (the middle).
    std::vector<bool> seen(m->playable.size(), false);
    std::vector<Coord> stack;
    for (int r = 0; r < m->rows; ++r)
      for (int c = 0; c < m->cols; ++c)
        if ((r == 0 || c == 0 || r == m->rows - 1 || c == m->cols - 1) && !m->at(r, c)) stack.push_back({r, c});
    while (!stack.empty()) {
      const Coord p = stack.back();
      stack.pop_back();
      if (p.row < 0 || p.col < 0 || p.row >= m->rows || p.col >= m->cols || m->at(p.row, p.col)) continue;
      auto&& s = seen[static_cast<std::size_t>(p.row * m->cols + p.col)];
      if (s) continue;
      s = true;
      for (Coord d : {Coord{p.row - 1, p.col}, Coord{p.row + 1, p.col}, Coord{p.row, p.col - 1}, Coord{p.row, p.col + 1}})
        stack.push_back(d);
    }
    int enclosed = 0;
    for (std::size_t i = 0; i < seen.size(); ++i) enclosed += !m->playable[i] && !seen[i];
    EXPECT_GE(enclosed, 4) << to_string(t);
  }
}

TEST(Shapes, HexCircleIsRoundOnThePage) {
  const auto m = procedural_mask(Topology::hex6, "circle", 16, 16);
  ASSERT_TRUE(m);
  double x0 = 1e9, x1 = -1e9, y0 = 1e9, y1 = -1e9;
  for (int r = 0; r < m->rows; ++r)
    for (int c = 0; c < m->cols; ++c)
      if (m->at(r, c)) {
        const Point p = cell_centre(Topology::hex6, {r, c});
        x0 = std::min(x0, p.x), x1 = std::max(x1, p.x), y0 = std::min(y0, p.y), y1 = std::max(y1, p.y);
      }
  const double width = x1 - x0, height = y1 - y0;
  EXPECT_NEAR(width / height, 1.0, 0.15);
}

TEST(Shapes, Square4ShapesHaveBalancedColours) {
  for (const auto& name : procedural_shape_names())
    for (int side : {7, 10, 13}) {
      const auto m = procedural_mask(Topology::square4, name, side, side);
      ASSERT_TRUE(m);
      const auto [even, odd] = colour_counts(*m);
      EXPECT_LE(std::abs(even - odd), 1) << name << " " << side;
    }
}

TEST(Shapes, LargestComponentKeepsTheBiggestPiece) {
  const Mask m = parse_mask("##..#\n##...\n", "m");
  const Mask big = largest_component(Topology::square8, m);
  EXPECT_EQ(big.count(), 4);
  EXPECT_FALSE(big.at(0, 4));
}

TEST(MaskFile, ParsesPictureWithCommentsPaddingAndScale) {
  const Mask m = parse_mask("; a comment\n\n#o.\n @\n\n", "m.txt");
  EXPECT_EQ(m.rows, 2);
  EXPECT_EQ(m.cols, 3);
  EXPECT_EQ(m.playable, (std::vector<bool>{true, true, false, false, true, false}));
  const Mask s = parse_mask("; scale: 2\n#.\n", "s.txt");
  EXPECT_EQ(s.rows, 2);
  EXPECT_EQ(s.cols, 4);
  EXPECT_EQ(s.playable, (std::vector<bool>{true, true, false, false, true, true, false, false}));
  // Trailing spaces after the scale are no error (they were: "scale must be a whole number").
  EXPECT_EQ(parse_mask("; scale: 2 \t\n#.\n", "s.txt").playable, s.playable);
}

TEST(MaskFile, BadCharacterIsLocated) {
  EXPECT_EQ(message_of([] { parse_mask("###\n#z#\n", "cat.txt"); }),
            "cat.txt:2:2: unexpected character 'z' in mask (expected '#' or 'o' for a cell, '.' or a space for a hole)");
  EXPECT_EQ(message_of([] { parse_mask("; scale: 0\n#\n", "s.txt"); }),
            "s.txt:1:10: scale must be a whole number from 1 to 8 (write the line as '; scale: K', K a whole number "
            "from 1 to 8)");
  // Other spellings of a scale line were comments, and the board came out at scale 1.
  for (const char* line : {";scale:2", ";  scale:   2", "; Scale : 2"})
    EXPECT_EQ(parse_mask(std::string(line) + "\n#.\n", "s.txt").cols, 4) << line;
  EXPECT_EQ(message_of([] { parse_mask("; scale 2\n#\n", "s.txt"); }),
            "s.txt:1:9: expected ':' after 'scale' (write the line as '; scale: K', K a whole number from 1 to 8)");
  EXPECT_EQ(message_of([] { parse_mask("; scale = 2\n#\n", "s.txt"); }),
            "s.txt:1:9: expected ':' after 'scale' (write the line as '; scale: K', K a whole number from 1 to 8)");
  EXPECT_EQ(message_of([] { parse_mask("; scale: 2 # big\n#\n", "s.txt"); }),
            "s.txt:1:12: unexpected text after the scale (write the line as '; scale: K', K a whole number from 1 to 8)");
  EXPECT_EQ(parse_mask("; scaled up from a sketch\n#.\n", "s.txt").cols, 2);  // another word: a comment
  EXPECT_EQ(message_of([] { parse_mask("\n..\n", "e.txt"); }), "e.txt: mask has no playable cells");
  // Too big: the size it has, not only the limit.
  EXPECT_EQ(message_of([] { parse_mask("###\n" + std::string(201, '#') + "\n", "w.txt"); }),
            "w.txt: mask is 2 x 201, larger than 200 x 200");
  EXPECT_EQ(message_of([] { parse_mask("; scale: 3\n" + std::string(70, '#') + "\n", "s.txt"); }),
            "s.txt: mask is 3 x 210 at scale 3, larger than 200 x 200");
  EXPECT_EQ(message_of([] { read_mask_file("/nonexistent/mask.txt"); }), "/nonexistent/mask.txt: cannot read the mask file: No such file or directory");
  // Found from outside: a second scale line won silently, one between the rows scaled the rows
  // above it too, and invisible trailing spaces made a mask too wide.
  EXPECT_EQ(message_of([] { parse_mask("; scale: 2\n; scale: 3\n###\n", "s.txt"); }),
            "s.txt:2:1: a second '; scale:' line (the first is line 1)");
  EXPECT_EQ(message_of([] { parse_mask("\n###\n; scale: 2\n###\n", "s.txt"); }),
            "s.txt:3:1: the '; scale:' line must come before the picture (its first row is line 2)");
  EXPECT_EQ(parse_mask("; note\n\n; scale: 2\n#\n", "s.txt").cols, 2);  // blank lines and comments before it
  const Mask spaced = parse_mask("####" + std::string(300, ' ') + "\n# \n", "w.txt");
  EXPECT_EQ(spaced.cols, 4);
  EXPECT_EQ(spaced.count(), 5);
}

TEST(MaskFile, ShippedMasksLoadAndFillOnSquare8AndHex) {
  for (const char* name : {"cat", "fish", "heart", "house", "moon", "cat4", "heart4", "tree4"})
    for (Topology t : {Topology::square8, Topology::hex6}) {
      BoardSpec spec{t, "mask", name, 10, 10, 0.0, false};
      EXPECT_EQ(check_spec(spec), std::nullopt) << name << " " << to_string(t);
    }
  for (const char* name : {"cat4", "heart4", "tree4"}) {
    BoardSpec spec{Topology::square4, "mask", name, 10, 10, 0.0, false};
    EXPECT_EQ(check_spec(spec), std::nullopt) << name;
  }
}

TEST(CheckSpec, NamesEachProblem) {
  BoardSpec s;
  s.shape = "blob";
  EXPECT_EQ(check_spec(s).value_or(""),
            "unknown shape 'blob' (expected rect, circle, diamond, heart, ring, triangle, star, cross, hexagon, grown, mask)");
  s = BoardSpec{};
  s.obstacles = 0.5;
  EXPECT_EQ(check_spec(s).value_or(""), "obstacle ratio 0.5 is out of range [0, 0.5)");
  s.obstacles = -0.1;
  EXPECT_EQ(check_spec(s).value_or(""), "obstacle ratio -0.1 is out of range [0, 0.5)");
  s = BoardSpec{};
  s.rows = 1;
  EXPECT_EQ(check_spec(s).value_or(""), "rows and cols must be between 2 and 200 (got 1x10)");
  s = BoardSpec{};
  s.rows = s.cols = 2;
  s.obstacles = 0.3;
  EXPECT_EQ(check_spec(s).value_or(""),
            "board too small: shape 'rect' at 2x2 under square8 has 4 playable cells, 3 after obstacles (at least 4 needed)");
  // Numbrix figures are drawn in 2x2 blocks: said so (a 5x5 cross "had 0 playable cells").
  s = BoardSpec{};
  s.topology = Topology::square4;
  s.shape = "cross";
  s.rows = s.cols = 5;
  EXPECT_EQ(check_spec(s).value_or(""),
            "board too small: shape 'cross' at 5x5 under square4 has 0 playable cells (square4 shapes are drawn in "
            "2x2 blocks, so at 5x5 the figure is 2 x 2 blocks), 0 after obstacles (at least 4 needed)");
  s.topology = Topology::square8;
  EXPECT_EQ(check_spec(s), std::nullopt);
  // The note follows the drawing (drawn_in_blocks): a grown square4 box is drawn in blocks too (a
  // 3x3 one is 2 x 2 cells), a rect is not.
  s.topology = Topology::square4;
  s.shape = "grown";
  s.rows = s.cols = 3;
  EXPECT_NE(check_level(s, Difficulty::medium).value_or("").find("has 4 playable cells (square4 shapes are drawn in 2x2 "
                                                                  "blocks, so at 3x3 the figure is 1 x 1 blocks)"),
            std::string::npos);
  s.shape = "rect";
  EXPECT_EQ(check_level(s, Difficulty::medium).value_or("").find("blocks"), std::string::npos);
  EXPECT_TRUE(drawn_in_blocks(Topology::square4, "cross"));
  EXPECT_FALSE(drawn_in_blocks(Topology::square4, "rect"));
  EXPECT_FALSE(drawn_in_blocks(Topology::square4, "mask"));
  EXPECT_FALSE(drawn_in_blocks(Topology::hex6, "cross"));
  // A figure its board is too small to show is noted (an outside check: a 4x4 Numbrix ring, heart
  // or circle came out a plain square, and nothing said so); a board that shows it is not.
  s.topology = Topology::square4;
  s.shape = "ring";
  s.rows = s.cols = 4;
  EXPECT_EQ(shape_note(s).value_or(""), "shape 'ring' at 4x4 under square4 comes out a plain 4 x 4 rectangle at this "
                                        "size (a larger board shows the figure)");
  s.rows = s.cols = 12;
  EXPECT_EQ(shape_note(s), std::nullopt);
  s.shape = "rect";
  EXPECT_EQ(shape_note(s), std::nullopt);
  s = BoardSpec{};
  s.shape = "mask";
  EXPECT_EQ(check_spec(s).value_or(""), "shape 'mask' needs a mask file");
  // A mask in pieces is boarded as its largest: said so (a chequerboard "had 1 playable cell").
  const test::TempDir scratch("spec-pieces");
  std::ofstream(scratch.path / "cb.txt") << "#.#.\n.#.#\n#.#.\n.#.#\n";
  s = BoardSpec{};
  s.topology = Topology::square4;
  s.shape = "mask";
  s.mask_file = (scratch.path / "cb.txt").string();
  EXPECT_EQ(check_spec(s).value_or(""),
            "board too small: mask '" + s.mask_file + "' under square4 has 1 playable cell (the mask draws 8, in "
            "pieces that do not touch under square4; the board is the largest piece), 1 after obstacles (at least 4 "
            "needed)");
}

TEST(CheckSpec, DetectsNumbrixParity) {
  const test::TempDir scratch("shapes-plus");
  const auto plus = scratch.path / "plus.txt";
  std::ofstream(plus) << ".#.\n###\n.#.\n";
  BoardSpec s{Topology::square4, "mask", plus.string(), 10, 10, 0.0, false};
  EXPECT_EQ(check_spec(s).value_or(""),
            "Numbrix parity: mask '" + plus.string() +
                "' under square4 has 1 cells of one chequerboard colour and 4 of the other; a square4 path alternates "
                "colours, so they must differ by at most one");
  s.topology = Topology::square8;  // the same picture is fine with king moves
  EXPECT_EQ(check_spec(s), std::nullopt);
  BoardSpec odd{Topology::square4, "rect", "", 5, 5, 0.0, false};  // 13 vs 12: fine
  EXPECT_EQ(check_spec(odd), std::nullopt);
}

TEST(CheckSpec, DetectsDeadEnds) {
  const test::TempDir scratch("shapes-corners");
  const auto corners = scratch.path / "corners.txt";
  std::ofstream(corners) << "#...#\n.###.\n.###.\n#...#\n";
  BoardSpec s{Topology::square8, "mask", corners.string(), 10, 10, 0.0, false};
  const auto problem = check_spec(s);
  ASSERT_TRUE(problem.has_value());
  EXPECT_NE(problem->find("dead-end"), std::string::npos) << *problem;
}
