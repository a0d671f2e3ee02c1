// Drawing pages: title page, running heads and page numbers, boards with captions.
#include "render/draw.hpp"

#include <algorithm>
#include <cmath>

#include "render/polylines.hpp"
#include "topology/geometry.hpp"

namespace hidato {
namespace {

int digits_of(int n) {
  int d = 1;
  while (n >= 10) { n /= 10; ++d; }
  return d;
}

Point to_mm(Point p, const Box& grid, double cell) { return {grid.x + p.x * cell, grid.y + p.y * cell}; }

// The answer path as pieces of line between consecutive cell centres, each stopping short of the
// box the numbers take (plus a little air), so that the line never runs through a digit.
std::vector<Segment> path_pieces(const Board& b, const Values& solution, const Box& grid, double cell,
                                 double size, int digits) {
  std::vector<Point> centres(static_cast<std::size_t>(b.size()));
  for (CellId id = 0; id < b.size(); ++id) {
    const int v = solution[static_cast<std::size_t>(id)];
    if (v >= 1 && v <= b.size())
      centres[static_cast<std::size_t>(v - 1)] = to_mm(cell_centre(b.topology(), b.coord(id)), grid, cell);
  }
  const double half_w = digits * 0.66 * size / 2 + 0.06 * cell, half_h = 0.73 * size / 2 + 0.06 * cell;
  std::vector<Segment> out;
  for (std::size_t i = 1; i < centres.size(); ++i) {
    const Point a = centres[i - 1], c = centres[i];
    const double len = std::hypot(c.x - a.x, c.y - a.y);
    if (len <= 0) continue;
    const double ux = (c.x - a.x) / len, uy = (c.y - a.y) / len;
    const double gap = std::min(std::abs(ux) > 1e-9 ? half_w / std::abs(ux) : 1e9,
                                std::abs(uy) > 1e-9 ? half_h / std::abs(uy) : 1e9);
    if (2 * gap >= len * 0.9) continue;
    out.push_back({{a.x + ux * gap, a.y + uy * gap}, {c.x - ux * gap, c.y - uy * gap}});
  }
  return out;
}

// Segments in unit space, joined into polylines and stroked in mm.
void stroke_joined(Canvas& canvas, const std::vector<Segment>& segments, const Box& grid, double cell,
                   double width, double grey) {
  auto lines = join_segments(segments);
  for (auto& line : lines)
    for (Point& p : line) p = to_mm(p, grid, cell);
  canvas.stroke_polylines(lines, width, grey);
}

// Running head and page number sit on the outer side of the page: right on right-hand pages.
void draw_chrome(Canvas& canvas, const BookView& book, const Page& page) {
  const FontSizes& f = book.page_template.fonts;
  const bool right_hand = page.number % 2 == 1;
  const Align outer = right_hand ? Align::right : Align::left;
  const double outer_x = right_hand ? page.content.right() : page.content.x;
  const double head = f.heading * mm_per_point;
  fitted_text(canvas, page.heading, outer_x, page.header.y + head * 0.95, head, Weight::bold, outer,
              page.header.w);
  const double rule_y = page.header.y + head * 1.35;
  canvas.stroke_polyline({{page.header.x + 0.1, rule_y}, {page.header.right() - 0.1, rule_y}}, 0.2, 0.5);
  const double num = f.page_number * mm_per_point;
  canvas.text(std::to_string(page.number), outer_x, page.footer.bottom() - num * 0.35, num, Weight::regular,
              outer);
}

void draw_item(Canvas& canvas, const BookView& book, const Placed& item, bool answer) {
  const PrintablePuzzle& p = book.puzzles[static_cast<std::size_t>(item.index)];
  const double cap = book.page_template.fonts.caption * mm_per_point;
  fitted_text(canvas, item.caption_text, item.caption.x + item.caption.w / 2, item.caption.y + cap * 1.1, cap,
              Weight::regular, Align::centre, item.caption.w);
  const bool has_solution = answer && p.solution.size() == p.puzzle.givens.size();
  draw_board(canvas, p.puzzle, has_solution ? &p.solution : nullptr, item.grid, item.cell_mm,
             has_solution && book.answer_path);
}

struct ContentsLine {
  std::string label;
  std::string pages;
};

std::vector<ContentsLine> contents_of(const BookView& book) {
  std::vector<ContentsLine> lines;
  if (const auto r = page_range(book.pages, PageKind::how_to_play); !r.empty()) lines.push_back({"How to play", r});
  if (const auto r = page_range(book.pages, PageKind::puzzles); !r.empty()) {
    const auto& ps = book.puzzles;
    const auto [lo, hi] = std::minmax_element(ps.begin(), ps.end(), [](const auto& a, const auto& b) {
      return a.number < b.number;
    });
    std::string label = "Puzzles " + std::to_string(lo->number);
    if (hi->number != lo->number) label += "\xE2\x80\x93" + std::to_string(hi->number);
    lines.push_back({label, r});
  }
  if (const auto r = page_range(book.pages, PageKind::answers); !r.empty()) lines.push_back({"Answers", r});
  return lines;
}

// Title, subtitle, author and date in the upper part; a short contents list below.
void draw_title_page(Canvas& canvas, const BookView& book, const Page& page) {
  const FontSizes& f = book.page_template.fonts;
  const Box& c = page.content;
  const double mid = c.x + c.w / 2;
  double y = c.y + c.h * 0.28;
  const double title = fitted_text(canvas, book.info.title, mid, y, f.title * mm_per_point, Weight::bold,
                                   Align::centre, c.w);
  y += title * 0.6;
  const auto line = [&](const std::string& text, double size_pt, Weight w) {
    if (text.empty()) return;
    const double s = size_pt * mm_per_point;
    y += s * 1.5;
    fitted_text(canvas, text, mid, y, s, w, Align::centre, c.w);
  };
  line(book.info.subtitle, f.subtitle, Weight::regular);
  y += f.body * mm_per_point;
  line(book.info.author, f.body * 1.25, Weight::regular);
  line(book.info.date, f.body, Weight::regular);

  const double body = f.body * mm_per_point;
  const double col_w = std::min(c.w, 110.0);
  const double left = mid - col_w / 2, right = mid + col_w / 2;
  y = std::max(y + body * 4, c.y + c.h * 0.62);
  fitted_text(canvas, "Contents", left, y, body * 1.2, Weight::bold, Align::left, col_w);
  y += body * 0.6;
  canvas.stroke_polyline({{left + 0.1, y}, {right - 0.1, y}}, 0.2, 0.5);
  for (const ContentsLine& l : contents_of(book)) {
    y += body * 1.7;
    const std::string where = (l.pages.find('\xE2') == std::string::npos ? "page " : "pages ") + l.pages;
    const double pages_w = canvas.text_width(where, body, Weight::regular);
    fitted_text(canvas, l.label, left, y, body, Weight::regular, Align::left, col_w - pages_w - 2);
    canvas.text(where, right, y, body, Weight::regular, Align::right);
  }
}

}  // namespace

double number_size(Topology t, double cell_mm, int digits) {
  // DejaVu Sans Bold digits advance 0.696 em and stand 0.73 em tall. In a square the number may
  // take ~80% of the width and half the height; a hexagon's slanted sides leave less room.
  const bool hex = t == Topology::hex6;
  return std::min((hex ? 0.44 : 0.5) * cell_mm, (hex ? 0.72 : 0.8) * cell_mm / (0.70 * digits));
}

// Plan: thin edges between playable cells first (holes are never drawn, so the shape shows), the
// optional answer path over them (in pieces between the numbers), then the heavy outline from
// outline_segments on top, then the numbers, all sized for the puzzle's largest number so that a
// board reads evenly.
void draw_board(Canvas& canvas, const Puzzle& puzzle, const Values* solution, Box grid, double cell,
                bool path) {
  const Board& b = puzzle.board;
  const Topology t = b.topology();
  const double thin = std::clamp(cell * 0.035, 0.12, 0.3);
  const double heavy = std::clamp(cell * 0.09, 0.45, 2 * outline_allowance_mm - 0.2);
  const bool show_path = path && solution;
  stroke_joined(canvas, inner_segments(b), grid, cell, thin, show_path ? 0.78 : 0.45);
  const int digits = digits_of(b.size());
  const double size = number_size(t, cell, digits);
  if (show_path)
    canvas.stroke_segments(path_pieces(b, *solution, grid, cell, size, digits), std::max(cell * 0.07, 0.2), 0.25);
  stroke_joined(canvas, outline_segments(b), grid, cell, heavy, 0.0);
  for (CellId id = 0; id < b.size(); ++id) {
    const int given = puzzle.givens[static_cast<std::size_t>(id)];
    const int value = given != 0 ? given : solution ? (*solution)[static_cast<std::size_t>(id)] : 0;
    if (value == 0) continue;
    canvas.centred_text(std::to_string(value), to_mm(cell_centre(t, b.coord(id)), grid, cell), size,
                        given != 0 ? Weight::bold : Weight::regular);
  }
}

std::vector<std::string> wrap_text(Canvas& canvas, const std::string& text, double size_mm, Weight weight,
                                   double width_mm) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    std::size_t j = text.find(' ', i);
    if (j == std::string::npos) j = text.size();
    if (j == i) break;
    const std::string word = text.substr(i, j - i);
    const std::string candidate = line.empty() ? word : line + " " + word;
    if (!line.empty() && canvas.text_width(candidate, size_mm, weight) > width_mm) {
      lines.push_back(line);
      line = word;
    } else {
      line = candidate;
    }
    i = j;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

double fitted_text(Canvas& canvas, const std::string& text, double x, double baseline, double size_mm,
                   Weight weight, Align align, double max_width) {
  if (text.empty()) return size_mm;
  const double w = canvas.text_width(text, size_mm, weight);
  const double size = w > max_width && w > 0 ? size_mm * max_width / w * 0.999 : size_mm;
  canvas.text(text, x, baseline, size, weight, align);
  return size;
}

void draw_page(Canvas& canvas, const BookView& book, const Page& page) {
  switch (page.kind) {
    case PageKind::title:
      draw_title_page(canvas, book, page);
      return;
    case PageKind::how_to_play:
      draw_chrome(canvas, book, page);
      draw_how_to_play(canvas, book, {page.content.x, page.header.bottom(), page.content.w,
                                      page.footer.y - page.header.bottom()});
      return;
    case PageKind::puzzles:
    case PageKind::answers:
      draw_chrome(canvas, book, page);
      for (const Placed& item : page.items) draw_item(canvas, book, item, page.kind == PageKind::answers);
      return;
  }
}

}  // namespace hidato
