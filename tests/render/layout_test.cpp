// Layout: every box inside the margins for every shipped template and slot count, no overlaps,
// gutter mirrored, oversized puzzles on pages of their own, answers pointing at the right page.
#include <gtest/gtest.h>

#include <tuple>

#include "fixtures.hpp"
#include "render/draw.hpp"
#include "render/layout.hpp"
#include "render/polylines.hpp"
#include "render/print_rules.hpp"
#include "render/template.hpp"

using namespace hidato;

namespace {

const char* const shipped[] = {"a4", "letter", "kdp-8.5x11", "pocket-6x9", "large-print", "a5"};

// Small, medium, wide, tall, oversized: exercises every path through the slot placement.
std::vector<PrintablePuzzle> varied_book() {
  auto book = fixtures::mixed_book();
  book.push_back(fixtures::snake(5, Topology::hex6, 9, 9));
  book.push_back(fixtures::snake(6, Topology::square8, 3, 16));
  book.push_back(fixtures::snake(7, Topology::square4, 16, 3));
  book.push_back(fixtures::snake(8, Topology::square8, 30, 30));
  for (int i = 9; i <= 20; ++i) book.push_back(fixtures::snake(i, Topology::square8, 5 + i % 4, 6));
  return book;
}

Box inflated(const Box& b, double d) { return {b.x - d, b.y - d, b.w + 2 * d, b.h + 2 * d}; }

void expect_page_sound(const Page& page, const PageTemplate& t) {
  SCOPED_TRACE("page " + std::to_string(page.number));
  const Box margins = content_box(t, page.number);
  EXPECT_EQ(page.content, margins);
  EXPECT_TRUE(contains({0, 0, t.width_mm, t.height_mm}, page.content));
  if (page.kind == PageKind::title) return;
  EXPECT_TRUE(contains(page.content, page.header));
  EXPECT_TRUE(contains(page.content, page.footer));
  for (std::size_t i = 0; i < page.items.size(); ++i) {
    const Placed& a = page.items[i];
    EXPECT_TRUE(contains(page.content, a.slot));
    EXPECT_TRUE(contains(a.slot, a.caption));
    EXPECT_TRUE(contains(a.slot, inflated(a.grid, outline_allowance_mm), 1e-6));
    EXPECT_FALSE(overlaps(a.caption, a.grid));
    EXPECT_FALSE(overlaps(a.slot, page.header));
    EXPECT_FALSE(overlaps(a.slot, page.footer));
    for (std::size_t j = i + 1; j < page.items.size(); ++j) EXPECT_FALSE(overlaps(a.slot, page.items[j].slot));
  }
}

}  // namespace

TEST(Layout, EveryBoxInsideTheMarginsForEveryTemplateAndCount) {
  const auto book = varied_book();
  for (const char* name : shipped) {
    for (const int per_page : {1, 2, 4, 6, 9, 12, 16}) {
      PageTemplate t = load_page_template(name);
      if (per_page <= 6) t.puzzles_per_page = per_page;
      t.answers_per_page = per_page;
      SCOPED_TRACE(std::string(name) + " x" + std::to_string(per_page));
      const auto pages = layout_book(t, book, true);
      int puzzles = 0, answers = 0;
      for (const Page& p : pages) {
        expect_page_sound(p, t);
        if (p.kind == PageKind::puzzles) puzzles += static_cast<int>(p.items.size());
        if (p.kind == PageKind::answers) answers += static_cast<int>(p.items.size());
        if (p.kind == PageKind::puzzles) {
          EXPECT_LE(static_cast<int>(p.items.size()), t.puzzles_per_page);
        }
        if (p.kind == PageKind::answers) {
          EXPECT_LE(static_cast<int>(p.items.size()), per_page);
        }
      }
      EXPECT_EQ(puzzles, static_cast<int>(book.size()));
      EXPECT_EQ(answers, static_cast<int>(book.size()));
    }
  }
}

namespace {

// A template without print rules, so that page numbers and boxes are exactly the layout's own.
PageTemplate plain(const char* name) {
  PageTemplate t = load_page_template(name);
  t.print_service.clear();
  return t;
}

const Page* first_of(const std::vector<Page>& pages, PageKind kind) {
  for (const Page& p : pages)
    if (p.kind == kind) return &p;
  return nullptr;
}

}  // namespace

TEST(Layout, GutterIsMirroredOnLeftAndRightPages) {
  const PageTemplate t = load_page_template("kdp-8.5x11");
  EXPECT_NEAR(t.margins.inner + t.gutter_mm, 9.525, 1e-9);  // 0.375 in: KDP's least
  const Box right = content_box(t, 3), left = content_box(t, 4);
  EXPECT_DOUBLE_EQ(right.x, t.margins.inner + t.gutter_mm);
  EXPECT_DOUBLE_EQ(t.width_mm - left.right(), t.margins.inner + t.gutter_mm);
  EXPECT_DOUBLE_EQ(left.x, t.margins.outer);
  EXPECT_DOUBLE_EQ(right.w, left.w);
  EXPECT_DOUBLE_EQ(right.y, left.y);
}

// KDP's page maximum by trim and paper: lower on the large trims, and on cream paper.
TEST(PrintRules, KdpPageLimitByTrimAndPaper) {
  const PrintRules kdp = *print_rules("kdp");
  const auto limit = [&](double w_in, double h_in, Paper paper) { return page_limit(kdp, w_in * 25.4, h_in * 25.4, paper); };
  EXPECT_EQ(limit(6, 9, Paper::white), 828);
  EXPECT_EQ(limit(6, 9, Paper::cream), 776);
  EXPECT_EQ(limit(8.5, 11, Paper::white), 590);
  EXPECT_EQ(limit(8.5, 11, Paper::cream), 550);
  EXPECT_EQ(limit(8.27, 11.69, Paper::white), 780);  // A4
  EXPECT_EQ(page_limit(kdp, 210, 297, Paper::cream), 730);
  EXPECT_EQ(limit(8.25, 6, Paper::white), 800);
  EXPECT_EQ(limit(8.5, 8.5, Paper::cream), 550);
  EXPECT_EQ(page_limit(*print_rules("none"), 215.9, 279.4, Paper::white), 0);
}

TEST(PrintRules, KdpInsideMarginByPageCount) {
  EXPECT_NEAR(kdp_inside_margin_mm(100), 0.375 * 25.4, 1e-9);
  EXPECT_NEAR(kdp_inside_margin_mm(200), 0.5 * 25.4, 1e-9);
  EXPECT_NEAR(kdp_inside_margin_mm(400), 0.625 * 25.4, 1e-9);
  EXPECT_NEAR(kdp_inside_margin_mm(150), 0.375 * 25.4, 1e-9);
  EXPECT_NEAR(kdp_inside_margin_mm(151), 0.5 * 25.4, 1e-9);
  EXPECT_NEAR(kdp_inside_margin_mm(301), 0.625 * 25.4, 1e-9);
  EXPECT_NEAR(kdp_inside_margin_mm(600), 0.75 * 25.4, 1e-9);
  EXPECT_NEAR(kdp_inside_margin_mm(828), 0.875 * 25.4, 1e-9);
  const PrintRules kdp = *print_rules("kdp");
  EXPECT_EQ(padded_page_count(kdp, 5), 24);
  EXPECT_EQ(padded_page_count(kdp, 25), 26);
  EXPECT_EQ(padded_page_count(kdp, 26), 26);
  EXPECT_EQ(padded_page_count(PrintRules{}, 5), 5);
  EXPECT_FALSE(print_rules("lulu"));
}

// Books of about 100, 200 and 400 pages on the pocket template (one puzzle a page): every page
// gets the inside margin KDP asks for at the book's final page count, mirrored.
TEST(Layout, GutterFollowsThePageCount) {
  const PageTemplate t = load_page_template("pocket-6x9");
  for (const auto& [puzzles, inches] : {std::pair{80, 0.375}, std::pair{170, 0.5}, std::pair{270, 0.625}}) {
    std::vector<PrintablePuzzle> book;
    for (int i = 1; i <= puzzles; ++i) book.push_back(fixtures::snake(i, Topology::square8, 9, 9));
    const BookLayout layout = layout_book(t, book, LayoutOptions{});
    const int pages = static_cast<int>(layout.pages.size());
    SCOPED_TRACE(std::to_string(pages) + " pages");
    EXPECT_NEAR(layout.inside_margin_mm, inches * 25.4, 1e-9);
    EXPECT_NEAR(layout.inside_margin_mm, kdp_inside_margin_mm(pages), 1e-9);
    EXPECT_NEAR(layout.pages[2].content.x, inches * 25.4, 1e-9);  // page 3: right-hand, binding left
    EXPECT_NEAR(t.width_mm - layout.pages[3].content.right(), inches * 25.4, 1e-9);
  }
}

// Every shipped template: even page count, at least 24 pages, answers from a right-hand page.
TEST(Layout, PageCountsFollowThePrintRulesOfEveryShippedTemplate) {
  for (const auto& book : {std::vector<PrintablePuzzle>{fixtures::small_square8(1)}, varied_book()}) {
    for (const char* name : shipped) {
      SCOPED_TRACE(std::string(name) + ", " + std::to_string(book.size()) + " puzzles");
      const PageTemplate t = load_page_template(name);
      EXPECT_EQ(t.print_service, "kdp");
      const auto pages = layout_book(t, book, true);
      EXPECT_EQ(pages.size() % 2, 0u);
      EXPECT_GE(pages.size(), 24u);
      ASSERT_NE(first_of(pages, PageKind::answers), nullptr);
      EXPECT_EQ(first_of(pages, PageKind::answers)->number % 2, 1);
      for (std::size_t i = 0; i < pages.size(); ++i) EXPECT_EQ(pages[i].number, static_cast<int>(i) + 1);
    }
  }
}

TEST(Layout, BookOrderAndExactBoxesOnA4) {
  const PageTemplate t = plain("a4");
  const auto pages = layout_book(t, {fixtures::small_square8(1)}, true);
  ASSERT_EQ(pages.size(), 5u);
  EXPECT_EQ(pages[0].kind, PageKind::title);
  EXPECT_EQ(pages[1].kind, PageKind::contents);
  EXPECT_EQ(pages[2].kind, PageKind::how_to_play);
  EXPECT_EQ(pages[3].kind, PageKind::puzzles);
  EXPECT_EQ(pages[4].kind, PageKind::answers);
  EXPECT_EQ(pages[4].content, (Box{18, 15, 177, 267}));  // page 5: inner margin on the left
  EXPECT_EQ(pages[3].content, (Box{15, 15, 177, 267}));  // page 4: inner margin on the right
  const Placed& p = pages[3].items.at(0);
  EXPECT_EQ(p.cell_mm, 14);  // a 3 x 3 board is capped at the template's largest cell
  EXPECT_DOUBLE_EQ(p.grid.w, 42);
  EXPECT_DOUBLE_EQ(p.grid.x, 15 + (177 - 42) / 2.0);
  EXPECT_EQ(p.caption_text, "1");
  EXPECT_EQ(p.note_text, "Answer: page 5");
  EXPECT_TRUE(contains(pages[3].content, p.note));
  EXPECT_FALSE(overlaps(p.note, p.grid));
  EXPECT_EQ(pages[3].heading, "");  // a section opens without a running head repeating its subtitle
  EXPECT_EQ(pages[3].section_title, "Hidato \xE2\x80\x94 Classic");
  EXPECT_EQ(pages[3].section_subtitle, "Puzzle 1");
  EXPECT_EQ(pages[3].rule_text, kind_rule(Topology::square8));
  EXPECT_EQ(pages[4].heading, "Answer 1");
  EXPECT_EQ(pages[4].items.at(0).caption_text, "Puzzle 1 \xC2\xB7 page 4");
}

// Each set opens a section on a new page, named by kind and title; the rule line follows the kind.
TEST(Layout, SectionsPerSetWithKindAndTitle) {
  const PageTemplate t = plain("a4");
  auto book = fixtures::mixed_book();  // Classic, Numbrix, Hex (hex6), Shapes
  book[1] = fixtures::snake(2, Topology::square4, 3, 3, "Numbrix");
  book[1].set_title = "Side by side";
  const auto pages = layout_book(t, book, false);
  std::vector<std::string> titles, rules;
  for (const Page& p : pages)
    if (p.kind == PageKind::puzzles) {
      titles.push_back(p.section_title);
      rules.push_back(p.rule_text);
      EXPECT_EQ(p.items.size(), 1u);
    }
  EXPECT_EQ(titles, (std::vector<std::string>{"Hidato \xE2\x80\x94 Classic", "Numbrix \xE2\x80\x94 Side by side",
                                              "Hexagonal Hidato \xE2\x80\x94 Hex", "Hidato \xE2\x80\x94 Shapes"}));
  EXPECT_EQ(rules[1], kind_rule(Topology::square4));
  for (const Page& p : pages) {  // a running head on every puzzle page but a section's first
    if (p.kind == PageKind::puzzles) {
      EXPECT_EQ(p.heading.empty(), !p.section_title.empty()) << p.number;
    }
  }
  EXPECT_EQ(rules[2], kind_rule(Topology::hex6));
}

// Large print (min_text 16): every board and answer-key number is at least 16 pt, the cells
// growing to carry it (the keys' numbers were 11.8-13.5 pt, 3-digit board numbers 15 pt).
TEST(Layout, LargePrintNumbersAreAtLeastMinText) {
  const PageTemplate t = load_page_template("large-print");
  ASSERT_DOUBLE_EQ(t.min_text_pt, 16);
  std::vector<PrintablePuzzle> book;
  for (int i = 1; i <= 6; ++i) book.push_back(fixtures::snake(i, i % 2 ? Topology::square8 : Topology::hex6, 7, 7 + i, "Set"));
  book.push_back(fixtures::snake(7, Topology::square4, 10, 10, "Big"));  // 3-digit numbers
  const auto pages = layout_book(t, book, LayoutOptions{false, false, {}, {}, {}}).pages;
  int boards = 0;
  for (const Page& p : pages)
    for (const Placed& item : p.items) {
      const PrintablePuzzle& pz = book[static_cast<std::size_t>(item.index)];
      const int digits = pz.puzzle.board.size() >= 100 ? 3 : 2;
      const double pt = number_size(pz.puzzle.board.topology(), item.cell_mm, digits) * 72 / 25.4;
      EXPECT_GE(pt, 16 - 1e-6) << "puzzle " << item.index + 1 << " page " << p.number;
      ++boards;
    }
  EXPECT_EQ(boards, 14);  // each board once as a puzzle and once as a key
}

// A cell.max too small for min_text gives way: boards get cells that carry min_text numbers
// (they were capped at cell.max, 15 pt numbers under a 16 pt rule, with only a warning).
TEST(Layout, CellMaxGivesWayToMinText) {
  const PageTemplate t = parse_page_template(
      "page: a4\nmin_text: 16\nfonts: {title: 30, subtitle: 16, heading: 16, caption: 16, body: 16, page_number: 16, "
      "number: 22}\ncell: {min: 8mm, max: 9mm}\npuzzles_per_page: 1\n",
      "t.yaml");
  const std::vector<PrintablePuzzle> book{fixtures::snake(1, Topology::square8, 5, 5, "Set"),
                                          fixtures::snake(2, Topology::hex6, 10, 10, "Set")};
  const auto pages = layout_book(t, book, LayoutOptions{false, false, {}, {}, {}}).pages;
  int puzzles = 0;
  for (const Page& p : pages)
    for (const Placed& item : p.items) {
      if (p.kind != PageKind::puzzles) continue;
      const PrintablePuzzle& pz = book[static_cast<std::size_t>(item.index)];
      const int digits = pz.puzzle.board.size() >= 100 ? 3 : 2;
      EXPECT_GE(number_size(pz.puzzle.board.topology(), item.cell_mm, digits) * 72 / 25.4, 16 - 1e-6)
          << "puzzle " << item.index + 1 << " at " << item.cell_mm << " mm";
      EXPECT_FALSE(item.below_minimum);
      ++puzzles;
    }
  EXPECT_EQ(puzzles, 2);
}

// The contents list runs over as many pages as it needs, each line on exactly one of them and
// every baseline above the footer (found from outside: 60 sets ran off the one contents page).
// A line whose label is too long for its row beside the page number takes two rows (measured by
// the renderer; here a stand-in of 2 mm a byte), never split between pages.
TEST(Layout, ALongContentsListContinuesOnMorePages) {
  const TextWidth two_mm_a_byte = [](std::string_view s) { return 2.0 * static_cast<double>(s.size()); };
  for (const char* name : {"pocket-6x9", "kdp-8.5x11", "large-print"})
    for (const bool measured : {false, true}) {
      SCOPED_TRACE(std::string(name) + (measured ? ", measured" : ""));
      const PageTemplate t = load_page_template(name);
      std::vector<PrintablePuzzle> book;
      for (int i = 1; i <= 60; ++i)
        book.push_back(fixtures::snake(i, Topology::square8, 5, 5,
                                       (i % 3 == 0 ? "A set with a title too long for one contents line, as a publisher might write it for a series " : "Set ") +
                                           std::to_string(i)));
      const auto pages = layout_book(t, book, LayoutOptions{true, false, measured ? two_mm_a_byte : TextWidth{}, {}, {}}).pages;
      const double body = t.fonts.body * 25.4 / 72;
      int next_line = 0, contents_pages = 0, two_rows = 0;
      for (const Page& p : pages) {
        if (p.kind != PageKind::contents) continue;
        ++contents_pages;
        EXPECT_EQ(p.lines_from, next_line);
        EXPECT_GT(p.lines_to, p.lines_from);
        ASSERT_EQ(p.line_rows.size(), static_cast<std::size_t>(p.lines_to - p.lines_from));
        const double room = p.content.w - 8 - 4;  // "0000" and the gap
        int rows = 0;
        for (int i = p.lines_from; i < p.lines_to; ++i) {
          const int r = p.line_rows[static_cast<std::size_t>(i - p.lines_from)];
          rows += r;
          two_rows += r == 2;
          if (i == 0 || i == 61) continue;  // How to play, Answers
          const std::string label = "Hidato \xE2\x80\x94 " + book[static_cast<std::size_t>(i - 1)].set_name +
                                    " (Puzzle " + std::to_string(i) + ")";
          EXPECT_EQ(r, measured && 2.0 * static_cast<double>(label.size()) > room ? 2 : 1) << label;
        }
        const double last_baseline = p.header.bottom() + (contents_first_line + (rows - 1) * contents_line_gap) * body;
        EXPECT_LE(last_baseline + contents_descender * body, p.footer.y + 1e-9) << "page " << p.number;
        next_line = p.lines_to;
      }
      EXPECT_EQ(next_line, 1 + 60 + 1);  // How to play, 60 sections, Answers
      EXPECT_GE(contents_pages, 2);
      EXPECT_EQ(two_rows, measured ? 20 : 0);
      EXPECT_EQ(pages.at(static_cast<std::size_t>(contents_pages) + 1).kind, PageKind::how_to_play);
    }
}

// A set's boards print at one size: the first page, under the section header, has less room, and
// its boards came out smaller than the next pages' (found from outside: 10.7 vs 11.9 mm).
TEST(Layout, BoardsOfOneSectionShareTheirCellSize) {
  for (const char* name : {"kdp-8.5x11", "large-print", "pocket-6x9", "a4"}) {
    const PageTemplate t = load_page_template(name);
    std::vector<PrintablePuzzle> book;
    for (int i = 1; i <= 6; ++i) book.push_back(fixtures::snake(i, Topology::square8, 9, 9, "Nines"));
    std::vector<double> cells;
    for (const Page& p : layout_book(t, book, false))
      if (p.kind == PageKind::puzzles)
        for (const Placed& item : p.items) cells.push_back(item.cell_mm);
    ASSERT_EQ(cells.size(), 6u) << name;
    for (double c : cells) EXPECT_DOUBLE_EQ(c, cells.front()) << name;
    EXPECT_GE(cells.front(), t.cell.min_for(2)) << name;
  }
}

TEST(Layout, BoardsSharingAPageShareTheirCellSize) {
  const PageTemplate t = plain("a4");
  const auto pages = layout_book(t, {fixtures::small_square8(1), fixtures::snake(2, Topology::square8, 11, 9, "Classic")}, false);
  const Page& p = pages.at(2);
  ASSERT_EQ(p.items.size(), 2u);
  EXPECT_LT(p.items[1].cell_mm, t.cell.max);  // the big board sets the size...
  EXPECT_EQ(p.items[0].cell_mm, p.items[1].cell_mm);  // ...and the small one follows
  EXPECT_DOUBLE_EQ(p.items[0].grid.w, 3 * p.items[0].cell_mm);
}

TEST(Layout, SlotCountsFollowThePageShape) {
  EXPECT_EQ(slot_grid(1, 180, 250), (std::pair{1, 1}));
  EXPECT_EQ(slot_grid(2, 180, 250), (std::pair{1, 2}));
  EXPECT_EQ(slot_grid(2, 250, 180), (std::pair{2, 1}));
  EXPECT_EQ(slot_grid(4, 180, 250), (std::pair{2, 2}));
  EXPECT_EQ(slot_grid(6, 180, 250), (std::pair{2, 3}));
  EXPECT_EQ(slot_grid(12, 180, 250), (std::pair{3, 4}));
}

TEST(Layout, OversizedPuzzleGetsAPageOfItsOwn) {
  const PageTemplate t = plain("a4");  // two per page, cells at least 8 mm (10 mm for 3 digits)
  const std::vector<PrintablePuzzle> book = {
      fixtures::snake(1, Topology::square8, 3, 3, "S"), fixtures::snake(2, Topology::square8, 22, 17, "S"),
      fixtures::snake(3, Topology::square8, 3, 3, "S"), fixtures::snake(4, Topology::square8, 3, 4, "S")};
  const auto pages = layout_book(t, book, false);
  ASSERT_GE(pages.size(), 5u);
  ASSERT_EQ(pages[2].items.size(), 1u);  // puzzle 1 alone: its page was closed for the big one
  ASSERT_EQ(pages[3].items.size(), 1u);
  EXPECT_EQ(pages[3].items[0].index, 1);
  EXPECT_GE(pages[3].items[0].cell_mm, t.cell.min_3_digits);
  EXPECT_DOUBLE_EQ(pages[3].items[0].minimum_mm, 10);
  EXPECT_FALSE(pages[3].items[0].below_minimum);
  ASSERT_EQ(pages[4].items.size(), 2u);  // puzzles 3 and 4 share the next page
  // Answers name the page their puzzle is on, and each puzzle the page of its answer.
  std::vector<std::string> captions;
  for (const Page& p : pages)
    if (p.kind == PageKind::answers)
      for (const Placed& a : p.items) captions.push_back(a.caption_text);
  ASSERT_EQ(captions.size(), 4u);
  EXPECT_EQ(captions[1], "Puzzle 2 \xC2\xB7 page 4");
  EXPECT_EQ(captions[3], "Puzzle 4 \xC2\xB7 page 5");
  int answer_of_4 = 0;
  for (const Page& p : pages)
    for (const Placed& a : p.items)
      if (p.kind == PageKind::answers && a.index == 3) answer_of_4 = p.number;
  EXPECT_EQ(pages[4].items[1].note_text, "Answer: page " + std::to_string(answer_of_4));
}

TEST(Layout, PuzzleTooBigEvenForAWholePageIsFlagged) {
  const PageTemplate t = plain("a4");
  const auto pages = layout_book(t, {fixtures::snake(1, Topology::square8, 60, 60)}, false);
  ASSERT_EQ(pages.at(2).items.size(), 1u);
  const Placed& p = pages[2].items[0];
  EXPECT_TRUE(p.below_minimum);
  EXPECT_LT(p.cell_mm, t.cell.min_for(4));
  EXPECT_TRUE(contains(pages[2].content, p.grid));
}

// Keys are packed by board size: small boards many to a page at full key size, big ones fewer,
// and no key shrinks to suit a bigger one on its page; key numbers never drop below 7 pt.
TEST(Layout, AnswerKeysArePackedBySize) {
  const PageTemplate t = plain("a4");
  std::vector<PrintablePuzzle> book;
  for (int i = 1; i <= 24; ++i) book.push_back(fixtures::snake(i, Topology::square8, 6, 6, "small"));
  for (int i = 25; i <= 28; ++i) book.push_back(fixtures::snake(i, Topology::square8, 20, 20, "big"));
  const auto pages = layout_book(t, book, false);
  const Page* keys = first_of(pages, PageKind::answers);
  ASSERT_NE(keys, nullptr);
  EXPECT_EQ(keys->items.size(), 20u);  // twenty 6 x 6 keys on one A4 page (4 x 5) at 6 mm
  for (const Page& p : pages)
    if (p.kind == PageKind::answers)
      for (const Placed& a : p.items) {
        const int digits = digits_of(book[static_cast<std::size_t>(a.index)].puzzle.board.size());
        EXPECT_GE(number_size(Topology::square8, a.cell_mm, digits), key_digits_pt * mm_per_point - 1e-9);
        if (digits <= 2) { EXPECT_DOUBLE_EQ(a.cell_mm, t.answer_cell.max); }
        EXPECT_FALSE(a.below_minimum);
      }
}

// A how-to-play plan of several pages gives that many pages, each with its run of parts, before
// the puzzles; the contents line spans them.
TEST(Layout, HowToPlayPagesFollowThePlan) {
  const PageTemplate t = plain("a4");
  std::vector<PrintablePuzzle> book;
  for (int i = 1; i <= 3; ++i) book.push_back(fixtures::small_square8(i));
  double asked_w = 0, asked_h = 0;
  const HowToPlayPlan plan = [&](double w, double h) {
    asked_w = w;
    asked_h = h;
    return std::vector<int>{2, 1, 2};
  };
  const auto pages = layout_book(t, book, LayoutOptions{true, false, {}, plan, {}}).pages;
  std::vector<std::pair<int, int>> runs;
  for (const Page& p : pages)
    if (p.kind == PageKind::how_to_play) runs.emplace_back(p.lines_from, p.lines_to);
  EXPECT_EQ(runs, (std::vector<std::pair<int, int>>{{0, 2}, {2, 3}, {3, 5}}));
  EXPECT_EQ(page_range(pages, PageKind::how_to_play), "3\xE2\x80\x93" "5");
  EXPECT_EQ(first_of(pages, PageKind::puzzles)->number, 6);
  const Page& first = *first_of(pages, PageKind::how_to_play);
  EXPECT_DOUBLE_EQ(asked_w, first.content.w);  // the plan is asked about the page body
  EXPECT_DOUBLE_EQ(asked_h, first.footer.y - first.header.bottom());
  // Without a plan: one page holding every part.
  const auto one = layout_book(t, book, true);
  EXPECT_EQ(page_range(one, PageKind::how_to_play), "3");
  EXPECT_GE(first_of(one, PageKind::how_to_play)->lines_to, 5);
}

TEST(Layout, PageRangesForTheContents) {
  const PageTemplate t = plain("a4");
  std::vector<PrintablePuzzle> book;
  for (int i = 1; i <= 5; ++i) book.push_back(fixtures::small_square8(i));
  const auto pages = layout_book(t, book, true);
  EXPECT_EQ(page_range(pages, PageKind::how_to_play), "3");
  EXPECT_EQ(page_range(pages, PageKind::puzzles), "4\xE2\x80\x93" "6");
  EXPECT_EQ(page_range(pages, PageKind::answers), "7");
  EXPECT_EQ(page_range(layout_book(t, book, false), PageKind::how_to_play), "");
}

// Checked from the config alone: a board that cannot get pencil-sized cells even on a page of
// its own is named with the template and the largest board that would fit.
TEST(Layout, BoardFitProblemNamesTheTemplateAndWhatFits) {
  const PageTemplate pocket = load_page_template("pocket-6x9");
  EXPECT_EQ(board_fit_problem(pocket, Topology::square8, 9, 9, 81, 100), std::nullopt);
  const auto why = board_fit_problem(pocket, Topology::square8, 20, 20, 400, 100);
  ASSERT_TRUE(why);
  EXPECT_EQ(*why, "a 20 x 20 Hidato board (numbers up to 400) needs cells of at least 10.0 mm on template "
                  "'pocket-6x9', which gives it 6.6 mm even on a page of its own; at most 13 x 13 fits "
                  "(or build with --force)");
  // The size named does fit, and one more row and column does not.
  EXPECT_EQ(board_fit_problem(pocket, Topology::square8, 13, 13, 169, 100), std::nullopt);
  EXPECT_TRUE(board_fit_problem(pocket, Topology::square8, 14, 14, 196, 100));
  // Read aloud: "an 18 x 18", "an 11 x 30", "a 19 x 19".
  for (const auto& [rows, cols, start] : {std::tuple{18, 18, "an 18 x 18 "}, std::tuple{11, 30, "an 11 x 30 "},
                                          std::tuple{19, 19, "a 19 x 19 "}, std::tuple{80, 80, "an 80 x 80 "}}) {
    const auto too_big = board_fit_problem(pocket, Topology::square8, rows, cols, rows * cols, 100);
    ASSERT_TRUE(too_big);
    EXPECT_EQ(too_big->rfind(start, 0), 0u) << *too_big;
  }
}

namespace {

// Brute-force count of the numberings that satisfy the givens (tiny boards only; no solver).
int count_numberings(const Puzzle& p, Values& v, int value, CellId at) {
  const int n = p.board.size();
  if (value == n) return 1;
  int count = 0;
  for (const CellId next : p.board.neighbours(at)) {
    const auto i = static_cast<std::size_t>(next);
    const int given_pos_ok = p.givens[i] == 0 || p.givens[i] == value + 1;
    if (v[i] != 0 || !given_pos_ok) continue;
    bool placed_elsewhere = false;  // value+1 is a given somewhere else
    for (std::size_t k = 0; k < p.givens.size(); ++k)
      if (p.givens[k] == value + 1 && k != i) placed_elsewhere = true;
    if (placed_elsewhere) continue;
    v[i] = value + 1;
    count += count_numberings(p, v, value + 1, next);
    v[i] = 0;
  }
  return count;
}

}  // namespace

TEST(HowToPlay, ExamplesAreSolvedCorrectlyAndUnique) {
  const auto examples = how_to_play_examples();
  ASSERT_EQ(examples.size(), 3u);
  for (const auto& [puzzle, solution] : examples) {
    EXPECT_TRUE(is_valid_solution(puzzle, solution)) << to_string(puzzle.board.topology());
    int total = 0;
    for (CellId start = 0; start < puzzle.board.size(); ++start) {
      const auto s = static_cast<std::size_t>(start);
      if (puzzle.givens[s] != 0 && puzzle.givens[s] != 1) continue;
      Values v(puzzle.givens.size(), 0);
      v[s] = 1;
      total += count_numberings(puzzle, v, 1, start);
    }
    EXPECT_EQ(total, 1) << to_string(puzzle.board.topology());
  }
}

TEST(Polylines, GridEdgesBecomeStraightLinesAndOutlinesClosedLoops) {
  // The four inner edges of a 2 x 2 grid: one horizontal and one vertical line.
  const std::vector<Segment> inner = {{{1, 0}, {1, 1}}, {{0, 1}, {1, 1}}, {{1, 1}, {2, 1}}, {{1, 2}, {1, 1}}};
  const auto lines = join_segments(inner);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].size(), 2u);
  EXPECT_EQ(lines[1].size(), 2u);
  // A ring's outline: an outer and an inner closed loop of 4 corners each (+ the closing point).
  const auto ring = join_segments(outline_segments(fixtures::shaped_square8().puzzle.board));
  ASSERT_EQ(ring.size(), 2u);
  for (const auto& loop : ring) {
    EXPECT_EQ(loop.size(), 5u);
    EXPECT_EQ(loop.front(), loop.back());
  }
}
