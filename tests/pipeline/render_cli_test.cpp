// Books through the Cairo renderer: identical PDF/SVG bytes for any thread count and for
// `hidato render` of the recorded manifest. Label `render`.
#include <gtest/gtest.h>

#include <algorithm>

#include "cli_support.hpp"

namespace hidato::test {
namespace {

const char* book_config =
    "book: {title: Render test, seed: 3, date: '2026-01-02', template: a4, formats: [pdf, svg]}\n"
    "defaults: {difficulty: easy}\n"
    "sets:\n"
    "  - {name: small, rows: 5, cols: 5, count: 3}\n"
    "  - {name: hex, topology: hex6, rows: 5, cols: 5, count: 2}\n";

// c.yaml of three 5x5 puzzles in a PDF book, with `book_keys` (", key: value...") added to book.
void write_three_puzzle_config(const TempDir& dir, const std::string& book_keys = "") {
  write_text(dir.path / "c.yaml", "book: {title: T, seed: 3, date: '2026-01-02', formats: [pdf]" + book_keys +
                                      "}\nsets:\n  - {name: a, rows: 5, cols: 5, count: 3}\n");
}

void expect_same_files(const fs::path& a, const fs::path& b) {
  for (const auto& name : file_names(a)) {
    if (name == "timings.json") continue;  // wall-clock figures, by design not reproducible
    EXPECT_EQ(slurp(a / name), slurp(b / name)) << name << " differs";
  }
}

TEST(RenderCli, BooksAreByteIdenticalForOneTwoAndFourThreads) {
  TempDir dir("render-threads");
  write_text(dir.path / "c.yaml", book_config);
  for (const char* t : {"1", "2", "4"}) {
    const ChildRun r = run_hidato(std::string("build c.yaml --quiet --threads ") + t + " --out t" + t, dir.path);
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  const auto names = file_names(dir.path / "t1");
  ASSERT_TRUE(std::find(names.begin(), names.end(), "book.pdf") != names.end());
  EXPECT_EQ(file_names(dir.path / "t2"), names);
  expect_same_files(dir.path / "t1", dir.path / "t2");
  expect_same_files(dir.path / "t1", dir.path / "t4");
}

TEST(RenderCli, RenderingTheManifestGivesTheSameBook) {
  TempDir dir("render-manifest");
  write_text(dir.path / "c.yaml", book_config);
  ASSERT_EQ(run_hidato("build c.yaml --quiet --out b", dir.path).exit_code, 0);
  const ChildRun r = run_hidato("render b/manifest.json --out r", dir.path);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(slurp(dir.path / "r/book.pdf"), slurp(dir.path / "b/book.pdf"));
  // The manifest goes with the rendered book (it was left behind), so that folder renders again.
  EXPECT_EQ(slurp(dir.path / "r/manifest.json"), slurp(dir.path / "b/manifest.json"));
  ASSERT_EQ(run_hidato("render r/manifest.json --out r2", dir.path).exit_code, 0);
  EXPECT_EQ(slurp(dir.path / "r2/book.pdf"), slurp(dir.path / "b/book.pdf"));
  const ChildRun svg = run_hidato("render b/manifest.json --formats svg --out s", dir.path);
  ASSERT_EQ(svg.exit_code, 0) << svg.err;
  EXPECT_FALSE(fs::exists(dir.path / "s/book.pdf"));
  EXPECT_EQ(slurp(dir.path / "s/book-page-001.svg"), slurp(dir.path / "b/book-page-001.svg"));
}

// Found from outside: rendering a shard's manifest made a book of part of the puzzles without a
// word (now refused, pointing at merge); --formats pdf still wrote the per-puzzle SVGs.
TEST(RenderCli, ShardsAreRefusedAndPdfOnlyWritesNoSvg) {
  TempDir dir("render-edges");
  write_three_puzzle_config(dir, ", svg_per_puzzle: true");
  ASSERT_EQ(run_hidato("build c.yaml --quiet --shard 0/2 --out s0", dir.path).exit_code, 0);
  const ChildRun shard = run_hidato("render s0/manifest.json --out r", dir.path);
  EXPECT_EQ(shard.exit_code, 1);
  EXPECT_NE(shard.err.find("holds part of the book only; join the shards with 'hidato merge'"), std::string::npos)
      << shard.err;
  EXPECT_FALSE(fs::exists(dir.path / "r"));
  ASSERT_EQ(run_hidato("build c.yaml --quiet --out b", dir.path).exit_code, 0);
  ASSERT_TRUE(fs::exists(dir.path / "b/book-puzzle-001-a.svg"));
  ASSERT_EQ(run_hidato("render b/manifest.json --formats pdf --out p", dir.path).exit_code, 0);
  EXPECT_EQ(file_names(dir.path / "p"), (std::vector<std::string>{"book.pdf", "manifest.json"}));
}

// Found from outside: a manifest whose puzzle was edited to another board made `render` and
// `merge` exit 3 ("internal"); a solution breaking the rules rendered with exit 0. Now exit 1,
// naming the file and the entry. And `regenerate` of a shard's manifest rendered a book of part
// of the puzzles (like `build --shard`, it writes none now), dropping the folder's timings.
TEST(RenderCli, EditedRecordsAreRefusedAndARegeneratedShardHasNoBook) {
  TempDir dir("render-records");
  write_three_puzzle_config(dir);
  ASSERT_EQ(run_hidato("build c.yaml --quiet --out b", dir.path).exit_code, 0);
  const std::string manifest = slurp(dir.path / "b/manifest.json");
  const auto edited = [&](const std::string& key, const std::string& value) {
    const std::size_t at = manifest.find("\"" + key + "\":\"");
    const std::size_t from = at + key.size() + 4, to = manifest.find('"', from);
    return manifest.substr(0, from) + value + manifest.substr(to);
  };
  write_text(dir.path / "board.json", edited("puzzle", "square8:3x3:6,.,9/.,2,8/1,.2"));
  const ChildRun board = run_hidato("render board.json --out r1", dir.path);
  EXPECT_EQ(board.exit_code, 1);
  EXPECT_EQ(board.err, "hidato: error: board.json: puzzles[0] (a[0]): the solution is for a different board\n");
  const std::size_t sol = manifest.find("\"solution\":\"square8:5x5:") + 23;
  std::string swapped = manifest;  // the first two numbers of the solution swapped: no longer a path
  std::swap(swapped[sol], swapped[manifest.find(',', sol) + 1]);
  write_text(dir.path / "rules.json", swapped);
  const ChildRun rules = run_hidato("render rules.json --out r2", dir.path);
  EXPECT_EQ(rules.exit_code, 1);
  EXPECT_NE(rules.err.find("rules.json: puzzles[0] (a[0]): "), std::string::npos) << rules.err;
  EXPECT_FALSE(fs::exists(dir.path / "r1"));
  EXPECT_FALSE(fs::exists(dir.path / "r2"));
  ASSERT_EQ(run_hidato("build c.yaml --quiet --shard 1/2 --out s1", dir.path).exit_code, 0);
  const auto shard_files = file_names(dir.path / "s1");
  const ChildRun again = run_hidato("regenerate s1/manifest.json", dir.path);
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(file_names(dir.path / "s1"), shard_files);  // manifest and timings, no book
}

// `order: score` prints a set easiest first in the built book too, not only when the manifest is
// rendered again: these five puzzles come out of the generator in score order 2, 4, 1, 3, 0.
TEST(RenderCli, AScoreOrderedSetPrintsTheSameFromBuildAndFromRender) {
  TempDir dir("render-score-order");
  write_text(dir.path / "c.yaml",
             "book: {title: T, seed: 3, date: '2026-01-02', formats: [pdf]}\n"
             "sets:\n  - {name: a, rows: 5, cols: 5, count: 5, order: score}\n");
  ASSERT_EQ(run_hidato("build c.yaml --quiet --out b", dir.path).exit_code, 0);
  const ChildRun r = run_hidato("render b/manifest.json --out r", dir.path);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(slurp(dir.path / "r/book.pdf"), slurp(dir.path / "b/book.pdf"));
}

// A set whose boards cannot get pencil-sized cells on the template is refused before anything is
// generated, with the config's location, the template and the size that would fit; --force
// prints it anyway and the summary says so, with the page count and the gutter.
TEST(RenderCli, BoardsTooBigForTheTemplateAreRefusedUnlessForced) {
  TempDir dir("render-fit");
  write_text(dir.path / "c.yaml",
             "book: {title: Fit, seed: 5, template: pocket-6x9, formats: [pdf]}\n"
             "sets:\n"
             "  - {name: ok, rows: 5, cols: 5, difficulty: easy}\n"
             "  - {name: wide, rows: 5, cols: 20, difficulty: easy}\n");
  const ChildRun refused = run_hidato("build c.yaml --out out", dir.path);
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_EQ(refused.err,
            "hidato: error: c.yaml:4:5: sets[1]: set 'wide': a 5 x 20 Hidato board (numbers up to 100) needs cells "
            "of at least 10.0 mm on template 'pocket-6x9', which gives it 6.6 mm even on a page of its own; at most "
            "4 x 16 fits (or build with --force)\n");
  EXPECT_FALSE(fs::exists(dir.path / "out"));
  // Several such sets: counted like the config's other problems (the lines after the first had no
  // header).
  write_text(dir.path / "two.yaml",
             "book: {title: Fit, seed: 5, template: pocket-6x9, formats: [pdf]}\n"
             "sets:\n  - {name: a, rows: 5, cols: 20}\n  - {name: b, rows: 5, cols: 22}\n");
  const ChildRun two = run_hidato("build two.yaml --out out", dir.path);
  EXPECT_EQ(two.exit_code, 1);
  EXPECT_EQ(two.err.rfind("hidato: error: two.yaml: 2 problems\ntwo.yaml:3:5: sets[0]: set 'a': ", 0), 0u) << two.err;
  EXPECT_NE(two.err.find("\ntwo.yaml:4:5: sets[1]: set 'b': "), std::string::npos) << two.err;
  const ChildRun forced = run_hidato("build c.yaml --out out --force", dir.path);
  ASSERT_EQ(forced.exit_code, 0) << forced.err;
  EXPECT_NE(forced.err.find("hidato: book: 24 pages (18 of them Notes pages: the print service's least is 24), inside margin 0.375 in (9.5 mm)\n"), std::string::npos)
      << forced.err;
  const std::string warning = "hidato: warning: puzzle 2 (set wide): cells of 6.6 mm are below the minimum of 10.0 mm "
                              "on template 'pocket-6x9'";
  EXPECT_NE(forced.err.find(warning), std::string::npos) << forced.err;
  EXPECT_NE(forced.err.find("hidato: wrote out: "), std::string::npos) << forced.err;
  // --quiet keeps the warning and drops the page count and the list of files.
  const ChildRun quiet = run_hidato("build c.yaml --out out --force --quiet", dir.path);
  ASSERT_EQ(quiet.exit_code, 0) << quiet.err;
  EXPECT_NE(quiet.err.find(warning), std::string::npos) << quiet.err;
  EXPECT_EQ(quiet.err.find("hidato: book:"), std::string::npos) << quiet.err;
  EXPECT_EQ(quiet.err.find("hidato: wrote"), std::string::npos) << quiet.err;
  EXPECT_EQ(quiet.out, "");
  // render holds a manifest to the same rule (found from outside: it printed them with a warning).
  const ChildRun again = run_hidato("render out/manifest.json --out r", dir.path);
  EXPECT_EQ(again.exit_code, 1);
  EXPECT_EQ(again.err, "hidato: error: puzzle 2 (set wide): cells of 6.6 mm are below the minimum of 10.0 mm on "
                       "template 'pocket-6x9' (too big even for a page of its own); use a template with room for it, "
                       "or --force to print it anyway\n");
  EXPECT_FALSE(fs::exists(dir.path / "r"));
  EXPECT_EQ(run_hidato("render out/manifest.json --out r --force", dir.path).exit_code, 0);
  const ChildRun a4 = run_hidato("render out/manifest.json --out a4 --template a4", dir.path);
  EXPECT_EQ(a4.exit_code, 1);  // 100 needs 10 mm cells: 20 of them are wider than A4's body too
  EXPECT_NE(a4.err.find("cells of 8.8 mm are below the minimum of 10.0 mm on template 'a4'"), std::string::npos) << a4.err;
}

// formats: [pdf, svg, cover] and svg_per_puzzle: the cover sheet and one SVG per puzzle named by
// number and set, also when the book is rendered again from its manifest.
TEST(RenderCli, CoverAndPerPuzzleSvgsFromTheConfig) {
  TempDir dir("render-cover");
  write_text(dir.path / "c.yaml",
             "book: {title: Covered, author: A. Author, seed: 6, template: kdp-8.5x11, formats: [pdf, cover],\n"
             "       svg_per_puzzle: true, paper: cream, copyright: '(c) 2026 A. Author', isbn: 978-0-00-000000-2}\n"
             "sets:\n"
             "  - {name: first, title: First steps, rows: 5, cols: 5, difficulty: easy, count: 2}\n");
  ASSERT_EQ(run_hidato("build c.yaml --quiet --out b", dir.path).exit_code, 0);
  const auto names = file_names(dir.path / "b");
  for (const char* n : {"book.pdf", "cover.pdf", "book-puzzle-001-first.svg", "book-answer-002-first.svg"})
    EXPECT_TRUE(std::find(names.begin(), names.end(), n) != names.end()) << n;
  const ChildRun again = run_hidato("render b/manifest.json --out r", dir.path);
  ASSERT_EQ(again.exit_code, 0);
  // Files of one puzzle or answer are not counted as pages.
  EXPECT_NE(again.err.find("hidato: wrote r: manifest.json, book.pdf, cover.pdf, 4 puzzle or answer SVGs\n"),
            std::string::npos) << again.err;
  EXPECT_EQ(slurp(dir.path / "r/cover.pdf"), slurp(dir.path / "b/cover.pdf"));
  EXPECT_EQ(slurp(dir.path / "r/book.pdf"), slurp(dir.path / "b/book.pdf"));
  EXPECT_NE(slurp(dir.path / "b/manifest.json").find("\"set_titles\":{\"first\":\"First steps\"}"), std::string::npos);
  ASSERT_EQ(run_hidato("render b/manifest.json --formats cover --out c", dir.path).exit_code, 0);
  EXPECT_TRUE(fs::exists(dir.path / "c/cover.pdf"));
  EXPECT_FALSE(fs::exists(dir.path / "c/book.pdf"));  // (per-puzzle SVGs follow svg_per_puzzle)
  const ChildRun bad = run_hidato("render b/manifest.json --formats pdf,cvr --out d", dir.path);
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_EQ(bad.err, "hidato: error: --formats: unknown format 'cvr' in 'pdf,cvr' (expected a list of pdf, svg and cover, or none)\n");
  // Nothing to render: the folder is left alone, and says so; a template given is still checked
  // (a misspelt one used to pass without a word, exit 0).
  const ChildRun none = run_hidato("render b/manifest.json --formats none --out e", dir.path);
  EXPECT_EQ(none.exit_code, 0);
  EXPECT_EQ(none.err, "hidato: nothing to render (formats: none); e is left as it was\n");
  EXPECT_FALSE(fs::exists(dir.path / "e"));
  const ChildRun misspelt = run_hidato("render b/manifest.json --formats none --template a44 --out e", dir.path);
  EXPECT_EQ(misspelt.exit_code, 1);
  EXPECT_NE(misspelt.err.find("a44: page template not found"), std::string::npos) << misspelt.err;
}

}  // namespace
}  // namespace hidato::test
