// The how-to-play page: the rule in general, then for each kind of board in the book a short rule
// and a tiny example drawn with the same draw_board as the puzzles, with its solution beside it.
#include <algorithm>
#include <array>
#include <set>

#include "render/draw.hpp"
#include "topology/geometry.hpp"

namespace hidato {
namespace {

struct Example {
  Topology topology;
  const char* name;
  const char* rule;
  std::array<int, 9> solution;  // 3 x 3, row-major
  std::array<int, 9> givens;
};

// Each example has exactly one solution (render_test counts them by brute force).
const Example examples[] = {
    {Topology::square8, "Hidato (square cells)",
     "Each number touches the next one across a side or at a corner: horizontally, vertically or "
     "diagonally.",
     {3, 2, 1, 4, 9, 8, 5, 6, 7},
     {0, 0, 1, 4, 9, 0, 0, 0, 7}},
    {Topology::square4, "Numbrix (square cells, no diagonals)",
     "Each number touches the next one across a side: horizontally or vertically, never diagonally.",
     {1, 2, 3, 8, 9, 4, 7, 6, 5},
     {1, 0, 3, 0, 9, 0, 0, 0, 5}},
    {Topology::hex6, "Hexagonal Hidato (hexagonal cells)",
     "Each number shares a side with the next one, in any of the six directions.",
     {1, 2, 3, 6, 5, 4, 7, 8, 9},
     {1, 0, 0, 0, 0, 4, 0, 0, 9}},
};

const char* general_rule =
    "Write a number in every empty cell so that the numbers from 1 up to the number of cells form a "
    "chain in which each number touches the next. The numbers printed in bold are given. Only the "
    "white cells belong to the puzzle: grey cells inside a shape are not part of it. Every puzzle has "
    "exactly one solution; the page of its answer is printed under it.";

const char* const star_legend[] = {"easy", "medium", "hard", "expert", "extreme"};

Puzzle example_puzzle(const Example& e) {
  Puzzle p;
  p.board = Board(e.topology, 3, 3, std::vector<bool>(9, true));
  p.givens.assign(e.givens.begin(), e.givens.end());
  return p;
}

double paragraph(Canvas& canvas, const std::string& text, double x, double y, double width, double size,
                 Weight weight) {
  for (const std::string& line : wrap_text(canvas, text, size, weight, width)) {
    y += size * 1.45;
    canvas.text(line, x, y, size, weight, Align::left);
  }
  return y;
}

// The five levels with their stars, `first` to `last` - 1, on one line.
std::string star_levels(int first, int last) {
  std::string line;
  for (int i = first; i < last; ++i) {
    std::string stars;
    for (int k = 0; k <= i; ++k) stars += "\xE2\x98\x85";
    line += (i > first ? "   " : "") + stars + " " + star_legend[i];
  }
  return line;
}

// Lines the legend takes at `size` in `width`: the title, then the levels on one line, or on two
// when one would have to shrink them (large print: they were 14.7 pt under a 16 pt body).
int star_legend_lines(Canvas& canvas, double size, double width) {
  return canvas.text_width(star_levels(0, 5), size, Weight::regular) <= width ? 2 : 3;
}

// "Difficulty" and the five levels with their stars, at the foot of the page.
void draw_star_legend(Canvas& canvas, const Box& box, double size) {
  canvas.text("Difficulty is shown by stars:", box.x, box.y + size * 1.45, size, Weight::bold, Align::left);
  if (star_legend_lines(canvas, size, box.w) == 2) {
    canvas.text(star_levels(0, 5), box.x, box.y + size * 2.9, size, Weight::regular, Align::left);
    return;
  }
  fitted_text(canvas, star_levels(0, 3), box.x, box.y + size * 2.9, size, Weight::regular, Align::left, box.w);
  fitted_text(canvas, star_levels(3, 5), box.x, box.y + size * 4.35, size, Weight::regular, Align::left, box.w);
}

}  // namespace

std::vector<std::pair<Puzzle, Values>> how_to_play_examples() {
  std::vector<std::pair<Puzzle, Values>> out;
  for (const Example& e : examples) out.emplace_back(example_puzzle(e), Values(e.solution.begin(), e.solution.end()));
  return out;
}

// Plan: general rule at the top; the rest of the body is split evenly between the kinds of board
// the book uses. In each share: the name across the page, then the rule in a left column and the
// example with its solution in a right column, cells as large as the share allows (up to 8 mm, or the
// template's smallest puzzle cell if larger), so that large print keeps legible examples.
void draw_how_to_play(Canvas& canvas, const BookView& book, const Box& body) {
  std::set<Topology> used;
  for (const PrintablePuzzle& p : book.puzzles) used.insert(p.puzzle.board.topology());
  if (used.empty()) used.insert(Topology::square8);
  const double size = book.page_template.fonts.body * mm_per_point;
  double y = paragraph(canvas, general_rule, body.x, body.y + size * 0.5, body.w, size, Weight::regular);
  const double legend_h = size * 1.45 * (star_legend_lines(canvas, size, body.w) + 1);
  draw_star_legend(canvas, {body.x, body.bottom() - legend_h, body.w, legend_h}, size);
  const double share = (body.bottom() - legend_h - y) / static_cast<double>(used.size());
  const double largest = std::max(8.0, book.page_template.cell.min);  // large print: large examples
  const double text_w = body.w * 0.5, examples_x = body.x + body.w * 0.54, examples_w = body.w * 0.46;
  for (const Example& e : examples) {
    if (!used.count(e.topology)) continue;
    const double top = y;
    y = paragraph(canvas, e.name, body.x, y + size, body.w, size, Weight::bold);
    const double text_bottom = paragraph(canvas, e.rule, body.x, y, text_w, size, Weight::regular);
    const Puzzle puzzle = example_puzzle(e);
    const Values solution(e.solution.begin(), e.solution.end());
    const Extent ext = grid_extent(e.topology, 3, 3);
    const double label_y = y + size * 1.45;
    const double grid_y = label_y + size * 0.6 + outline_allowance_mm;
    const double room_h = top + share - grid_y - size * 0.5 - outline_allowance_mm;
    const double room_w = examples_w / 2 - size - 2 * outline_allowance_mm;
    const double cell = std::clamp(std::min(room_h / ext.height, room_w / ext.width), 1.0, largest);
    const double gw = ext.width * cell, gh = ext.height * cell;
    const double c1 = examples_x + examples_w * 0.25, c2 = examples_x + examples_w * 0.75;
    canvas.text("Puzzle", c1, label_y, size, Weight::regular, Align::centre);
    canvas.text("Solution", c2, label_y, size, Weight::regular, Align::centre);
    draw_board(canvas, puzzle, nullptr, {c1 - gw / 2, grid_y, gw, gh}, cell, false);
    draw_board(canvas, puzzle, &solution, {c2 - gw / 2, grid_y, gw, gh}, cell, false);
    y = std::max({top + share, text_bottom, grid_y + gh + outline_allowance_mm});
  }
}

}  // namespace hidato
