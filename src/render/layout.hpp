#pragma once
// Layout: puzzles + page template -> pages of placed boxes in millimetres. Pure: no Cairo, no
// files; the drawing pass (draw.hpp) reads these pages and never decides where things go.
//
// Page coordinates: origin at the top-left corner of the page, y grows downwards, millimetres.
// Page 1 is a right-hand page; odd pages have the inner margin (plus gutter) on the left.
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "render/render.hpp"
#include "render/template.hpp"

namespace hidato {

struct Box {
  double x = 0;
  double y = 0;
  double w = 0;
  double h = 0;
  double right() const { return x + w; }
  double bottom() const { return y + h; }
  friend bool operator==(const Box&, const Box&) = default;
};

bool contains(const Box& outer, const Box& inner, double tolerance = 1e-9);
bool overlaps(const Box& a, const Box& b, double tolerance = 1e-9);

enum class PageKind { title, copyright, contents, how_to_play, puzzles, answers, notes };

// One puzzle (or its answer) placed on a page.
struct Placed {
  int index = 0;              // into the puzzles vector
  Box slot;                   // the slot it was given
  Box caption;                // caption line, just above the grid
  Box grid;                   // the board's grid extent (holes included)
  Box note;                   // line under the grid ("Answer: page 31"); empty in answer keys
  double cell_mm = 0;         // size of one unit cell
  bool below_minimum = false; // even a page of its own could not reach the minimum cell size
  double minimum_mm = 0;      // the minimum it was held to (digits and template)
  bool at_top = false;        // drawn at the top of its slot (a page of its own), else centred
  std::string caption_text;   // puzzles: the number, drawn large; keys: "Puzzle 12 · page 7"
  std::string note_text;
  friend bool operator==(const Placed&, const Placed&) = default;
};

struct Page {
  int number = 0;             // 1-based page number
  PageKind kind = PageKind::puzzles;
  Box content;                // inside the margins (gutter mirrored)
  Box header;                 // running head band (empty on the title page)
  Box footer;                 // page-number band (empty on the title page)
  std::string heading;        // running head text
  Box section;                // section header band on the first page of a set, else empty
  std::string section_title;  // "Numbrix — Warm-up"
  std::string section_subtitle;  // "Puzzles 1–8"
  Box rule;                   // rule reminder band above the footer on puzzle pages
  std::string rule_text;
  std::vector<Placed> items;  // puzzles or answers
  int lines_from = 0;         // contents pages: the lines [lines_from, lines_to) of the contents list;
                              // how-to-play pages: its parts [lines_from, lines_to)
  int lines_to = 0;
  std::vector<int> line_rows; // contents pages: the rows each of those lines takes (1, or 2 when wrapped)
  friend bool operator==(const Page&, const Page&) = default;
};

// Room kept around a grid for the heavy outline, which is stroked centred on the grid's edge.
inline constexpr double outline_allowance_mm = 0.6;

Box content_box(const PageTemplate& t, int page_number);
// Rows and columns of slots for `count` slots in a body of the given size.
std::pair<int, int> slot_grid(int count, double body_w, double body_h);

// The width in mm of a text at the contents list's size (body, regular weight). Layout has no
// fonts: the renderer gives this so that a contents line too long for its row takes two.
using TextWidth = std::function<double(std::string_view)>;

// How many of the how-to-play parts each of its pages holds, for a page body of `width` x
// `height` mm (the renderer measures them: draw.hpp, how_to_play_plan).
using HowToPlayPlan = std::function<std::vector<int>(double width, double height)>;

struct LayoutOptions {
  bool how_to_play = true;
  bool copyright_page = false;
  TextWidth contents_width;  // none: every contents line takes one row (and shrinks to fit it)
  HowToPlayPlan how_to_play_plan;  // none: one how-to-play page holds every part
  // Answer-key captions at the caption size: a key's slot is at least as wide as the widest of
  // them, so that none shrinks below the caption size (none: a slot as wide as its key).
  TextWidth caption_width;
};

struct BookLayout {
  std::vector<Page> pages;        // padded to the template's print rules
  double inside_margin_mm = 0;    // inner margin + gutter every page got
};

// Front matter, one section per run of puzzles of the same set (each starting on a new page with
// its header), answer keys packed by board size, notes pages as the print rules ask. With print
// rules the gutter follows the final page count (laid out again until it is stable).
BookLayout layout_book(const PageTemplate& t, const std::vector<PrintablePuzzle>& puzzles,
                       const LayoutOptions& options);
std::vector<Page> layout_book(const PageTemplate& t, const std::vector<PrintablePuzzle>& puzzles,
                              bool how_to_play);

// The least cell whose numbers of `digits` digits are at least `size_mm` (draw.cpp's number_size).
double cell_for_number_size(Topology t, int digits, double size_mm);
int digits_of(int n);

// Checked from the config alone: the cell a rows x cols board with numbers up to `max_number`
// gets on a page of its own (the first page of a section, the widest gutter a book of
// `pages_bound` pages may get). nullopt when that reaches the template's minimum, else the
// problem, naming the template and the largest board of that shape that would fit.
std::optional<std::string> board_fit_problem(const PageTemplate& t, Topology topology, int rows, int cols,
                                             int max_number, int pages_bound);

// A section header's title, in points (its band, draw_section_and_rule, the warning of a title
// shrunk to fit).
inline double section_title_pt(const FontSizes& f) { return f.heading * 1.5; }

// A contents line's label: a section's title and subtitle ("Hidato — Warm-up (Puzzles 1–8)").
std::string contents_label(const std::string& title, const std::string& subtitle);
// The room a contents line keeps for its page number at its right end: four digits and a gap.
double contents_number_room(const TextWidth& width);

// The contents list's line spacing, in body sizes: the first baseline 2.8 sizes below the running
// head, the next ones 1.8 apart, the last a descender (0.3) above the footer.
inline constexpr double contents_first_line = 2.8, contents_line_gap = 1.8, contents_descender = 0.3;

// "3" or "3–7" (en dash): pages of a kind, for the contents list. Empty when there are none.
std::string page_range(const std::vector<Page>& pages, PageKind kind);
// The number of the first page of `kind`, 0 when there is none.
int first_page_of(const std::vector<Page>& pages, PageKind kind);

}  // namespace hidato
