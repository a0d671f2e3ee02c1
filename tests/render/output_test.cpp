// The drawn output: golden SVGs, PDF pages and fonts (poppler-utils), byte-identical re-renders in
// one process and across processes, nothing drawn outside the margins, output errors.
#include <gtest/gtest.h>

#include <cairo.h>
#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <sstream>

#include "core/errors.hpp"
#include "fixtures.hpp"
#include "render/canvas.hpp"
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

RenderedBook render_sample(const fs::path& dir, bool pdf = true, bool svg = true) {
  RenderOptions opt;
  opt.out_dir = dir;
  opt.pdf = pdf;
  opt.svg = svg;
  opt.svg_per_puzzle = true;
  opt.answer_path = true;
  return render_book(sample_info(), fixtures::mixed_book(), load_page_template("a4"), opt);
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
    const RenderedBook book = render_book(info, {puzzle}, load_page_template("a4"), opt);
    EXPECT_EQ(book.pages, 3);  // title, puzzle, answer
    expect_golden(slurp(dir / "book-page-002.svg"), std::string("render-") + name + "-page.svg");
    expect_golden(slurp(dir / "book-answer-001.svg"), std::string("render-") + name + "-answer.svg");
  }
}

TEST(RenderOutput, NamesTheFilesItWrites) {
  const fs::path dir = fresh_dir("names");
  const RenderedBook book = render_sample(dir);
  ASSERT_EQ(book.pages, 5);  // title, how to play, 2 puzzle pages, 1 answer page
  std::vector<std::string> names;
  for (const auto& f : book.files) {
    EXPECT_TRUE(fs::exists(f)) << f;
    names.push_back(f.filename().string());
  }
  const std::vector<std::string> expected = {
      "book.pdf",           "book-page-001.svg",   "book-page-002.svg",   "book-page-003.svg",
      "book-page-004.svg",  "book-page-005.svg",   "book-puzzle-001.svg", "book-answer-001.svg",
      "book-puzzle-002.svg", "book-answer-002.svg", "book-puzzle-003.svg", "book-answer-003.svg",
      "book-puzzle-004.svg", "book-answer-004.svg"};
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
  const RenderedBook book = render_book(sample_info(), one, load_page_template("a4"), opt);
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
  for (const char* text : {"Test Book", "Four small puzzles", "Render Test", "23 November 2026", "Contents",
                           "How to play", "page 2", "Puzzles 1\xE2\x80\x93" "4", "pages 3\xE2\x80\x93" "4", "Answers",
                           "page 5"})
    EXPECT_NE(title.find(text), std::string::npos) << text << " not on the title page:\n" << title;
  const std::string fonts = run("pdffonts '" + pdf + "' 2>&1");
  std::istringstream lines(fonts);
  std::string line;
  int count = 0;
  while (std::getline(lines, line)) {
    if (line.rfind("name", 0) == 0 || line.rfind("----", 0) == 0) continue;
    ++count;
    std::istringstream cols(line);
    std::string name, type, encoding, emb, sub;
    cols >> name >> type >> encoding >> emb >> sub;
    EXPECT_NE(name.find("+DejaVuSans"), std::string::npos) << line;
    EXPECT_EQ(emb, "yes") << line;
    EXPECT_EQ(sub, "yes") << line;
  }
  EXPECT_EQ(count, 2) << fonts;  // DejaVu Sans and DejaVu Sans Bold
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
  EXPECT_EQ(book.files.size(), 14u);
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
TEST(RenderOutput, NothingIsDrawnOutsideTheMargins) {
  auto puzzles = fixtures::mixed_book();
  puzzles.push_back(fixtures::snake(5, Topology::hex6, 9, 9, "A set with a very long name that might not fit on one line"));
  puzzles.push_back(fixtures::snake(6, Topology::square8, 3, 16));
  puzzles.push_back(fixtures::snake(7, Topology::square4, 35, 30));  // 4-digit numbers, own page
  BookInfo info = sample_info();
  info.title = "A rather long title for a puzzle book, to see that it shrinks to fit the page";
  for (const char* name : {"a4", "letter", "kdp-8.5x11", "pocket-6x9", "large-print", "a5"}) {
    SCOPED_TRACE(name);
    const PageTemplate t = load_page_template(name);
    const auto pages = layout_book(t, puzzles, true);
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

TEST(RenderOutput, WarnsWhenABoardIsTooBigEvenForItsOwnPage) {
  RenderOptions opt;
  opt.out_dir = fresh_dir("warn");
  opt.svg = false;
  const RenderedBook book = render_book(sample_info(), {fixtures::small_square8(1), fixtures::snake(2, Topology::square8, 60, 60)},
                                        load_page_template("a4"), opt);
  ASSERT_EQ(book.warnings.size(), 2u);
  EXPECT_EQ(book.warnings[0],
            "puzzle 2: cells of 2.9 mm are below the template's minimum of 7.0 mm (too big even for a page of its own)");
  EXPECT_EQ(book.warnings[1],
            "answer 2: cells of 2.9 mm are below the template's minimum of 4.0 mm (too big even for a page of its own)");
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
  EXPECT_EQ(book.pages, 2);
  EXPECT_EQ(book.files.size(), 3u);
  const std::string info = run("pdfinfo '" + (opt.out_dir / "book.pdf").string() + "' 2>&1");
  EXPECT_NE(info.find("Pages:           2\n"), std::string::npos) << info;
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
