// Drawing pages: title page, running heads and page numbers, boards with captions.
#include "render/draw.hpp"

#include <algorithm>
#include <cmath>
#include <memory>

#include "render/polylines.hpp"
#include "topology/geometry.hpp"

namespace hidato {
namespace {

Point to_mm(Point p, const Box& grid, double cell) { return {grid.x + p.x * cell, grid.y + p.y * cell}; }

// The answer path as one line through the cell centres in order, drawn as a wide pale band
// under the numbers: it reads as a trail, never as a minus sign between two numbers.
std::vector<Point> path_points(const Board& b, const Values& solution, const Box& grid, double cell) {
  std::vector<Point> centres(static_cast<std::size_t>(b.size()));
  for (CellId id = 0; id < b.size(); ++id) {
    const int v = solution[static_cast<std::size_t>(id)];
    if (v >= 1 && v <= b.size())
      centres[static_cast<std::size_t>(v - 1)] = to_mm(cell_centre(b.topology(), b.coord(id)), grid, cell);
  }
  return centres;
}

// Positions off the board (holes) that the outside cannot reach through other holes: the gaps
// inside a shape, which are shaded so that nobody takes them for cells to fill.
std::vector<Coord> inner_holes(const Board& b) {
  const int rows = b.rows(), cols = b.cols();
  std::vector<char> outside(static_cast<std::size_t>(rows * cols), 0);
  std::vector<Coord> stack;
  const auto visit = [&](int r, int c) {
    if (r < 0 || c < 0 || r >= rows || c >= cols) return;
    char& o = outside[static_cast<std::size_t>(r * cols + c)];
    if (o || b.is_playable({r, c})) return;
    o = 1;
    stack.push_back({r, c});
  };
  for (int r = 0; r < rows; ++r) { visit(r, 0); visit(r, cols - 1); }
  for (int c = 0; c < cols; ++c) { visit(0, c); visit(rows - 1, c); }
  const bool hex = b.topology() == Topology::hex6;
  while (!stack.empty()) {
    const Coord p = stack.back();
    stack.pop_back();
    const int shift = hex ? (p.row % 2 == 0 ? -1 : 0) : 0;
    visit(p.row, p.col - 1);
    visit(p.row, p.col + 1);
    visit(p.row - 1, p.col + shift);
    visit(p.row + 1, p.col + shift);
    if (hex) { visit(p.row - 1, p.col + shift + 1); visit(p.row + 1, p.col + shift + 1); }
  }
  std::vector<Coord> out;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      if (!b.is_playable({r, c}) && !outside[static_cast<std::size_t>(r * cols + c)]) out.push_back({r, c});
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
  canvas.stroke_polyline({{page.header.x + 0.15, rule_y}, {page.header.right() - 0.15, rule_y}},
                         key_line_pt * mm_per_point, 0.5);
  const double num = f.page_number * mm_per_point;
  canvas.text(std::to_string(page.number), outer_x, page.footer.bottom() - num * 0.35, num, Weight::regular,
              outer);
}

std::string stars(int n) {
  std::string s;
  for (int i = 1; i <= 5; ++i) s += i <= n ? "\xE2\x98\x85" : "\xE2\x98\x86";  // filled / open star
  return s;
}

// A puzzle: its number large and bold over the grid's left edge, level and stars over its right
// edge, the board, and under it the page of its answer.
void draw_puzzle_item(Canvas& canvas, const BookView& book, const Placed& item) {
  const PrintablePuzzle& p = book.puzzles[static_cast<std::size_t>(item.index)];
  const FontSizes& f = book.page_template.fonts;
  const double num = f.number * mm_per_point, cap = f.caption * mm_per_point;
  const double baseline = item.caption.bottom() - num * 0.3;
  const double left = std::max(item.caption.x, std::min(item.grid.x, item.caption.right() - 40));
  const double right = std::min(item.caption.right(), std::max(item.grid.right(), left + 40));
  const double used = fitted_text(canvas, item.caption_text, left, baseline, num, Weight::bold, Align::left, right - left);
  const double num_w = canvas.text_width(item.caption_text, used, Weight::bold);
  std::string level = p.difficulty;
  if (p.score >= 0) level += (level.empty() ? "" : "  ") + stars(stars_for_score(p.score));
  fitted_text(canvas, level, right, baseline, cap, Weight::regular, Align::right, std::max(1.0, right - left - num_w - 2));
  draw_board(canvas, p.puzzle, nullptr, item.grid, item.cell_mm, false);
  fitted_text(canvas, item.note_text, item.note.x + item.note.w / 2, item.note.y + cap * 1.2, cap, Weight::regular,
              Align::centre, item.note.w);
}

void draw_key_item(Canvas& canvas, const BookView& book, const Placed& item) {
  const PrintablePuzzle& p = book.puzzles[static_cast<std::size_t>(item.index)];
  const double cap = book.page_template.fonts.caption * mm_per_point;
  fitted_text(canvas, item.caption_text, item.caption.x + item.caption.w / 2, item.caption.y + cap * 1.1, cap,
              Weight::regular, Align::centre, item.caption.w);
  const bool has_solution = p.solution.size() == p.puzzle.givens.size();
  draw_board(canvas, p.puzzle, has_solution ? &p.solution : nullptr, item.grid, item.cell_mm,
             has_solution && book.answer_path);
}

// Two title lines in a section header's band (layout's bands_of: the title's 1.6 sizes, then the
// subtitle line): first baseline, baselines apart and descender, in sizes of the title lines;
// and the room above the subtitle's ascenders they must stay in: its ascenders reach 0.95 body
// sizes above its baseline, 0.35 below the band's title part, and 0.18 of a body size is kept
// clear above them (the second line sat 1 pt above "Puzzles 7-8", found from outside; more
// would take large print's two-line titles below its 16 pt min_text).
constexpr struct {
  double first_baseline = 1.1, leading = 1.15, descender = 0.3;
  double band_titles = 1.6, band_body = 0.35 - 0.18;
} two_title_lines;

}  // namespace

// The section header (first page of a set) and the rule reminder above the footer.
void draw_section_and_rule(Canvas& canvas, const BookView& book, const Page& page) {
  const FontSizes& f = book.page_template.fonts;
  if (page.section.h > 0) {
    const double big = section_title_pt(f) * mm_per_point, body = f.body * mm_per_point;
    const TitleFit title = fit_section_title(canvas, page.section_title, page.section.w, f);
    if (title.lines.size() == 1) {
      fitted_text(canvas, title.lines[0], page.section.x, page.section.y + big * 1.2, title.size_mm, Weight::bold,
                  Align::left, page.section.w);
    } else {
      double y = page.section.y + title.size_mm * (two_title_lines.first_baseline - two_title_lines.leading);
      for (const std::string& line : title.lines)
        canvas.text(line, page.section.x, y += title.size_mm * two_title_lines.leading, title.size_mm, Weight::bold,
                    Align::left);
    }
    fitted_text(canvas, page.section_subtitle, page.section.x, page.section.y + big * 1.6 + body * 1.3, body,
                Weight::regular, Align::left, page.section.w);
  }
  if (page.rule.h > 0) {
    // On one line, shrunk to fit; where the band has room for two (large print, layout's
    // rule_lines), wrapped onto two instead of shrinking below the caption size.
    const double cap = f.caption * mm_per_point;
    const std::vector<std::string> two = wrap_text(canvas, page.rule_text, cap, Weight::regular, page.rule.w);
    const bool wrap = page.rule.h >= cap * 3.2 - 1e-9 && two.size() == 2;
    double y = page.rule.bottom() - cap * 0.6 - (wrap ? cap * 1.2 : 0);
    for (const std::string& line : wrap ? two : std::vector<std::string>{page.rule_text}) {
      fitted_text(canvas, line, page.rule.x + page.rule.w / 2, y, cap, Weight::regular, Align::centre, page.rule.w);
      y += cap * 1.2;
    }
  }
}

namespace {

struct ContentsLine {
  std::string label;
  std::string pages;
};

// Spaces as no-break spaces (U+00A0, as wide): "(Puzzle 6)" never breaks between its words.
std::string unbroken(const std::string& text) {
  std::string out;
  for (char c : text) out += c == ' ' ? std::string("\xC2\xA0") : std::string(1, c);
  return out;
}

std::vector<ContentsLine> contents_of(const BookView& book) {
  std::vector<ContentsLine> lines;
  if (const auto r = page_range(book.pages, PageKind::how_to_play); !r.empty()) lines.push_back({"How to play", r});
  for (const Page& p : book.pages)
    if (!p.section_title.empty())
      lines.push_back({contents_label(p.section_title, unbroken(p.section_subtitle)), std::to_string(p.number)});
  if (const int n = first_page_of(book.pages, PageKind::answers)) lines.push_back({"Answers", std::to_string(n)});
  return lines;
}

// The page's share of the contents list (layout's lines_from..lines_to), each line on the rows
// layout gave it: a line of two rows breaks its label after the words that fit the first row
// and indents the rest, with the page number on the second row.
void draw_contents_page(Canvas& canvas, const BookView& book, const Page& page) {
  const double body = book.page_template.fonts.body * mm_per_point;
  const Box& c = page.content;
  const std::vector<ContentsLine> lines = contents_of(book);
  const double room = c.w - contents_number_room([&](std::string_view s) { return canvas.text_width(s, body, Weight::regular); });
  const double indent = 2 * body;
  double y = page.header.bottom() + (contents_first_line - contents_line_gap) * body;
  for (int i = page.lines_from; i < std::min(page.lines_to, static_cast<int>(lines.size())); ++i) {
    const ContentsLine& l = lines[static_cast<std::size_t>(i)];
    const std::size_t k = static_cast<std::size_t>(i - page.lines_from);
    const int rows = k < page.line_rows.size() ? page.line_rows[k] : 1;
    y += body * contents_line_gap;
    std::string last = l.label;
    double x = c.x;
    if (rows == 2) {
      const std::vector<std::string> wrapped = wrap_text(canvas, l.label, body, Weight::regular, room);
      fitted_text(canvas, wrapped.front(), c.x, y, body, Weight::regular, Align::left, room);
      last.clear();  // the rest, however many lines wrap_text made of it
      for (std::size_t w = 1; w < wrapped.size(); ++w) last += (w > 1 ? " " : "") + wrapped[w];
      x += indent;
      y += body * contents_line_gap;
    }
    const double pages_w = canvas.text_width(l.pages, body, Weight::regular);
    fitted_text(canvas, last, x, y, body, Weight::regular, Align::left, c.right() - x - pages_w - 4);
    canvas.text(l.pages, c.right(), y, body, Weight::regular, Align::right);
  }
}

constexpr double descender = 0.3;  // below the baseline, in sizes (DejaVu's is 0.24)

// The back of the title page: title, copyright notice, ISBN, edition, near the foot of the page.
// Each wraps onto the lines it needs, 1.3 sizes apart, 1.6 between them (a notice of 200
// characters printed on one line at 5 pt); the whole shrinks only past half the page's height,
// and below min_text only when it would not fit the page (large print: 16 pt, where 0.9 of the
// body made it 14.4).
void draw_copyright_page(Canvas& canvas, const BookView& book, const Page& page) {
  const BookInfo& info = book.info;
  std::vector<std::pair<std::string, Weight>> texts{{info.title, Weight::bold}};
  if (!info.copyright.empty()) texts.push_back({info.copyright, Weight::regular});
  if (!info.isbn.empty()) texts.push_back({"ISBN " + info.isbn, Weight::regular});
  if (!info.edition.empty()) texts.push_back({info.edition, Weight::regular});
  texts.push_back({"Every puzzle in this book has exactly one solution.", Weight::regular});
  struct Line {
    std::string text;
    Weight weight;
    double gap;  // sizes above its baseline from the previous one
  };
  const Box& c = page.content;
  const double least = book.page_template.min_text_pt * mm_per_point;
  double size = std::max(book.page_template.fonts.body * mm_per_point * 0.9, least);
  std::vector<Line> lines;
  double height = 0;  // first baseline to last, in sizes
  for (;;) {
    lines.clear();
    height = 0;
    for (const auto& [text, weight] : texts) {
      double gap = lines.empty() ? 0 : 1.6;
      for (const std::string& l : wrap_text(canvas, text, size, weight, c.w)) {
        lines.push_back({l, weight, gap});
        height += gap;
        gap = 1.3;
      }
    }
    // At min_text it stops shrinking unless it would overflow the content (a notice of thousands
    // of words ran off the top of the page): then it shrinks until it fits, and the build's
    // summary names the text printed below min_text.
    const bool fits = (height + 1 + descender) * size <= c.h;
    if (height * size <= c.h * 0.5 || (size <= least && fits) || size < 0.05) break;
    size = size <= least ? size * 0.92 : std::max(size * 0.92, least);
  }
  // The last baseline sits a descender above the content's foot, so 'g' and 'y' stay inside.
  double y = c.bottom() - descender * size - height * size;
  for (const Line& l : lines) {
    y += l.gap * size;
    fitted_text(canvas, l.text, c.x, y, size, l.weight, Align::left, c.w);
  }
}

// Light ruled lines across the body, for the reader's notes (padding pages).
void draw_notes_page(Canvas& canvas, const Page& page) {
  const double step = 9;
  for (double y = page.header.bottom() + step; y < page.footer.y - 1; y += step)
    canvas.stroke_polyline({{page.content.x + 0.2, y}, {page.content.right() - 0.2, y}}, key_line_pt * mm_per_point,
                           0.75);
}

// Title, subtitle, author and date in the upper part of the page.
void draw_title_page(Canvas& canvas, const BookView& book, const Page& page) {
  const FontSizes& f = book.page_template.fonts;
  const Box& c = page.content;
  const double mid = c.x + c.w / 2;
  double y = c.y + c.h * 0.28;
  double title = 0;
  y = title_block(canvas, book.info.title, mid, y, f.title * mm_per_point, Weight::bold, Align::centre, c.w, c.h * 0.3,
                  title);
  y += title * 0.6;
  const auto line = [&](const std::string& text, double size_pt, Weight w) {
    if (text.empty()) return;
    const double s = size_pt * mm_per_point;
    y += s * 1.5;
    fitted_text(canvas, text, mid, y, s, w, Align::centre, c.w);
  };
  if (!book.info.subtitle.empty()) {
    const double s = f.subtitle * mm_per_point;
    double used = 0;
    y = title_block(canvas, book.info.subtitle, mid, y + s * 1.5, s, Weight::regular, Align::centre, c.w, c.h * 0.15,
                    used);
  }
  y += f.body * mm_per_point;
  if (!book.info.author.empty()) {  // several authors wrap like the title (they shrank on one line)
    const double s = f.body * 1.25 * mm_per_point;
    double used = 0;
    y = title_block(canvas, book.info.author, mid, y + s * 1.5, s, Weight::regular, Align::centre, c.w, c.h * 0.1,
                    used);
  }
  line(book.info.date, f.body, Weight::regular);

}

}  // namespace

double number_size(Topology t, double cell_mm, int digits) {
  // DejaVu Sans Bold digits advance 0.696 em and stand 0.73 em tall. In a square the number may
  // take ~80% of the width and half the height; a hexagon's slanted sides leave less room.
  const bool hex = t == Topology::hex6;
  return std::min((hex ? 0.44 : 0.5) * cell_mm, (hex ? 0.72 : 0.8) * cell_mm / (0.70 * digits));
}

double cell_for_number_size(Topology t, int digits, double size_mm) {
  return size_mm / number_size(t, 1.0, digits);
}

std::string kind_name(Topology t) {
  switch (t) {
    case Topology::square4: return "Numbrix";
    case Topology::hex6: return "Hexagonal Hidato";
    case Topology::square8: break;
  }
  return "Hidato";
}

std::string kind_rule(Topology t) {
  switch (t) {
    case Topology::square4:
      return "Numbrix: each number touches the next across a side \xE2\x80\x94 up, down, left or right, never diagonally.";
    case Topology::hex6:
      return "Hexagonal Hidato: each number shares a side with the next one, in any of the six directions.";
    case Topology::square8: break;
  }
  return "Hidato: each number touches the next across a side or at a corner, diagonals included.";
}

int stars_for_score(double score) { return std::clamp(1 + static_cast<int>(std::floor(score / 100)), 1, 5); }

// Plan: grey shading for the holes inside the shape (the outside of a shape stays blank, so the
// shape shows), thin edges between playable cells, the optional answer path as a pale band
// through the cell centres, then the heavy outline from outline_segments on top, then the
// numbers, all sized for the puzzle's largest number so that a board reads evenly.
void draw_board(Canvas& canvas, const Puzzle& puzzle, const Values* solution, Box grid, double cell,
                bool path) {
  const Board& b = puzzle.board;
  const Topology t = b.topology();
  const double thin = std::clamp(cell * 0.035, key_line_pt * mm_per_point, 0.35);
  const double heavy = std::clamp(cell * 0.09, 0.45, 2 * outline_allowance_mm - 0.2);
  const bool show_path = path && solution;
  std::vector<std::vector<Point>> holes;
  for (const Coord hole : inner_holes(b)) {
    holes.push_back(cell_polygon(t, hole));
    for (Point& p : holes.back()) p = to_mm(p, grid, cell);
  }
  canvas.fill_polygons(holes, 0.8);
  stroke_joined(canvas, inner_segments(b), grid, cell, thin, 0.45);
  const int digits = digits_of(b.size());
  const double size = number_size(t, cell, digits);
  if (show_path) canvas.stroke_polyline(path_points(b, *solution, grid, cell), cell * 0.24, 0.85);
  stroke_joined(canvas, outline_segments(b), grid, cell, heavy, 0.0);
  for (CellId id = 0; id < b.size(); ++id) {
    const int given = puzzle.givens[static_cast<std::size_t>(id)];
    const int value = given != 0 ? given : solution ? (*solution)[static_cast<std::size_t>(id)] : 0;
    if (value == 0) continue;
    canvas.centred_text(std::to_string(value), to_mm(cell_centre(t, b.coord(id)), grid, cell), size,
                        given != 0 ? Weight::bold : Weight::regular);
  }
}

MeasuringCanvas::MeasuringCanvas()
    : surface_(cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr)),
      cr_(cairo_create(surface_)),
      canvas_(std::make_unique<Canvas>(cr_)) {}

MeasuringCanvas::~MeasuringCanvas() {
  canvas_.reset();
  cairo_destroy(cr_);
  cairo_surface_destroy(surface_);
}

namespace {

TextWidth regular_width_at(double size_mm) {
  const auto measure = std::make_shared<MeasuringCanvas>();
  return [measure, size_mm](std::string_view text) { return measure->canvas().text_width(text, size_mm, Weight::regular); };
}

}  // namespace

TextWidth contents_width(const PageTemplate& t) { return regular_width_at(t.fonts.body * mm_per_point); }
TextWidth caption_width(const PageTemplate& t) { return regular_width_at(t.fonts.caption * mm_per_point); }

TitleFit fit_section_title(Canvas& canvas, const std::string& title, double width_mm, const FontSizes& fonts) {
  const double big = section_title_pt(fonts) * mm_per_point, body = fonts.body * mm_per_point;
  const auto widest = [&](const std::vector<std::string>& lines, double size) {
    double w = 0;
    for (const std::string& l : lines) w = std::max(w, canvas.text_width(l, size, Weight::bold));
    return w;
  };
  const double w = widest({title}, big);
  if (w <= width_mm) return {{title}, big};
  const double one = big * width_mm / w * 0.999;
  const auto& g = two_title_lines;
  double two = std::min(big, (g.band_titles * big + g.band_body * body) / (g.first_baseline + g.leading + g.descender));
  std::vector<std::string> lines = wrap_text(canvas, title, two, Weight::bold, width_mm);
  while (lines.size() > 2 && two > one) lines = wrap_text(canvas, title, two *= 0.95, Weight::bold, width_mm);
  if (lines.size() != 2) return {{title}, one};
  two = std::min(two, two * width_mm / widest(lines, two) * 0.999);  // a word wider than the line
  if (two <= one) return {{title}, one};
  return {lines, two};
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

double title_block(Canvas& canvas, const std::string& text, double x, double baseline, double size_mm, Weight weight,
                   Align align, double max_width, double max_height, double& size_used) {
  constexpr int max_lines = 3;
  constexpr double leading = 1.2;
  double size = size_mm;
  std::vector<std::string> lines = wrap_text(canvas, text, size, weight, max_width);
  const auto height = [&] { return size * (1 + leading * static_cast<double>(lines.size() - 1)); };
  while (!lines.empty() && (lines.size() > max_lines || height() > max_height) && size > size_mm * 0.2) {
    size *= 0.92;
    lines = wrap_text(canvas, text, size, weight, max_width);
  }
  size_used = size;
  double y = baseline;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i > 0) y += size * leading;
    size_used = std::min(size_used, fitted_text(canvas, lines[i], x, y, size, weight, align, max_width));
  }
  return y;
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
  if (page.kind == PageKind::title) return draw_title_page(canvas, book, page);
  if (page.kind == PageKind::copyright) return draw_copyright_page(canvas, book, page);
  draw_chrome(canvas, book, page);
  switch (page.kind) {
    case PageKind::contents:
      return draw_contents_page(canvas, book, page);
    case PageKind::how_to_play:
      draw_how_to_play(canvas, book, {page.content.x, page.header.bottom(), page.content.w,
                                      page.footer.y - page.header.bottom()},
                       page.lines_from, page.lines_to);
      return;
    case PageKind::notes:
      return draw_notes_page(canvas, page);
    case PageKind::puzzles:
      draw_section_and_rule(canvas, book, page);
      for (const Placed& item : page.items) draw_puzzle_item(canvas, book, item);
      return;
    case PageKind::answers:
      for (const Placed& item : page.items) draw_key_item(canvas, book, item);
      return;
    case PageKind::title:
    case PageKind::copyright:
      return;
  }
}

}  // namespace hidato
