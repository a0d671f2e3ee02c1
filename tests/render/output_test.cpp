// The drawn output: golden SVGs, PDF pages and fonts (poppler-utils), byte-identical re-renders in
// one process and across processes, nothing drawn outside the margins, output errors.
#include <gtest/gtest.h>

#include <cairo.h>
#include <zlib.h>
#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>

#include "core/errors.hpp"
#include "fixtures.hpp"
#include "render/canvas.hpp"
#include "render/cover.hpp"
#include "render/pdf_grey.hpp"
#include "render/draw.hpp"
#include "render/layout.hpp"
#include "render/template.hpp"

using namespace hidato;
namespace fs = std::filesystem;

namespace {

fs::path test_root() { return fs::temp_directory_path() / ("hidato-render-test-" + std::to_string(::getpid())); }

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = test_root() / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string run(const std::string& command) {
  std::string out;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (!pipe) return out;
  char buf[4096];
  while (std::size_t n = std::fread(buf, 1, sizeof buf, pipe)) out.append(buf, n);
  ::pclose(pipe);
  return out;
}

BookInfo sample_info() {
  BookInfo info;
  info.title = "Test Book";
  info.subtitle = "Four small puzzles";
  info.author = "Render Test";
  info.date = "23 November 2026";
  info.creation_epoch = 1700000000;  // 2023-11-14T22:13:20Z
  return info;
}

// The bounding box, in mm, of what `draw` puts on a recording surface.
Box ink_of(const std::function<void(Canvas&)>& draw) {
  cairo_surface_t* surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr);
  cairo_t* cr = cairo_create(surface);
  cairo_scale(cr, 16, 16);  // ink extents come in whole device units: make those fine
  {
    Canvas canvas(cr);
    draw(canvas);
  }
  cairo_destroy(cr);
  double x = 0, y = 0, w = 0, h = 0;
  cairo_recording_surface_ink_extents(surface, &x, &y, &w, &h);
  cairo_surface_destroy(surface);
  const double unit = mm_per_point / 16;
  return Box{x * unit, y * unit, w * unit, h * unit};
}

// A4 without print rules: no padding, so that the sample stays small.
PageTemplate plain_a4() {
  PageTemplate t = load_page_template("a4");
  t.print_service.clear();
  return t;
}

RenderedBook render_sample(const fs::path& dir, bool pdf = true, bool svg = true) {
  RenderOptions opt;
  opt.out_dir = dir;
  opt.pdf = pdf;
  opt.svg = svg;
  opt.svg_per_puzzle = true;
  opt.answer_path = true;
  return render_book(sample_info(), fixtures::mixed_book(), plain_a4(), opt);
}

// Compares `actual` with tests/golden/<name>; HIDATO_UPDATE_GOLDEN=1 rewrites the golden file.
void expect_golden(const std::string& actual, const std::string& name) {
  const fs::path golden = fs::path(HIDATO_SOURCE_DIR) / "tests" / "golden" / name;
  const char* update = std::getenv("HIDATO_UPDATE_GOLDEN");
  if (update && std::string(update) == "1") {
    std::ofstream(golden, std::ios::binary) << actual;
    return;
  }
  ASSERT_TRUE(fs::exists(golden)) << golden << " is missing; run with HIDATO_UPDATE_GOLDEN=1";
  const std::string expected = slurp(golden);
  if (expected == actual) return;
  std::istringstream e(expected), a(actual);
  std::string el, al;
  int line = 0;
  while (true) {
    ++line;
    const bool more_e = static_cast<bool>(std::getline(e, el)), more_a = static_cast<bool>(std::getline(a, al));
    if (!more_e && !more_a) break;
    if (el != al || more_e != more_a) {
      ADD_FAILURE() << name << " differs from the golden file at line " << line << "\n  golden: " << el.substr(0, 160)
                    << "\n  actual: " << al.substr(0, 160) << "\n(regenerate with HIDATO_UPDATE_GOLDEN=1 if intended)";
      return;
    }
  }
  ADD_FAILURE() << name << " differs from the golden file";
}

// Cairo and fontconfig keep font caches for the life of the process; release them at the end so
// that LeakSanitizer reports only real leaks. Also removes this process's temporary folders.
class ReleaseCairoCaches : public ::testing::Environment {
 public:
  void TearDown() override {
    cairo_debug_reset_static_data();
    // FcFini from the fontconfig Cairo already loaded (looked up, so the test links nothing new).
    if (auto* fc_fini = reinterpret_cast<void (*)()>(::dlsym(RTLD_DEFAULT, "FcFini"))) fc_fini();
    std::error_code ec;
    fs::remove_all(test_root(), ec);
  }
};
const auto* const release_caches = ::testing::AddGlobalTestEnvironment(new ReleaseCairoCaches);

}  // namespace

TEST(RenderOutput, GoldenSvgsForEachKindOfBoard) {
  const std::pair<const char*, PrintablePuzzle> cases[] = {{"square8", fixtures::small_square8(1)},
                                                           {"square4", fixtures::small_square4(1)},
                                                           {"hex6", fixtures::small_hex6(1)},
                                                           {"shaped", fixtures::shaped_square8(1)}};
  for (const auto& [name, puzzle] : cases) {
    SCOPED_TRACE(name);
    const fs::path dir = fresh_dir(std::string("golden-") + name);
    BookInfo info = sample_info();
    info.how_to_play = false;
    RenderOptions opt;
    opt.out_dir = dir;
    opt.pdf = false;
    opt.svg_per_puzzle = true;
    opt.answer_path = true;
    const RenderedBook book = render_book(info, {puzzle}, plain_a4(), opt);
    EXPECT_EQ(book.pages, 4);  // title, contents, puzzle, answer
    expect_golden(slurp(dir / "book-page-003.svg"), std::string("render-") + name + "-page.svg");
    expect_golden(slurp(dir / ("book-answer-001-" + puzzle.set_name + ".svg")), std::string("render-") + name + "-answer.svg");
  }
}

TEST(RenderOutput, NamesTheFilesItWrites) {
  const fs::path dir = fresh_dir("names");
  const RenderedBook book = render_sample(dir);
  ASSERT_EQ(book.pages, 8);  // title, contents, how to play, 4 sections of one page, 1 answer page
  std::vector<std::string> names;
  for (const auto& f : book.files) {
    EXPECT_TRUE(fs::exists(f)) << f;
    names.push_back(f.filename().string());
  }
  std::vector<std::string> expected = {"book.pdf"};
  for (int i = 1; i <= 8; ++i) expected.push_back("book-page-00" + std::to_string(i) + ".svg");
  for (const char* n : {"001-Classic", "002-Numbrix", "003-Hex", "004-Shapes"}) {
    expected.push_back(std::string("book-puzzle-") + n + ".svg");  // by puzzle number and set
    expected.push_back(std::string("book-answer-") + n + ".svg");
  }
  EXPECT_EQ(names, expected);
  for (const auto& e : fs::directory_iterator(dir)) EXPECT_FALSE(e.path().string().ends_with(".tmp-hidato"));
}

TEST(RenderOutput, ShorterBookRemovesTheOldBooksExtraSvgPages) {
  const fs::path dir = fresh_dir("shorter");
  render_sample(dir);
  std::ofstream(dir / "notes.svg") << "<svg/>";  // not the book's: left alone
  RenderOptions opt;
  opt.out_dir = dir;
  const std::vector<PrintablePuzzle> all = fixtures::mixed_book();
  const std::vector<PrintablePuzzle> one(all.begin(), all.begin() + 1);
  const RenderedBook book = render_book(sample_info(), one, plain_a4(), opt);
  std::vector<std::string> svgs;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".svg") svgs.push_back(e.path().filename().string());
  std::sort(svgs.begin(), svgs.end());
  std::vector<std::string> expected = {"notes.svg"};
  for (int i = 1; i <= book.pages; ++i) expected.push_back("book-page-00" + std::to_string(i) + ".svg");
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(svgs, expected);
}

TEST(RenderOutput, PdfHasEveryPageAndEmbedsDejaVuSubsets) {
  const fs::path dir = fresh_dir("pdf");
  const RenderedBook book = render_sample(dir, true, false);
  const std::string pdf = (dir / "book.pdf").string();
  const std::string info = run("TZ=UTC pdfinfo '" + pdf + "' 2>&1");
  EXPECT_NE(info.find("Pages:           " + std::to_string(book.pages) + "\n"), std::string::npos) << info;
  EXPECT_NE(info.find("Title:           Test Book\n"), std::string::npos) << info;
  EXPECT_NE(info.find("CreationDate:    Tue Nov 14 22:13:20 2023 UTC\n"), std::string::npos) << info;
  const std::string title = run("pdftotext -f 1 -l 1 '" + pdf + "' - 2>&1");
  for (const char* text : {"Test Book", "Four small puzzles", "Render Test", "23 November 2026"})
    EXPECT_NE(title.find(text), std::string::npos) << text << " not on the title page:\n" << title;
  const std::string contents = run("pdftotext -layout -f 2 -l 2 '" + pdf + "' - 2>&1");
  for (const char* text : {"Contents", "How to play", "Hidato \xE2\x80\x94 Classic (Puzzle 1)", "Numbrix", "Hex",
                           "Answers"})
    EXPECT_NE(contents.find(text), std::string::npos) << text << " not on the contents page:\n" << contents;
  const std::string puzzle = run("pdftotext -f 4 -l 4 '" + pdf + "' - 2>&1");
  for (const char* text : {"Hidato \xE2\x80\x94 Classic", "Answer: page 8", "easy", "\xE2\x98\x85", "Hidato: each number"})
    EXPECT_NE(puzzle.find(text), std::string::npos) << text << " not on the first puzzle page:\n" << puzzle;
  const std::string fonts = run("pdffonts '" + pdf + "' 2>&1");
  std::istringstream lines(fonts);
  std::string line;
  int count = 0;
  while (std::getline(lines, line)) {
    if (line.rfind("name", 0) == 0 || line.rfind("----", 0) == 0) continue;
    ++count;
    EXPECT_NE(line.find("+DejaVuSans"), std::string::npos) << line;
    EXPECT_NE(line.find(" yes yes "), std::string::npos) << line;  // embedded, subset
  }
  // DejaVu Sans and DejaVu Sans Bold; the stars come from DejaVu Sans as a second (CID) subset.
  EXPECT_EQ(count, 3) << fonts;
}

// The PDF has bookmarks for what the contents page lists (it had none), and no page carries
// Cairo's DeviceRGB transparency group (preflight read it as colour and transparency; every ink is
// an opaque grey). Poppler reads it whole: every page renders.
TEST(RenderOutput, PdfHasBookmarksAndNoTransparencyGroups) {  // and a valid outline root
  const fs::path dir = fresh_dir("pdf-outline");
  const RenderedBook book = render_sample(dir, true, false);
  const std::string bytes = slurp(dir / "book.pdf");
  EXPECT_EQ(bytes.find("/S /Transparency"), std::string::npos);
  EXPECT_NE(bytes.find("/Outlines"), std::string::npos);
  // The outline root counts its visible items, the entries whose parent it is (Cairo wrote -N:
  // the standard forbids a negative one there).
  const std::size_t root = bytes.find("/Type /Outlines");
  ASSERT_NE(root, std::string::npos);
  const std::size_t obj = bytes.rfind(" 0 obj", root);
  const std::string parent = "/Parent " + bytes.substr(bytes.rfind('\n', obj) + 1, obj - bytes.rfind('\n', obj) - 1) + " 0 R";
  int items = 0;
  for (std::size_t at = bytes.find(parent); at != std::string::npos; at = bytes.find(parent, at + 1)) ++items;
  EXPECT_GE(items, 4);
  EXPECT_EQ(bytes.substr(bytes.find("/Count ", root), 7 + std::to_string(items).size() + 1),
            "/Count " + std::to_string(items) + "\n");
  for (const char* title : {"/Title (Contents)", "/Title (How to play)", "/Title (Answers)"})
    EXPECT_NE(bytes.find(title), std::string::npos) << title;
  // The section titles hold a dash, so Cairo writes them in UTF-16: "Classic" is in there.
  std::string classic_utf16 = "FEFF";
  for (char ch : std::string("Hidato")) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "00%02X", static_cast<unsigned char>(ch));
    classic_utf16 += hex;
  }
  EXPECT_NE(bytes.find("/Title <" + classic_utf16), std::string::npos);
  const std::string pages = run("pdftoppm -r 10 -png '" + (dir / "book.pdf").string() + "' '" +
                                (dir / "p").string() + "' 2>&1 && ls '" + dir.string() + "' | grep -c '^p-.*png$'");
  EXPECT_EQ(pages, std::to_string(book.pages) + "\n");
}

TEST(RenderOutput, ByteIdenticalWhenRenderedAgainInTheSameProcess) {
  const RenderedBook first = render_sample(fresh_dir("again-1"));
  // Something else in between moves Cairo's process-wide counters on.
  RenderOptions other;
  other.out_dir = fresh_dir("again-other");
  render_book(BookInfo{}, {fixtures::snake(1, Topology::hex6, 5, 5)}, load_page_template("letter"), other);
  const RenderedBook second = render_sample(fresh_dir("again-2"));
  ASSERT_EQ(first.files.size(), second.files.size());
  for (std::size_t i = 0; i < first.files.size(); ++i)
    EXPECT_TRUE(slurp(first.files[i]) == slurp(second.files[i])) << first.files[i] << " vs " << second.files[i];
}

// Renders the sample into $HIDATO_RENDER_TEST_OUT when set (the next test runs this in a fresh
// process), into a temporary folder otherwise.
TEST(RenderOutput, RenderForAnotherProcess) {
  const char* out = std::getenv("HIDATO_RENDER_TEST_OUT");
  const fs::path dir = out ? fs::path(out) : fresh_dir("self");
  const RenderedBook book = render_sample(dir);
  EXPECT_EQ(book.files.size(), 17u);
  for (const auto& f : book.files) EXPECT_GT(fs::file_size(f), 500u) << f;
}

TEST(RenderOutput, ByteIdenticalAcrossProcesses) {
  const RenderedBook here = render_sample(fresh_dir("process-1"));
  const fs::path there = fresh_dir("process-2");
  const std::string self = fs::read_symlink("/proc/self/exe").string();
  const int status = std::system(("HIDATO_RENDER_TEST_OUT='" + there.string() + "' '" + self +
                                  "' --gtest_filter=RenderOutput.RenderForAnotherProcess > /dev/null 2>&1")
                                     .c_str());
  ASSERT_EQ(status, 0);
  for (const auto& f : here.files)
    EXPECT_TRUE(slurp(f) == slurp(there / f.filename())) << f.filename() << " differs between processes";
}

// Every page of every shipped template, drawn onto a recording surface: the ink must stay inside
// the content box (the page minus its margins and gutter).
// A book that tries the page's limits: long names and title, a copyright page, every kind of
// board, and a board of `wide_cols` columns 3 rows high.
struct TryingBook {
  std::vector<PrintablePuzzle> puzzles;
  BookInfo info;
};

TryingBook trying_book(int wide_cols) {
  TryingBook b{fixtures::mixed_book(), sample_info()};
  b.puzzles.push_back(fixtures::snake(5, Topology::hex6, 9, 9, "A set with a very long name that might not fit on one line"));
  b.puzzles.push_back(fixtures::snake(6, Topology::square8, 3, wide_cols));
  b.info.title = "A rather long title for a puzzle book, to see that it shrinks to fit the page";
  b.info.copyright = "Copyright (c) 2026 Hidato Press; typography by Jay Gupta";  // descenders on the last lines
  b.info.edition = "Edition: spring, gypsy print";
  return b;
}

// The pages of `book` on template `t` as render_book lays them out.
std::vector<Page> laid_out(const PageTemplate& t, const std::vector<PrintablePuzzle>& puzzles) {
  return layout_book(t, puzzles, LayoutOptions{true, true, contents_width(t), how_to_play_plan(t, puzzles), caption_width(t)})
      .pages;
}

TEST(RenderOutput, NothingIsDrawnOutsideTheMargins) {
  auto [puzzles, info] = trying_book(16);
  puzzles.push_back(fixtures::snake(7, Topology::square4, 35, 30));  // 4-digit numbers, own page
  for (const char* name : {"a4", "letter", "kdp-8.5x11", "pocket-6x9", "large-print", "a5"}) {
    SCOPED_TRACE(name);
    const PageTemplate t = load_page_template(name);
    const auto pages = laid_out(t, puzzles);
    ASSERT_TRUE(std::any_of(pages.begin(), pages.end(), [](const Page& p) { return p.kind == PageKind::copyright; }));
    const BookView view{info, puzzles, t, pages, true};
    for (const Page& page : pages) {
      const Box ink = ink_of([&](Canvas& canvas) { draw_page(canvas, view, page); });
      EXPECT_GT(ink.w, 10) << "page " << page.number << " looks empty";
      EXPECT_TRUE(contains(page.content, ink, 0.03))
          << "page " << page.number << ": ink " << ink.x << "," << ink.y << " " << ink.w << "x" << ink.h
          << " content " << page.content.x << "," << page.content.y << " " << page.content.w << "x" << page.content.h;
    }
  }
}

// The how-to-play examples keep the template's min_text: with all three kinds of board, every
// shipped template draws each example exactly once, its numbers at least min_text (large print:
// 16 pt, where they were 7.5-8.2 pt in shares of one page), inside the page body; large print
// takes a second page for that, the others keep one.
TEST(RenderOutput, HowToPlayExamplesKeepMinText) {
  auto puzzles = fixtures::mixed_book();  // square8 and hex6 boards
  puzzles.push_back(fixtures::snake(5, Topology::square4, 4, 4, "Numbrix"));
  for (const char* name : {"a4", "letter", "kdp-8.5x11", "pocket-6x9", "large-print", "a5"}) {
    SCOPED_TRACE(name);
    const PageTemplate t = load_page_template(name);
    const auto pages = laid_out(t, puzzles);
    const BookView view{sample_info(), puzzles, t, pages, true};
    std::map<Topology, int> drawn;
    std::map<Topology, double> number_mm;
    int how_to_play_pages = 0;
    for (const Page& page : pages) {
      if (page.kind != PageKind::how_to_play) continue;
      ++how_to_play_pages;
      const Box body{page.content.x, page.header.bottom(), page.content.w, page.footer.y - page.header.bottom()};
      std::vector<ExampleCell> cells;
      const Box ink = ink_of([&](Canvas& c) { cells = draw_how_to_play(c, view, body, page.lines_from, page.lines_to); });
      EXPECT_TRUE(contains(body, ink, 0.03)) << "page " << page.number << ": ink " << ink.y << " + " << ink.h
                                             << " body " << body.y << " + " << body.h;
      for (const ExampleCell& e : cells) {
        ++drawn[e.topology];
        number_mm[e.topology] = number_size(e.topology, e.cell_mm, 1);
        EXPECT_GE(number_size(e.topology, e.cell_mm, 1), t.min_text_pt * mm_per_point - 1e-9)
            << to_string(e.topology) << " example at " << e.cell_mm << " mm";
      }
    }
    EXPECT_EQ(drawn, (std::map<Topology, int>{{Topology::square8, 1}, {Topology::square4, 1}, {Topology::hex6, 1}}));
    EXPECT_EQ(how_to_play_pages, std::string(name) == "large-print" ? 2 : 1);
    // Where the column has room, the hexagons' numbers are as large as the squares' (they were
    // 8.5 pt against 11.3 pt on a4).
    const std::string n = name;
    if (n == "a4" || n == "letter" || n == "kdp-8.5x11") {
      EXPECT_NEAR(number_mm[Topology::hex6], number_mm[Topology::square8], 1e-6);
    }
  }
}

// Every text on every page of a book with long names and all three kinds of board is at least the
// template's min_text, on every shipped template (answer-key captions shrank to 6.6-6.9 pt on a5
// and kdp-8.5x11 and to 12.6 pt in large print, whose copyright page was 14.4 pt).
TEST(RenderOutput, NoTextBelowMinText) {
  auto [puzzles, info] = trying_book(12);  // 16 columns are too wide for large print's least cell
  puzzles.push_back(fixtures::snake(7, Topology::square4, 10, 10, "Numbrix"));
  for (const char* name : {"a4", "letter", "kdp-8.5x11", "pocket-6x9", "large-print", "a5"}) {
    SCOPED_TRACE(name);
    const PageTemplate t = load_page_template(name);
    const auto pages = laid_out(t, puzzles);
    const BookView view{info, puzzles, t, pages, true};
    for (const Page& page : pages) {
      Canvas::SmallestText smallest;
      ink_of([&](Canvas& canvas) {
        draw_page(canvas, view, page);
        smallest = canvas.smallest_text();
      });
      EXPECT_GE(smallest.size_mm / mm_per_point, t.min_text_pt - 1e-6)
          << "page " << page.number << ": '" << smallest.text << "' at " << smallest.size_mm / mm_per_point << " pt";
    }
  }
}

// Text shrunk below min_text to fit its page (a copyright of thousands of characters printed at
// 0.2 pt, found from outside, with no word) is named in the warnings; a normal book has none.
TEST(RenderOutput, TextBelowMinTextIsWarnedOf) {
  const fs::path dir = fresh_dir("tiny-text");
  RenderOptions opt;
  opt.out_dir = dir;
  opt.svg = false;
  const auto small_text = [](const RenderedBook& b) {
    return std::count_if(b.warnings.begin(), b.warnings.end(),
                         [](const std::string& w) { return w.find(" prints text at ") != std::string::npos; });
  };
  EXPECT_EQ(small_text(render_book(sample_info(), fixtures::mixed_book(), plain_a4(), opt)), 0);
  BookInfo info = sample_info();
  info.copyright.clear();
  for (int i = 0; i < 600; ++i) info.copyright += "All rights reserved. ";
  const RenderedBook book = render_book(info, fixtures::mixed_book(), plain_a4(), opt);
  ASSERT_EQ(small_text(book), 1);
  // It quotes the notice, not the book's title drawn at the same size above it.
  EXPECT_NE(std::find_if(book.warnings.begin(), book.warnings.end(),
                         [](const std::string& w) {
                           return w.starts_with("page 2 prints text at ") &&
                                  w.find("rights reserved. All rights reserved.") != std::string::npos;
                         }),
            book.warnings.end());
}

// A long copyright notice wraps on the copyright page at the page's size (it printed on one line
// at 5 pt, found from outside): its page's ink is taller by at least two more lines than with a
// short notice, within the width.
TEST(RenderOutput, ALongCopyrightNoticeWraps) {
  const auto puzzles = fixtures::mixed_book();
  const PageTemplate t = load_page_template("pocket-6x9");
  const auto pages = layout_book(t, puzzles, LayoutOptions{true, true, contents_width(t), {}, {}}).pages;
  const auto page = std::find_if(pages.begin(), pages.end(), [](const Page& p) { return p.kind == PageKind::copyright; });
  ASSERT_NE(page, pages.end());
  const auto ink = [&](const std::string& notice) {
    BookInfo info = sample_info();
    info.copyright = notice;
    const BookView view{info, puzzles, t, pages, true};
    return ink_of([&](Canvas& canvas) { draw_page(canvas, view, *page); });
  };
  const Box brief = ink("(c) 2026 Jane Publisher");
  const Box lengthy = ink("(c) 2026 Jane Publisher. All rights reserved. No part of this publication may be reproduced, "
                          "distributed, or transmitted in any form or by any means without the prior written "
                          "permission of the publisher.");
  const double size = t.fonts.body * mm_per_point * 0.9;
  EXPECT_GT(lengthy.h, brief.h + 2 * 1.3 * size);
  EXPECT_TRUE(contains(page->content, lengthy, 0.03));
}

// A long title wraps onto up to three lines at a readable size (on one line it shrank to 5.9 pt
// of 24 on a 6x9 page); a short one keeps its size on one line; the ink stays within the width.
TEST(RenderOutput, LongTitlesWrapInsteadOfShrinking) {
  const std::string long_title =
      "The Big Book of Hidato, Numbrix and Hexagonal Hidato Puzzles for Adults: 100 Brain Games from Easy to Expert";
  const double width = 120, size = 24 * mm_per_point;
  double used = 0, last = 0;
  const Box ink = ink_of([&](Canvas& canvas) {
    last = title_block(canvas, long_title, 60, 20, size, Weight::bold, Align::centre, width, 60, used);
  });
  EXPECT_GE(used, size * 0.6);  // one line needed 0.2
  const double lines = (last - 20) / (used * 1.2) + 1;
  EXPECT_GE(lines, 2.5);
  EXPECT_LE(lines, 3.5);
  EXPECT_LE(ink.w, width + 0.1);
  double short_used = 0;
  ink_of([&](Canvas& canvas) {
    EXPECT_EQ(title_block(canvas, "Hidato", 60, 20, size, Weight::bold, Align::centre, width, 60, short_used), 20);
  });
  EXPECT_EQ(short_used, size);
}

// Characters the book's font cannot draw would print as empty boxes without a word: the
// rendered book warns, naming the text and the characters; é and ß are in the font.
TEST(RenderOutput, WarnsOfCharactersTheFontCannotDraw) {
  RenderOptions opt;
  opt.out_dir = fresh_dir("glyphs");
  opt.pdf = opt.svg = false;
  BookInfo info = sample_info();
  info.title = "Stra\xC3\x9F" "e \xC3\xA9t\xC3\xA9 \xE4\xB8\xAD\xE6\x96\x87\xE4\xB8\xAD";  // Straße été 中文中
  const RenderedBook book = render_book(info, {fixtures::small_square8(1)}, load_page_template("a4"), opt);
  ASSERT_EQ(book.warnings.size(), 1u);
  EXPECT_NE(book.warnings[0].find("title '"), std::string::npos) << book.warnings[0];
  EXPECT_NE(book.warnings[0].find("': '\xE4\xB8\xAD', '\xE6\x96\x87' not in the book's font"), std::string::npos)
      << book.warnings[0];
  EXPECT_TRUE(render_book(sample_info(), {fixtures::small_square8(1)}, load_page_template("a4"), opt).warnings.empty());
}

// A set title too long for its header's line wraps onto two or is shrunk to fit; below 60% of
// its size the book says so (found from outside: titles printed at 5 pt without a word).
TEST(RenderOutput, WarnsOfASetTitleShrunkFarToFit) {
  RenderOptions opt;
  opt.out_dir = fresh_dir("long-title");
  opt.pdf = opt.svg = false;
  PrintablePuzzle lengthy = fixtures::small_square8(1);
  lengthy.set_title = "A very long set title that goes on and on and on about the puzzles in this section of the "
                      "book, which a reader would take for a paragraph of its own";
  PrintablePuzzle wrapped = fixtures::small_square4(2);
  wrapped.set_title = "Warm-up puzzles for the long winter evenings by the fireside with a pencil";  // two lines
  PrintablePuzzle brief = fixtures::small_square4(3);
  brief.set_title = "Short";
  const RenderedBook book =
      render_book(sample_info(), {lengthy, wrapped, brief}, load_page_template("pocket-6x9"), opt);
  ASSERT_EQ(book.warnings.size(), 1u);
  EXPECT_EQ(book.warnings[0].rfind("set title 'Hidato \xE2\x80\x94 A very long set title", 0), 0u) << book.warnings[0];
  EXPECT_NE(book.warnings[0].find("' is too long for its header on template 'pocket-6x9': printed at "),
            std::string::npos)
      << book.warnings[0];
  EXPECT_NE(book.warnings[0].find(" pt instead of 15.0 pt on two lines (shorten it)"), std::string::npos)
      << book.warnings[0];
}

// A set title too long for one line wraps onto two in the section header's band, larger than the
// one line would shrink to, clear of the subtitle under it and within the width; a short one
// keeps its size on one line. On every shipped template.
TEST(RenderOutput, ALongSetTitleWrapsOntoTwoLinesAboveItsSubtitle) {
  PrintablePuzzle lengthy = fixtures::small_square8(1);
  lengthy.set_title = "Warm-up puzzles for the long winter evenings by the fireside with a cup of cocoa";
  for (const char* name : {"a4", "letter", "kdp-8.5x11", "pocket-6x9", "large-print", "a5"}) {
    SCOPED_TRACE(name);
    const PageTemplate t = load_page_template(name);
    const auto pages = layout_book(t, {lengthy}, LayoutOptions{}).pages;
    const auto first = std::find_if(pages.begin(), pages.end(), [](const Page& p) { return p.section.h > 0; });
    ASSERT_NE(first, pages.end());
    Page title_only = *first, subtitle_only = *first;
    title_only.rule = subtitle_only.rule = Box{};
    title_only.section_subtitle.clear();
    subtitle_only.section_title.clear();
    const BookView view{sample_info(), {lengthy}, t, pages, true};
    const double big = section_title_pt(t.fonts) * mm_per_point;
    double one_line = 0;
    TitleFit fit;
    const Box title = ink_of([&](Canvas& c) {
      one_line = big * first->section.w / c.text_width(first->section_title, big, Weight::bold);
      fit = fit_section_title(c, first->section_title, first->section.w, t.fonts);
      draw_section_and_rule(c, view, title_only);
    });
    const Box subtitle = ink_of([&](Canvas& c) { draw_section_and_rule(c, view, subtitle_only); });
    ASSERT_LT(one_line, big);
    EXPECT_EQ(fit.lines.size(), 2u);
    EXPECT_GT(fit.size_mm, one_line);
    EXPECT_GE(fit.size_mm, big * 0.65) << "two lines at a size a heading keeps";
    EXPECT_GE(title.y, first->section.y);
    EXPECT_LE(title.right(), first->section.right() + 0.03);
    EXPECT_LT(title.bottom(), subtitle.y) << "the title's second line runs into the subtitle";
    EXPECT_GT(title.h, fit.size_mm * 1.5) << "two lines of ink";
    ink_of([&](Canvas& c) {
      const TitleFit brief = fit_section_title(c, "Hidato \xE2\x80\x94 Short", first->section.w, t.fonts);
      EXPECT_EQ(brief.lines.size(), 1u);
      EXPECT_EQ(brief.size_mm, big);
    });
  }
}

TEST(RenderOutput, WarnsWhenABoardIsTooBigEvenForItsOwnPage) {
  RenderOptions opt;
  opt.out_dir = fresh_dir("warn");
  opt.svg = false;
  const RenderedBook book = render_book(sample_info(), {fixtures::small_square8(1), fixtures::snake(2, Topology::square8, 60, 60)},
                                        load_page_template("a4"), opt);
  ASSERT_EQ(book.warnings.size(), 2u);
  EXPECT_EQ(book.warnings[0], "puzzle 2 (set Snakes): cells of 2.9 mm are below the minimum of 13.3 mm on "
                              "template 'a4' (too big even for a page of its own)");
  EXPECT_EQ(book.warnings[1], "answer 2 (set Snakes): cells of 2.9 mm are below the minimum of 8.6 mm on "
                              "template 'a4' (too big even for a page of its own)");
}

// The widest numbers of 1 to 4 digits, bold, in a 10 mm cell: the ink stays inside the cell's
// straight-sided part (for a hexagon, the band between its vertical sides).
TEST(RenderOutput, NumbersFitTheirCells) {
  const double cell = 10;
  for (const Topology t : {Topology::square8, Topology::hex6}) {
    for (int digits = 1; digits <= 4; ++digits) {
      const Box ink = ink_of([&](Canvas& canvas) {
        canvas.centred_text(std::string(static_cast<std::size_t>(digits), '8'), {50, 50},
                            number_size(t, cell, digits), Weight::bold);
      });
      const double half_h = t == Topology::hex6 ? cell * 0.57735026918962576 / 2 : cell / 2;
      const Box room{50 - cell * 0.45, 50 - half_h * 0.9, cell * 0.9, half_h * 1.8};
      EXPECT_TRUE(contains(room, ink)) << to_string(t) << " " << digits << " digits: ink " << ink.w << " x " << ink.h;
      EXPECT_GT(ink.h, cell * 0.15) << "numbers should not be tiny";
    }
  }
}

TEST(RenderOutput, BookWithoutPuzzlesHasTitleAndRules) {
  RenderOptions opt;
  opt.out_dir = fresh_dir("empty");
  const RenderedBook book = render_book(sample_info(), {}, load_page_template("a4"), opt);
  EXPECT_EQ(book.pages, 24);  // title, contents, how to play, padded with notes to KDP's least
  EXPECT_EQ(book.files.size(), 25u);
  const std::string info = run("pdfinfo '" + (opt.out_dir / "book.pdf").string() + "' 2>&1");
  EXPECT_NE(info.find("Pages:           24\n"), std::string::npos) << info;
}

TEST(RenderOutput, UnwritableOutputIsAnOutputError) {
  const fs::path dir = fresh_dir("unwritable");
  std::ofstream(dir / "file") << "x";
  RenderOptions opt;
  opt.out_dir = dir / "file" / "sub";
  EXPECT_THROW(render_book(sample_info(), fixtures::mixed_book(), load_page_template("a4"), opt), OutputError);
}

TEST(RenderOutput, MismatchedSolutionIsARenderError) {
  auto p = fixtures::small_square8(7);
  p.solution.pop_back();
  RenderOptions opt;
  opt.out_dir = fresh_dir("mismatch");
  try {
    render_book(sample_info(), {p}, load_page_template("a4"), opt);
    FAIL() << "no error";
  } catch (const RenderError& e) {
    EXPECT_STREQ(e.what(), "puzzle 7: givens or solution do not match the board");
  }
}

TEST(RenderOutput, CairoErrorsAreRenderErrorsNamingTheFile) {
  // Text that is not UTF-8 puts the Cairo context into an error state.
  const auto draw = [](Canvas& c, int) { c.text("\xff\xfe", 10, 10, 3, Weight::regular); };
  try {
    pdf_document({100, 100}, 1, draw, {}, "out/book.pdf");
    FAIL() << "no error";
  } catch (const RenderError& e) {
    EXPECT_STREQ(e.what(), "out/book.pdf: input string not valid UTF-8");
  }
}

TEST(RenderOutput, SvgIdsAreRenumberedPerFile) {
  const std::string in =
      "<g id=\"surface17\"><use xlink:href=\"#glyph0-1\"/><g clip-path=\"url(#clip9)\"/>"
      "<clipPath id=\"clip9\"/><g id=\"surface21\"/><use xlink:href=\"#surface21\"/></g>";
  EXPECT_EQ(stable_svg_ids(in),
            "<g id=\"surface1\"><use xlink:href=\"#glyph0-1\"/><g clip-path=\"url(#clip1)\"/>"
            "<clipPath id=\"clip1\"/><g id=\"surface2\"/><use xlink:href=\"#surface2\"/></g>");
}

TEST(RenderOutput, CreationDatesAreUtcIso8601) {
  EXPECT_EQ(iso8601_utc(0), "1970-01-01T00:00:00Z");
  EXPECT_EQ(iso8601_utc(951782400), "2000-02-29T00:00:00Z");
  EXPECT_EQ(iso8601_utc(1700000000), "2023-11-14T22:13:20Z");
  EXPECT_EQ(iso8601_utc(-1), "1969-12-31T23:59:59Z");
}

namespace {

// A greyscale raster of a PDF page (pdftoppm -gray, binary PGM), for looking at what is printed.
struct Raster {
  int w = 0, h = 0;
  double dpi = 0;
  std::string pixels;
  int at(int x, int y) const { return static_cast<unsigned char>(pixels[static_cast<std::size_t>(y * w + x)]); }
  // Darkest pixel inside a box given in mm (0 black .. 255 white).
  int darkest(const Box& b) const {
    int out = 255;
    const double px = dpi / 25.4;
    for (int y = std::max(0, static_cast<int>(b.y * px)); y < std::min(h, static_cast<int>(b.bottom() * px)); ++y)
      for (int x = std::max(0, static_cast<int>(b.x * px)); x < std::min(w, static_cast<int>(b.right() * px)); ++x)
        out = std::min(out, at(x, y));
    return out;
  }
};

Raster raster(const fs::path& pdf, double dpi) {
  const fs::path base = pdf.parent_path() / "raster";
  run("pdftoppm -gray -r " + std::to_string(static_cast<int>(dpi)) + " -singlefile '" + pdf.string() + "' '" +
      base.string() + "'");
  std::istringstream in(slurp(base.string() + ".pgm"));
  std::string magic;
  int maxval = 0;
  Raster r;
  r.dpi = dpi;
  in >> magic >> r.w >> r.h >> maxval;
  in.get();
  r.pixels.assign(std::istreambuf_iterator<char>(in), {});
  return r;
}

Box shrunk(const Box& b, double d) { return {b.x + d, b.y + d, b.w - 2 * d, b.h - 2 * d}; }

}  // namespace

// cover.pdf for books of three page counts: its size is KDP's formula to the hundredth of a point
// (width = bleed + back + spine + front + bleed, spine = pages x 0.002252 in on white paper,
// 0.0025 in on cream), the barcode area stays blank, and the spine carries text from 79 pages
// when it holds 6 pt letters (about 96 white pages), inside its 0.0625 in clearances.
TEST(RenderOutput, CoverSizeIsKdpsFormulaForThreePageCounts) {
  const PageTemplate t = load_page_template("pocket-6x9");
  int previous = 0;
  for (const auto& [puzzles, paper] : {std::pair{2, "white"}, std::pair{70, "white"}, std::pair{200, "cream"}}) {
    std::vector<PrintablePuzzle> book;
    for (int i = 1; i <= puzzles; ++i) book.push_back(fixtures::snake(i, Topology::square8, 6, 6));
    RenderOptions opt;
    opt.out_dir = fresh_dir("cover-" + std::to_string(puzzles));
    opt.pdf = opt.svg = false;
    opt.cover = true;
    BookInfo info = sample_info();
    info.paper = paper;
    info.title = "\xC3\x89gypte: Jigsaw Quizzes";  // accent, capitals and descenders on the spine
    const RenderedBook rendered = render_book(info, book, t, opt);
    const int pages = rendered.pages;
    SCOPED_TRACE(std::to_string(pages) + " pages, " + paper);
    EXPECT_GT(pages, previous);
    previous = pages;
    const double per_page = std::string(paper) == "white" ? 0.002252 : 0.0025;
    const double width_in = 0.125 + 6 + pages * per_page + 6 + 0.125, height_in = 0.125 + 9 + 0.125;
    const std::string info_text = run("pdfinfo '" + (opt.out_dir / "cover.pdf").string() + "' 2>&1");
    double w = 0, h = 0;
    ASSERT_EQ(std::sscanf(info_text.substr(info_text.find("Page size:")).c_str(), "Page size: %lf x %lf", &w, &h), 2)
        << info_text;
    EXPECT_NEAR(w, width_in * 72, 0.01);
    EXPECT_NEAR(h, height_in * 72, 0.01);

    const CoverLayout c = cover_layout(t, pages, parse_paper(paper).value());
    const Raster r = raster(opt.out_dir / "cover.pdf", 100);
    EXPECT_EQ(r.darkest(c.barcode), 255) << "the barcode area must stay blank";
    EXPECT_LT(r.darkest(c.front_safe), 64) << "the front shows title and sample";
    const double px = 25.4 / 100;  // a pixel's width, kept off the edges of the measured boxes
    const Box spine_outside_left{c.spine.x + px, c.spine.y, spine_text_clear_mm - 2 * px, c.spine.h};
    EXPECT_EQ(r.darkest(spine_outside_left), 255);
    const double across_in = pages * per_page - 2 * 0.0625;
    EXPECT_EQ(c.spine_text.w > 0, pages >= spine_text_min_pages && across_in >= 1.1 * spine_text_min_pt / 72);
    if (c.spine_text.w > 0) {
      EXPECT_LT(r.darkest(c.spine), 128) << "spine text from 79 pages";
      // Both clear zones, at 600 dpi (at 100 a pixel is 0.01 in: a text 0.004 in too close passed).
      const Raster fine = raster(opt.out_dir / "cover.pdf", 600);
      const double fpx = 25.4 / 600;
      EXPECT_EQ(fine.darkest({c.spine.x + fpx, c.spine.y, spine_text_clear_mm - 2 * fpx, c.spine.h}), 255);
      EXPECT_EQ(fine.darkest({c.spine.right() - spine_text_clear_mm + fpx, c.spine.y, spine_text_clear_mm - 2 * fpx,
                              c.spine.h}),
                255);
    }
    else EXPECT_EQ(r.darkest(shrunk(c.spine, px)), 255) << "no spine text below 79 pages or 6 pt";
  }
  // 84 white pages: KDP would allow spine text, but only 4.2 pt letters fit across: none.
  EXPECT_EQ(cover_layout(t, 84, parse_paper("white").value()).spine_text.w, 0);
  EXPECT_GT(cover_layout(t, 100, parse_paper("white").value()).spine_text.w, 0);
}

// Cells a pencil can fill, measured on drawn pages: every board's ink (its grid and outline) per
// unit of its grid extent is at least the template's minimum for its digits; every key's cell is
// large enough for 7 pt numbers (min_text in large print: 16), and the widest number drawn at
// that size is that tall. (An 11 x 11 board with 3-digit numbers no longer fits large print's
// Letter page at 16 pt: 10 x 10 is the largest.)
TEST(RenderOutput, MeasuredCellsAndKeyNumbersAreLargeEnough) {
  for (const char* name : {"a4", "letter", "kdp-8.5x11", "pocket-6x9", "large-print", "a5"}) {
    SCOPED_TRACE(name);
    const PageTemplate t = load_page_template(name);
    const std::vector<PrintablePuzzle> puzzles = {
        fixtures::snake(1, Topology::square8, 9, 9, "two"), fixtures::snake(2, Topology::square8, 9, 9, "two"),
        fixtures::snake(3, Topology::square8, 10, 10, "three"), fixtures::snake(4, Topology::hex6, 10, 10, "hex"),
        fixtures::snake(5, Topology::square4, 10, 11, "numbrix")};
    const auto pages = layout_book(t, puzzles, true);
    for (const Page& page : pages)
      for (const Placed& item : page.items) {
        const PrintablePuzzle& p = puzzles[static_cast<std::size_t>(item.index)];
        const Board& b = p.puzzle.board;
        const Box ink = ink_of([&](Canvas& c) { draw_board(c, p.puzzle, &p.solution, item.grid, item.cell_mm, false); });
        const double cell = (ink.w - 2 * outline_allowance_mm) / grid_extent(b.topology(), b.rows(), b.cols()).width;
        const int digits = digits_of(b.size());
        if (page.kind == PageKind::puzzles) {
          EXPECT_FALSE(item.below_minimum) << "puzzle " << p.number;
          EXPECT_GE(cell, t.cell.min_for(digits) - 0.01) << "puzzle " << p.number;
        } else {
          const double size = number_size(b.topology(), cell, digits);
          const Box number = ink_of([&](Canvas& c) { c.centred_text("8", {50, 50}, size, Weight::regular); });
          EXPECT_GE(number.h, 0.72 * std::max(key_digits_pt, t.min_text_pt) * mm_per_point)
              << "key " << p.number << " at " << cell << " mm";
        }
      }
  }
}

TEST(PdfGrey, GreyRgbOperatorsBecomeDeviceGray) {
  EXPECT_EQ(grey_operators("q 0.45 0.45 0.45 RG 0.3 w\n0 0 0 rg BT /f-0-0 1 Tf ET\n"),
            "q 0.45 G 0.3 w\n0 g BT /f-0-0 1 Tf ET\n");
  EXPECT_EQ(grey_operators("1 0 0 rg 0.5 0.5 0.4 RG"), "1 0 0 rg 0.5 0.5 0.4 RG");  // colours stay
  EXPECT_EQ(grey_operators("0.2 0.2 0.2 0.2 k"), "0.2 0.2 0.2 0.2 k");
}

// The book's PDF: every colour operator in its content streams is DeviceGray, and the rebuilt
// cross-reference table points at every object.
TEST(PdfGrey, BookPdfHasNoRgbAndAValidXref) {
  const fs::path dir = fresh_dir("grey");
  render_sample(dir, true, false);
  const std::string pdf = slurp(dir / "book.pdf");
  const std::size_t xref = std::stoul(pdf.substr(pdf.rfind("startxref") + 9));
  ASSERT_EQ(pdf.compare(xref, 4, "xref"), 0);
  std::istringstream table(pdf.substr(xref + 5));
  int first = 0, count = 0;
  table >> first >> count;
  for (int i = 0; i < count; ++i) {
    std::string offset, gen, kind;
    table >> offset >> gen >> kind;
    if (kind == "n") { EXPECT_EQ(pdf.compare(std::stoul(offset), std::to_string(i).size() + 6, std::to_string(i) + " 0 obj"), 0) << i; }
  }
  int streams = 0, grey = 0;
  for (std::size_t at = pdf.find("stream\n"); at != std::string::npos; at = pdf.find("stream\n", at + 1)) {
    if (at >= 3 && pdf.compare(at - 3, 3, "end") == 0) continue;
    const std::size_t end = pdf.find("endstream", at);
    z_stream z{};
    inflateInit(&z);
    std::string data = pdf.substr(at + 7, end - at - 7), out(1 << 22, '\0');
    z.next_in = reinterpret_cast<Bytef*>(data.data());
    z.avail_in = static_cast<uInt>(data.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    const int rc = inflate(&z, Z_FINISH);
    out.resize(out.size() - z.avail_out);
    inflateEnd(&z);
    if (rc != Z_STREAM_END) continue;  // not a Flate stream
    ++streams;
    EXPECT_EQ(out.find(" rg"), std::string::npos) << out.substr(0, 200);
    EXPECT_EQ(out.find(" RG"), std::string::npos) << out.substr(0, 200);
    if (out.find(" G") != std::string::npos) ++grey;
  }
  EXPECT_GT(streams, 8);
  EXPECT_GE(grey, 7);  // every page but the title page strokes grey or black lines
  EXPECT_NE(run("pdftotext '" + (dir / "book.pdf").string() + "' - 2>&1").find("Test Book"), std::string::npos);
}
