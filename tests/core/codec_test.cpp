// The text format and the one-line description: round trips and exact error messages.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/codec.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/text.hpp"

using namespace hidato;

namespace {

std::string error_of(const std::string& text) {
  try {
    parse_puzzle(text, "p.txt");
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST(Codec, ParsesTopologyHolesAndGivens) {
  const Puzzle p = parse_puzzle("# topology: hex6\n# source: test\n 1 . x\n . 5 .\n", "p.txt");
  EXPECT_EQ(p.board.topology(), Topology::hex6);
  EXPECT_EQ(p.board.rows(), 2);
  EXPECT_EQ(p.board.cols(), 3);
  EXPECT_EQ(p.board.size(), 5);
  EXPECT_EQ(p.givens, (Values{1, 0, 0, 5, 0}));
  ASSERT_EQ(p.headers.size(), 1u);
  EXPECT_EQ(p.headers[0].first, "source");
}

TEST(Codec, DefaultTopologyIsSquare8) {
  EXPECT_EQ(parse_puzzle("1 .\n. 4\n", "p").board.topology(), Topology::square8);
}

TEST(Codec, TextRoundTrips) {
  const std::string text = "# topology: square4\n 1  .  x\n .  .  .\n11  .  .\n . 10  .\n";
  const Puzzle p = parse_puzzle(text, "p");
  EXPECT_EQ(format_puzzle(p), text);
  EXPECT_EQ(parse_puzzle(format_puzzle(p), "again"), p);
}

TEST(Codec, DescriptionRoundTrips) {
  const Puzzle p = parse_puzzle("# topology: hex6\n6 . 9 x\n. 2 8 .\n1 . . .\n", "p");
  const std::string d = describe(p);
  EXPECT_EQ(d, "hex6:3x4:6,.,9,x/.,2,8,./1,.3");
  EXPECT_EQ(parse_description(d), p);
}

TEST(Codec, ErrorUnknownToken) {
  EXPECT_EQ(error_of("1 . ?\n. . .\n"), "p.txt:1:5: unknown token '?' (expected a number, '.' or 'x')");
}

TEST(Codec, ErrorValueOutOfRange) {
  EXPECT_EQ(error_of("1 .\n. 5\n"), "p.txt:2:3: value 5 is out of range 1..4 (the board has 4 playable cells)");
  EXPECT_EQ(error_of("0 .\n. .\n"), "p.txt:1:1: value 0 is out of range 1..4 (the board has 4 playable cells)");
  EXPECT_EQ(error_of("# x\n-3 .\n. .\n"), "p.txt:2:1: value -3 is out of range 1..4 (the board has 4 playable cells)");
}

TEST(Codec, ErrorValueGivenTwice) {
  EXPECT_EQ(error_of("1 2\n. 2\n"), "p.txt:2:3: value 2 is given twice (first at 1:3)");
}

TEST(Codec, ErrorRaggedRows) {
  EXPECT_EQ(error_of("1 . .\n. .\n"), "p.txt:2:3: row has 2 cells, expected 3 (as in line 1)");
  EXPECT_EQ(error_of("1 .\n. . .\n"), "p.txt:2:5: row has 3 cells, expected 2 (as in line 1)");
}

TEST(Codec, ErrorEmptyBoard) {
  EXPECT_EQ(error_of("# topology: square8\n"), "p.txt: empty board: no rows of cells");
  EXPECT_EQ(error_of("x x\nx x\n"), "p.txt:1:1: empty board: every cell is a hole");
}

TEST(Codec, ErrorDisconnected) {
  EXPECT_EQ(error_of("# topology: square4\n1 x\nx .\n"),
            "p.txt:3:3: playable cells are not connected: this cell cannot be reached from the cell at "
            "2:1 (square4)");
  EXPECT_NO_THROW(parse_puzzle("1 x\nx .\n", "p"));  // king moves reach diagonally
}

TEST(Codec, ErrorUnknownTopology) {
  EXPECT_EQ(error_of("# topology: sq9\n1 .\n"),
            "p.txt:1:13: unknown topology 'sq9' (expected square8, square4 or hex6)");
}

// An indented header is a header like any other: its topology applies and its key is read whole
// (the '#' used to be assumed at column 1: "  # topology: square4" became the header
// "# topology" and the board was read as square8). Columns count from the line's start.
TEST(Codec, IndentedHeadersApply) {
  const Puzzle p = parse_puzzle("  # topology: square4\n\t# source: test\n1 .\n. 4\n", "p.txt");
  EXPECT_EQ(p.board.topology(), Topology::square4);
  ASSERT_EQ(p.headers.size(), 1u);
  EXPECT_EQ(p.headers[0].first, "source");
  EXPECT_EQ(error_of("\t# topology: hexx\n1 .\n"),
            "p.txt:1:14: unknown topology 'hexx' (expected square8, square4 or hex6)");
}

// A header that means the topology but is misspelt or lacks its colon is refused (it was kept
// as another header, or as a comment, and the board read as square8 without a word); comments
// and other headers that merely mention the word are not.
TEST(Codec, ErrorTopologyHeaderMisspelt) {
  EXPECT_EQ(error_of("# topolgy: square4\n1 .\n"), "p.txt:1:1: unknown header 'topolgy' (did you mean 'topology'?)");
  EXPECT_EQ(error_of("#topology hex6\n1 .\n"), "p.txt:1:1: a topology header needs a colon: '# topology: hex6'");
  EXPECT_EQ(error_of("  # Topology = square4\n1 .\n"),
            "p.txt:1:3: a topology header needs a colon: '# topology: square4'");
  EXPECT_EQ(error_of("# typology: hex6\n1 .\n"), "p.txt:1:1: unknown header 'typology' (did you mean 'topology'?)");
  for (const char* bad : {"# topology - hex6\n", "## topology: hex6\n", "# topologies: hex6\n",
                          "# topology hex6: yes\n", "# to pology: hex6\n", "# Topology\xef\xbc\x9a hex6\n"})
    EXPECT_NE(error_of(std::string(bad) + "x 1\n2 x\n"), "(no error)") << bad;
  // The header is quoted as written ('## topology' was quoted '# # topology').
  EXPECT_EQ(error_of("## topology: hex6\nx 1\n"),
            "p.txt:1:1: a topology header reads '# topology: square8', 'square4' or 'hex6'; got '## topology: hex6'");
  EXPECT_EQ(error_of("x 2\n"), "p.txt:1:3: value 2 is out of range 1..1 (the board has 1 playable cell)");
  for (const char* fine : {"# TOPOLOGY: square4\n", "# topology of this board is odd\n",
                           "# source: a topology book\n", "# top: 3\n", "# topologies\n"})
    EXPECT_EQ(error_of(std::string(fine) + "1 .\n. 4\n"), "(no error)") << fine;
}

TEST(Codec, ErrorUnreadableFile) {
  try {
    read_puzzle_file("/nonexistent/p.txt");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "/nonexistent/p.txt: cannot read the file: No such file or directory");
  }
}

TEST(Codec, ErrorsInDescriptions) {
  try {
    parse_description("square8:2x2:1,./.,.,.");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "description, column 21: row 2 has more than 2 cells");
  }
  EXPECT_THROW(parse_description("square9:2x2:1,./.2"), InputError);
  EXPECT_THROW(parse_description("square8"), InputError);
  EXPECT_THROW(parse_description("square8:2x2:1,./.2/.2"), InputError);
}

TEST(Codec, NeverCrashesOnGarbage) {
  // A crude fuzz: every short string over the format's alphabet parses or throws InputError.
  const std::string alphabet = "1 .x\n#-9:";
  std::string s;
  for (int i = 0; i < 20000; ++i) {
    s.clear();
    unsigned x = static_cast<unsigned>(i) * 2654435761u;
    for (int k = 0; k < 12; ++k, x = x * 1103515245u + 12345u) s += alphabet[(x >> 16) % alphabet.size()];
    try {
      parse_puzzle(s, "f");
      parse_description(s);
    } catch (const InputError&) {
    }
  }
  SUCCEED();
}

TEST(Codec, GridRowsUseMinusOneForHoles) {
  const Puzzle p = parse_puzzle("1 x\n. 3\n", "p");
  EXPECT_EQ(to_grid(p.board, p.givens), (std::vector<std::vector<int>>{{1, -1}, {0, 3}}));
}

std::vector<Topology> topologies_of(const std::vector<Puzzle>& puzzles) {
  std::vector<Topology> out;
  for (const Puzzle& p : puzzles) out.push_back(p.board.topology());
  return out;
}

// A topology set before the first `# puzzle:` line is the file's: every puzzle that does not set
// its own has it (it used to hold for the first puzzle only, the others read as square8).
TEST(Codec, CollectionsShareATopologySetBeforeTheirFirstPuzzle) {
  const auto all = parse_puzzle_collection(
      "# topology: square4\n# source: t\n\n# puzzle: 1/3\n1 .\n. 4\n# puzzle: 2/3\n. 2\n4 .\n"
      "# puzzle: 3/3\n# topology: hex6\n1 .\n. 4\n", "g.txt");
  EXPECT_EQ(topologies_of(all), (std::vector<Topology>{Topology::square4, Topology::square4, Topology::hex6}));
}

// The header lines right above a `# puzzle:` line belong to the puzzle below them, after a grid
// or a solution block alike: `solve` writes `# topology:` there, and its output reads back with
// each puzzle's own board (the line went to the puzzle above, or was dropped after a solution).
TEST(Codec, HeadersAboveAPuzzleLineAreThatPuzzles) {
  const auto all = parse_puzzle_collection(
      "# puzzle: 1\n1 .\n. 4\n# topology: square4\n# puzzle: 2\n1 .\n. 4\n# solution\n1 2\n4 3\n"
      "# file: x\n# topology: hex6\n\n# puzzle: 3\nx 1\n2 x\n", "g");
  EXPECT_EQ(topologies_of(all), (std::vector<Topology>{Topology::square8, Topology::square4, Topology::hex6}));
  // What `solve` prints for two puzzles of different boards reads back as they were.
  const auto two = parse_puzzle_collection("# puzzle: a\n# topology: square4\n1 .\n# puzzle: b\n# topology: hex6\nx 1\n. x\n", "m");
  std::string printed;
  for (const Puzzle& p : two) printed += "# file: m\n# verdict: unique\n" + format_grid(p, p.givens);
  const auto back = parse_puzzle_collection(printed, "out");
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(topologies_of(back), topologies_of(two));
  for (std::size_t i = 0; i < 2; ++i) EXPECT_EQ(back[i].givens, two[i].givens) << i;
}

// A puzzle's board is the one its topology header names before its rows: a second header that
// says otherwise, or one after the rows, is refused (the last one silently won).
TEST(Codec, ErrorTopologyHeaderTwiceOrAfterTheRows) {
  EXPECT_EQ(error_of("# topology: square8\n# topology: square4\n1 .\n. 4\n"),
            "p.txt:2:1: a second topology header (square4) for the same puzzle (line 1 says square8)");
  EXPECT_EQ(error_of("1 .\n. 4\n# topology: square4\n"),
            "p.txt:3:1: the topology header comes after the rows of its puzzle (line 1): put it above them");
  EXPECT_EQ(error_of("# topology: hex6\n# topology: HEX6\n1 .\n. 4\n"), "(no error)");
}

// A `# puzzle:` header with no rows after it is an error at that header, first or last (the last
// was refused without a location, the first silently merged into the next).
TEST(Codec, CollectionsRefuseAPuzzleWithoutRowsAtItsHeader) {
  const auto error = [](const std::string& text) {
    try {
      parse_puzzle_collection(text, "k.txt");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  EXPECT_EQ(error("# puzzle: a\n1 . .\n. . 6\n# puzzle: b\n"), "k.txt:4:1: this puzzle has no rows of cells");
  EXPECT_EQ(error("# puzzle: a\n# puzzle: b\n1 . .\n. . 6\n"), "k.txt:1:1: this puzzle has no rows of cells");
  EXPECT_EQ(error("# topology: square4\n# puzzle: a\n1 .\n. 4\n# solution\n1 2\n4 3\n# puzzle: b\n1 .\n. 4\n"),
            "(no error)");
}

TEST(Codec, CollectionsSkipSolutionsAndKeepLineNumbers) {
  const std::string text =
      "# puzzle: 1/2\n# topology: square8\n1 .\n. 4\n# solution\n1 2\n3 4\n\n"
      "# puzzle: 2/2\n# topology: square4\n. 2\n4 .\n# solution\n1 2\n4 3\n";
  const auto all = parse_puzzle_collection(text, "g.txt");
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].givens, (Values{1, 0, 0, 4}));
  EXPECT_EQ(all[1].board.topology(), Topology::square4);
  EXPECT_EQ(all[1].givens, (Values{0, 2, 4, 0}));
  EXPECT_EQ(parse_puzzle_collection("1 .\n. 4\n", "p").size(), 1u);
  try {
    parse_puzzle_collection("# puzzle: 1\n1 .\n. 4\n# puzzle: 2\n1 ?\n. .\n", "g.txt");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "g.txt:5:3: unknown token '?' (expected a number, '.' or 'x')");
  }
}

// Written header lines stay one line each and carry no control bytes: a header value holding ESC
// or NUL (read from a file) and a file name holding a line break are escaped (\xNN), and what is
// written reads back as the same puzzle.
TEST(Codec, WrittenHeadersAreEscapedOntoTheirLine) {
  EXPECT_EQ(line_text("a\nb\x1b[2J"), "a\\x0ab\\x1b[2J");
  EXPECT_EQ(line_text("B\xc3\xa4r"), "B\xc3\xa4r");
  // A right-to-left override (U+202E) or isolate (U+2066) would reorder the rest of the line.
  EXPECT_EQ(line_text("a\xe2\x80\xae" "b\xe2\x81\xa6" "c"), "a\\xe2\\x80\\xaeb\\xe2\\x81\\xa6c");
  EXPECT_EQ(line_text("\xe2\x80\x94"), "\xe2\x80\x94");  // an em dash stays
  static const char raw[] = "# note: \x1b[31mred\0nul\n1 .\n. 4\n";
  Puzzle p = parse_puzzle(std::string(raw, sizeof raw - 1), "p.txt");
  ASSERT_EQ(p.headers.size(), 1u);
  const std::string text = format_grid(p, p.givens);
  EXPECT_EQ(text.find('\x1b'), std::string::npos);
  EXPECT_EQ(text.find('\0'), std::string::npos);
  EXPECT_NE(text.find("# note: \\x1b[31mred\\x00nul\n"), std::string::npos) << text;
  EXPECT_EQ(parse_puzzle(text, "back").givens, p.givens);
}

// A size past 64 bits is too large, like one just past the limit (it was "expected the size as
// <rows>x<cols>").
TEST(Codec, DescriptionSizePast64BitsIsTooLarge) {
  for (const char* d : {"square8:18446744073709551616x1:1", "square8:9223372036854775808x1:1", "square8:2x99999999999999999999:1"}) {
    try {
      parse_description(d);
      ADD_FAILURE() << d;
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()).find("description, column 9: board too large: "), 0u) << e.what();
    }
  }
}

// A file of very many puzzles or headers is refused where it passes the limit (a 64 MB file of
// one-cell puzzles took 4 GB to read).
TEST(Codec, PuzzlesAndHeadersPerFileAreLimited) {
  std::string many;
  for (int i = 0; i <= max_puzzles_per_file; ++i) many += "# puzzle:\n1\n";
  try {
    parse_puzzle_collection(many, "m.txt");
    ADD_FAILURE() << "read";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "m.txt:" + std::to_string(2 * max_puzzles_per_file + 1) +
                                         ":1: more than 100000 puzzles in one file");
  }
  std::string headers;
  for (std::size_t i = 0; i <= max_headers_per_puzzle; ++i) headers += "# k: v\n";
  EXPECT_EQ(error_of(headers + "1 2\n"), "p.txt:1001:1: more than 1000 'key: value' headers for one puzzle");
  EXPECT_EQ(parse_puzzle_collection(std::string(many, 0, many.size() - 12), "m.txt").size(),
            static_cast<std::size_t>(max_puzzles_per_file));
}

// 'X' is a hole like 'x' in descriptions, with a repeat count too.
TEST(Codec, DescriptionRunsOfCapitalX) {
  EXPECT_EQ(describe(parse_description("square8:2x3:1,X2/.,2,3")), "square8:2x3:1,x2/.,2,3");
}
