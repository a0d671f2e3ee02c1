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

// The parts of the how-to-play pages, in order: the general rule, one example for each kind of
// board the book uses, and the star legend (layout's lines_from..lines_to of a how-to-play page
// count these).
struct Part {
  enum Kind { rule, example, legend } kind;
  const Example* shown = nullptr;  // an example's
};

std::vector<Part> parts_for(const std::set<Topology>& used) {
  std::vector<Part> out{Part{Part::rule}};
  for (const Example& e : examples)
    if (used.count(e.topology)) out.push_back(Part{Part::example, &e});
  out.push_back(Part{Part::legend});
  return out;
}

std::set<Topology> topologies_of(const std::vector<PrintablePuzzle>& puzzles) {
  std::set<Topology> used;
  for (const PrintablePuzzle& p : puzzles) used.insert(p.puzzle.board.topology());
  if (used.empty()) used.insert(Topology::square8);
  return used;
}

// The smallest example cell whose numbers reach the template's min_text (large print: 11.3 mm
// squares, 12.8 mm hexagons at 16 pt), and the largest an example may grow to.
double least_example_cell(const PageTemplate& t, Topology topology) {
  return cell_for_number_size(topology, 1, t.min_text_pt * mm_per_point);
}
// The largest: 8 mm squares, and hexagons whose numbers are as large as those squares' (at 8 mm a
// hexagon's numbers came out 8.5 pt against the squares' 11.3 pt).
double largest_example_cell(const PageTemplate& t, Topology topology) {
  const double largest = topology == Topology::hex6
                             ? cell_for_number_size(topology, 1, number_size(Topology::square8, 8.0, 1))
                             : 8.0;
  return std::max({largest, t.cell.min, least_example_cell(t, topology)});
}

// Where an example goes: its rule in a left column and the puzzle and its solution in a right
// one, or, when that column cannot hold two grids of the least cell (large print hexagons), the
// rule across the page with the grids below it.
struct ExampleFrame {
  bool below = false;
  double text_w = 0, examples_x = 0, examples_w = 0;
};

double grids_room_w(double examples_w, double size) { return examples_w / 2 - size - 2 * outline_allowance_mm; }

ExampleFrame frame_for(const PageTemplate& t, const Example& e, double body_x, double body_w, double size) {
  const ExampleFrame beside{false, body_w * 0.5, body_x + body_w * 0.54, body_w * 0.46};
  const double need = least_example_cell(t, e.topology) * grid_extent(e.topology, 3, 3).width;
  if (need <= grids_room_w(beside.examples_w, size) + 1e-9) return beside;
  return ExampleFrame{true, body_w, body_x, body_w};
}

double lines_height(Canvas& canvas, const std::string& text, double width, double size, Weight weight) {
  return static_cast<double>(wrap_text(canvas, text, size, weight, width).size()) * size * 1.45;
}

// Above a grid: its label line and the gaps around it; below it, a half line.
double grid_band(double size) { return size * 1.45 + size * 0.6 + 2 * outline_allowance_mm + size * 0.5; }

// The height an example needs with its grids at their least cell.
double example_height(Canvas& canvas, const PageTemplate& t, const Example& e, double body_w, double size) {
  const ExampleFrame f = frame_for(t, e, 0, body_w, size);
  const double name = size + lines_height(canvas, e.name, body_w, size, Weight::bold);
  const double text = lines_height(canvas, e.rule, f.text_w, size, Weight::regular);
  const double grids = grid_band(size) + grid_extent(e.topology, 3, 3).height * least_example_cell(t, e.topology);
  return name + (f.below ? text + grids : std::max(text, grids));
}

double rule_height(Canvas& canvas, double body_w, double size) {
  return size * 0.5 + lines_height(canvas, general_rule, body_w, size, Weight::regular);
}

double legend_height(Canvas& canvas, double body_w, double size) {
  return size * 1.45 * (star_legend_lines(canvas, size, body_w) + 1);
}

double part_height(Canvas& canvas, const PageTemplate& t, const Part& part, double body_w, double size) {
  switch (part.kind) {
    case Part::rule: return rule_height(canvas, body_w, size);
    case Part::example: return example_height(canvas, t, *part.shown, body_w, size);
    case Part::legend: return legend_height(canvas, body_w, size);
  }
  return 0;
}

// One example in `share` from `top`: name, rule and grids, cells as large as the share allows
// between the least (min_text) and the largest example cell.
double draw_example(Canvas& canvas, const PageTemplate& t, const Example& e, const Box& body, double top, double share,
                    double size) {
  const ExampleFrame f = frame_for(t, e, body.x, body.w, size);
  const double y = paragraph(canvas, e.name, body.x, top + size, body.w, size, Weight::bold);
  const double text_bottom = paragraph(canvas, e.rule, body.x, y, f.text_w, size, Weight::regular);
  const Puzzle puzzle = example_puzzle(e);
  const Values solution(e.solution.begin(), e.solution.end());
  const Extent ext = grid_extent(e.topology, 3, 3);
  const double label_y = (f.below ? text_bottom : y) + size * 1.45;
  const double grid_y = label_y + size * 0.6 + outline_allowance_mm;
  const double room_h = top + share - grid_y - size * 0.5 - outline_allowance_mm;
  const double room_w = grids_room_w(f.examples_w, size);
  const double cell = std::clamp(std::min(room_h / ext.height, room_w / ext.width), least_example_cell(t, e.topology),
                                 largest_example_cell(t, e.topology));
  const double gw = ext.width * cell, gh = ext.height * cell;
  const double c1 = f.examples_x + f.examples_w * 0.25, c2 = f.examples_x + f.examples_w * 0.75;
  canvas.text("Puzzle", c1, label_y, size, Weight::regular, Align::centre);
  canvas.text("Solution", c2, label_y, size, Weight::regular, Align::centre);
  draw_board(canvas, puzzle, nullptr, {c1 - gw / 2, grid_y, gw, gh}, cell, false);
  draw_board(canvas, puzzle, &solution, {c2 - gw / 2, grid_y, gw, gh}, cell, false);
  return cell;
}

}  // namespace

std::vector<std::pair<Puzzle, Values>> how_to_play_examples() {
  std::vector<std::pair<Puzzle, Values>> out;
  for (const Example& e : examples) out.emplace_back(example_puzzle(e), Values(e.solution.begin(), e.solution.end()));
  return out;
}

// Plan: the page's parts from the top: the general rule, then the examples, each with an even
// share of what is left above the star legend at the foot (when the legend is on this page). In
// each share: the name across the page, then the rule in a left column and the example with its
// solution in a right column (or below the rule: frame_for), cells as large as the share allows
// (up to 8 mm squares and hexagons with numbers as large, or the template's smallest puzzle cell
// if larger, so that large print keeps legible examples) and never so small that their numbers
// fall below min_text: how_to_play_plan gave the page only the parts that fit that way.
std::vector<ExampleCell> draw_how_to_play(Canvas& canvas, const BookView& book, const Box& body, int from, int to) {
  const PageTemplate& t = book.page_template;
  const std::vector<Part> parts = parts_for(topologies_of(book.puzzles));
  const double size = t.fonts.body * mm_per_point;
  const int last = std::min(to, static_cast<int>(parts.size()));
  double y = body.y;
  double bottom = body.bottom();
  int shares = 0;
  for (int i = std::max(0, from); i < last; ++i) {
    const Part& part = parts[static_cast<std::size_t>(i)];
    if (part.kind == Part::rule) y = paragraph(canvas, general_rule, body.x, body.y + size * 0.5, body.w, size, Weight::regular);
    if (part.kind == Part::example) ++shares;
    if (part.kind == Part::legend) {
      const double legend_h = legend_height(canvas, body.w, size);
      bottom = body.bottom() - legend_h;
      draw_star_legend(canvas, {body.x, bottom, body.w, legend_h}, size);
    }
  }
  std::vector<ExampleCell> drawn;
  const double share = (bottom - y) / static_cast<double>(std::max(shares, 1));
  for (int i = std::max(0, from); i < last; ++i) {
    const Part& part = parts[static_cast<std::size_t>(i)];
    if (part.kind != Part::example) continue;
    drawn.push_back({part.shown->topology, draw_example(canvas, t, *part.shown, body, y, share, size)});
    y += share;
  }
  return drawn;
}

// Plan: the parts' heights at their least (examples at the least cell), packed in order onto
// as few pages as hold them; a part taller than a whole page gets one to itself.
HowToPlayPlan how_to_play_plan(const PageTemplate& t, const std::vector<PrintablePuzzle>& puzzles) {
  const std::vector<Part> parts = parts_for(topologies_of(puzzles));
  const auto measure = std::make_shared<MeasuringCanvas>();
  const double size = t.fonts.body * mm_per_point;
  return [parts, measure, t, size](double body_w, double body_h) {
    std::vector<int> per_page{0};
    double used = 0;
    for (const Part& part : parts) {
      const double h = part_height(measure->canvas(), t, part, body_w, size);
      if (per_page.back() > 0 && used + h > body_h + 1e-9) {
        per_page.push_back(0);
        used = 0;
      }
      ++per_page.back();
      used += h;
    }
    return per_page;
  };
}

}  // namespace hidato
