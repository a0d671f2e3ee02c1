#pragma once
// The drawing pass: reads laid-out pages and draws them on a Canvas. Decides nothing about where
// things go (layout.hpp does), only how they look: line weights, number sizes, text.
#include <memory>
#include <string>
#include <vector>

#include "render/canvas.hpp"
#include "render/layout.hpp"

namespace hidato {

struct BookView {  // everything the drawing pass reads, borrowed
  const BookInfo& info;
  const std::vector<PrintablePuzzle>& puzzles;
  const PageTemplate& page_template;
  const std::vector<Page>& pages;
  bool answer_path = false;
};

void draw_page(Canvas& canvas, const BookView& book, const Page& page);

// One board in `grid` (its grid extent in mm, `cell_mm` per unit): thin cell edges, holes left
// out, a heavy outline along the shape, givens bold. With `solution`, the other cells are filled
// in regular weight and, with `path`, a thin line joins the cell centres in order.
void draw_board(Canvas& canvas, const Puzzle& puzzle, const Values* solution, Box grid, double cell_mm,
                bool path);

// Number size (mm) for numbers of up to `digits` digits in a cell of `cell_mm`.
double number_size(Topology t, double cell_mm, int digits);

// Greedy word wrap of `text` into lines no wider than `width_mm`.
std::vector<std::string> wrap_text(Canvas& canvas, const std::string& text, double size_mm, Weight weight,
                                   double width_mm);
// Text on one line, shrunk from `size_mm` if needed to fit `max_width`; returns the size used.
double fitted_text(Canvas& canvas, const std::string& text, double x, double baseline, double size_mm,
                   Weight weight, Align align, double max_width);

// A title: wrapped onto up to three lines of `max_width` (lines 1.2 sizes apart, the first
// baseline at `baseline`) and shrunk from `size_mm` only as far as it must to fit them and
// `max_height` (a long title shrank on one line until it was unreadable). Returns the last
// line's baseline and sets `size_used`.
double title_block(Canvas& canvas, const std::string& text, double x, double baseline, double size_mm, Weight weight,
                   Align align, double max_width, double max_height, double& size_used);

// The widths layout_book needs for the contents list (LayoutOptions::contents_width) and the
// answer keys' captions (LayoutOptions::caption_width), measured as draw_contents_page and
// draw_key_item draw them on pages of `t`.
TextWidth contents_width(const PageTemplate& t);
TextWidth caption_width(const PageTemplate& t);

// A puzzle page's section header (on the first page of a set) and rule reminder above the footer.
void draw_section_and_rule(Canvas& canvas, const BookView& book, const Page& page);

// A section header's title (draw_section_and_rule, and render's warning of a title shrunk far):
// one line at `size_mm` when it fits `width_mm`; otherwise whichever is larger, the one line
// shrunk to the width or two lines at the size the header's band leaves for two (a long title
// shrank on one line to 6 pt on a 6x9 page). The lines come out of wrap_text at `size_mm`.
struct TitleFit {
  std::vector<std::string> lines;
  double size_mm = 0;
};
TitleFit fit_section_title(Canvas& canvas, const std::string& title, double width_mm, const FontSizes& fonts);

// A canvas on a recording surface that is never shown: for measuring text before layout.
class MeasuringCanvas {
 public:
  MeasuringCanvas();
  ~MeasuringCanvas();
  MeasuringCanvas(const MeasuringCanvas&) = delete;
  MeasuringCanvas& operator=(const MeasuringCanvas&) = delete;
  Canvas& canvas() { return *canvas_; }

 private:
  cairo_surface_t* surface_;
  cairo_t* cr_;
  std::unique_ptr<Canvas> canvas_;
};

// The how-to-play pages (draw_howto.cpp). draw_how_to_play draws the body of one of them, holding
// its parts [from, to) (the general rule, an example for each kind of board in the book, the
// star legend), and returns the examples it drew with their cells. how_to_play_plan splits the
// parts between pages for layout (LayoutOptions::how_to_play_plan) so that the examples' numbers
// reach the template's min_text. how_to_play_examples: the three example puzzles and solutions.
struct ExampleCell {
  Topology topology;
  double cell_mm = 0;
};
std::vector<ExampleCell> draw_how_to_play(Canvas& canvas, const BookView& book, const Box& body, int from, int to);
HowToPlayPlan how_to_play_plan(const PageTemplate& t, const std::vector<PrintablePuzzle>& puzzles);
std::vector<std::pair<Puzzle, Values>> how_to_play_examples();

}  // namespace hidato
