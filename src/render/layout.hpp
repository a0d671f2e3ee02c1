#pragma once
// Layout: puzzles + page template -> pages of placed boxes in millimetres. Pure: no Cairo, no
// files; the drawing pass (draw.hpp) reads these pages and never decides where things go.
//
// Page coordinates: origin at the top-left corner of the page, y grows downwards, millimetres.
// Page 1 is a right-hand page; odd pages have the inner margin (plus gutter) on the left.
#include <string>
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

enum class PageKind { title, how_to_play, puzzles, answers };

// One puzzle (or its answer) placed on a page.
struct Placed {
  int index = 0;              // into the puzzles vector
  Box slot;                   // the slot it was given
  Box caption;                // caption line, just above the grid
  Box grid;                   // the board's grid extent (holes included)
  double cell_mm = 0;         // size of one unit cell
  bool below_minimum = false; // even a page of its own could not reach the minimum cell size
  std::string caption_text;
  friend bool operator==(const Placed&, const Placed&) = default;
};

struct Page {
  int number = 0;             // 1-based page number
  PageKind kind = PageKind::puzzles;
  Box content;                // inside the margins (gutter mirrored)
  Box header;                 // running head band (empty on the title page)
  Box footer;                 // page-number band (empty on the title page)
  std::string heading;        // running head text
  std::vector<Placed> items;  // puzzles or answers
  friend bool operator==(const Page&, const Page&) = default;
};

// Room kept around a grid for the heavy outline, which is stroked centred on the grid's edge.
inline constexpr double outline_allowance_mm = 0.6;

Box content_box(const PageTemplate& t, int page_number);
// Rows and columns of slots for `count` slots in a body of the given size.
std::pair<int, int> slot_grid(int count, double body_w, double body_h);

std::vector<Page> layout_book(const PageTemplate& t, const std::vector<PrintablePuzzle>& puzzles,
                              bool how_to_play);

// "3" or "3–7" (en dash): pages of a kind, for the contents list. Empty when there are none.
std::string page_range(const std::vector<Page>& pages, PageKind kind);

}  // namespace hidato
