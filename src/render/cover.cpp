// The cover sheet: sizes from print_rules.hpp (KDP's formula), then title, author, a sample
// puzzle and a line about the book, kept inside safe boxes and off the barcode area.
#include "core/text.hpp"
#include "render/cover.hpp"

#include <algorithm>

#include "topology/geometry.hpp"

namespace hidato {
namespace {

constexpr double safe_mm = 0.375 * mm_per_inch;  // text and pictures keep this far inside the trim

Box inset(const Box& b, double d) { return {b.x + d, b.y + d, b.w - 2 * d, b.h - 2 * d}; }

// "40 puzzles: Hidato and Numbrix, with answers." from the kinds the book holds.
std::string blurb(const std::vector<PrintablePuzzle>& puzzles) {
  std::vector<std::string> order;  // kinds in book order, each once
  for (const auto& p : puzzles) {
    const std::string kind = kind_name(p.puzzle.board.topology());
    if (std::find(order.begin(), order.end(), kind) == order.end()) order.push_back(kind);
  }
  std::string list;
  for (std::size_t i = 0; i < order.size(); ++i)
    list += (i == 0 ? "" : i + 1 == order.size() ? " and " : ", ") + order[i];
  return counted(static_cast<long long>(puzzles.size()), "puzzle") + (list.empty() ? "" : ": " + list) +
         ". Every puzzle has exactly one solution; all answers are in the back.";
}

void draw_sample(Canvas& canvas, const Box& room, const PrintablePuzzle& p) {
  const Board& b = p.puzzle.board;
  const Extent e = grid_extent(b.topology(), b.rows(), b.cols());
  const double cell = std::min({(room.w - 2 * outline_allowance_mm) / e.width,
                                (room.h - 2 * outline_allowance_mm) / e.height, 16.0});
  const Box grid{room.x + (room.w - e.width * cell) / 2, room.y + (room.h - e.height * cell) / 2, e.width * cell,
                 e.height * cell};
  draw_board(canvas, p.puzzle, nullptr, grid, cell, false);
}

}  // namespace

CoverLayout cover_layout(const PageTemplate& t, int pages, Paper paper) {
  CoverLayout c;
  c.size = cover_size(t.width_mm, t.height_mm, pages, paper);
  const double bleed = cover_bleed_mm, w = t.width_mm, h = t.height_mm;
  c.back = {bleed, bleed, w, h};
  c.spine = {bleed + w, bleed, c.size.spine_mm, h};
  c.front = {bleed + w + c.size.spine_mm, bleed, w, h};
  c.back_safe = inset(c.back, safe_mm);
  c.front_safe = inset(c.front, safe_mm);
  const double in = mm_per_inch;
  c.barcode = {c.back.right() - 0.25 * in - 2 * in, c.back.bottom() - 0.25 * in - 1.2 * in, 2 * in, 1.2 * in};
  // The text's height runs across the spine at 1.1 em (see draw_cover).
  const double across = c.spine.w - 2 * spine_text_clear_mm;
  if (pages >= spine_text_min_pages && across >= 1.1 * spine_text_min_pt * mm_per_point)
    c.spine_text = {c.spine.x + spine_text_clear_mm, c.spine.y + safe_mm, across, c.spine.h - 2 * safe_mm};
  const Box& f = c.front_safe;
  c.sample = {f.x + f.w * 0.1, f.y + f.h * 0.3, f.w * 0.8, f.h * 0.5};
  return c;
}

void draw_cover(Canvas& canvas, const CoverLayout& c, const BookInfo& info,
                const std::vector<PrintablePuzzle>& puzzles) {
  const Box& f = c.front_safe;
  const double title = std::min(f.w / 10, 14.0), sub = title * 0.5, author = title * 0.45;
  // Title and subtitle between the top and the sample puzzle (c.sample, at 30% of the height).
  double used = 0;
  const double last = title_block(canvas, info.title, f.x + f.w / 2, f.y + f.h * 0.12, title, Weight::bold,
                                  Align::centre, f.w, f.h * 0.12, used);
  const double sub_top = last + used * 1.1;
  title_block(canvas, info.subtitle, f.x + f.w / 2, sub_top, std::min(sub, used * 0.8), Weight::regular, Align::centre,
              f.w, std::max(sub * 0.5, c.sample.y - sub_top - sub), used);
  if (!puzzles.empty()) draw_sample(canvas, c.sample, puzzles.front());
  fitted_text(canvas, info.author, f.x + f.w / 2, f.bottom() - author * 0.5, author, Weight::regular, Align::centre,
              f.w);

  const Box& b = c.back_safe;
  const double body = std::min(b.w / 22, 5.0);
  double y = b.y + body * 2;
  y = title_block(canvas, info.title, b.x, y, body * 1.4, Weight::bold, Align::left, b.w, body * 6, used);
  for (const std::string& line : wrap_text(canvas, blurb(puzzles), body, Weight::regular, b.w)) {
    y += body * 1.5;
    canvas.text(line, b.x, y, body, Weight::regular, Align::left);
  }

  if (c.spine_text.w <= 0) return;
  const std::string spine = info.author.empty() ? info.title : info.title + "   \xC2\xB7   " + info.author;
  const Box& s = c.spine_text;
  // Rotated a quarter turn clockwise (reads top to bottom): the text's height runs across the
  // spine. Ink stands about 0.95 em from the top of a capital to the foot of a descender; 1.1
  // em leaves room for accents and the centring of the font's box (at 0.95 the ink came within
  // 0.059 in of a fold, inside the 0.0625 in KDP asks for).
  double size = std::min(s.w / 1.1, 6.0);
  const double length = canvas.text_width(spine, size, Weight::bold);
  if (length > s.h) size *= s.h / length;
  // A long title and author that only fit in smaller letters leave the spine plain too.
  if (size < spine_text_min_pt * mm_per_point - 1e-9) return;
  canvas.centred_text_rotated(spine, {s.x + s.w / 2, s.y + s.h / 2}, size, Weight::bold);
}

}  // namespace hidato
