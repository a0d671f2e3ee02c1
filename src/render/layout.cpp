// Layout: which page and which box every puzzle and answer goes to. Pure arithmetic in mm.
#include "render/layout.hpp"

#include <algorithm>
#include <functional>
#include <optional>

#include "topology/geometry.hpp"

namespace hidato {
namespace {

constexpr double mm_per_pt = 25.4 / 72.0;

struct Bands {  // heights of the text bands, from the template's font sizes
  double header;
  double footer;
  double caption;
};

Bands bands_of(const PageTemplate& t) {
  return {t.fonts.heading * mm_per_pt * 2.0, t.fonts.page_number * mm_per_pt * 2.2,
          t.fonts.caption * mm_per_pt * 1.8};
}

Page open_page(const PageTemplate& t, int number, PageKind kind) {
  const Bands b = bands_of(t);
  Page p;
  p.number = number;
  p.kind = kind;
  p.content = content_box(t, number);
  if (kind == PageKind::title) return p;
  p.header = {p.content.x, p.content.y, p.content.w, b.header};
  p.footer = {p.content.x, p.content.bottom() - b.footer, p.content.w, b.footer};
  return p;
}

Box body_of(const Page& p) {
  return {p.content.x, p.header.bottom(), p.content.w, p.footer.y - p.header.bottom()};
}

std::vector<Box> slots_of(const Box& body, int count, double spacing) {
  const auto [cols, rows] = slot_grid(count, body.w, body.h);
  const double sw = (body.w - (cols - 1) * spacing) / cols;
  const double sh = (body.h - (rows - 1) * spacing) / rows;
  std::vector<Box> out;
  for (int i = 0; i < count; ++i)
    out.push_back({body.x + (i % cols) * (sw + spacing), body.y + (i / cols) * (sh + spacing), sw, sh});
  return out;
}

// Places a grid of `extent` units in `slot` under a caption line, centred as one block. Returns
// false (and leaves `out` alone) when the cell size would drop below range.min, unless forced.
bool place(const Box& slot, Extent extent, const CellRange& range, double caption_h, bool forced,
           Placed& out) {
  const double avail_w = slot.w - 2 * outline_allowance_mm;
  const double avail_h = slot.h - caption_h - 2 * outline_allowance_mm;
  double cell = std::min({avail_w / extent.width, avail_h / extent.height, range.max});
  if (cell < range.min && !forced) return false;
  out.below_minimum = cell < range.min;
  cell = std::max(cell, 0.1);
  const double gw = extent.width * cell, gh = extent.height * cell;
  const double top = slot.y + (slot.h - (caption_h + gh + 2 * outline_allowance_mm)) / 2;
  out.slot = slot;
  out.cell_mm = cell;
  out.caption = {slot.x, top, slot.w, caption_h};
  out.grid = {slot.x + (slot.w - gw) / 2, top + caption_h + outline_allowance_mm, gw, gh};
  return true;
}

Extent extent_of(const PrintablePuzzle& p) {
  const Board& b = p.puzzle.board;
  return grid_extent(b.topology(), b.rows(), b.cols());
}

std::string numbers_heading(const char* word, const std::vector<PrintablePuzzle>& puzzles, const Page& p) {
  if (p.items.empty()) return word;  // not reached: pages are closed with at least one item
  const int first = puzzles[static_cast<std::size_t>(p.items.front().index)].number;
  const int last = puzzles[static_cast<std::size_t>(p.items.back().index)].number;
  std::string s = std::string(word);
  if (last == first) s.pop_back();  // "Puzzle 5", "Answer 5"
  s += " " + std::to_string(first);
  if (last != first) s += "\xE2\x80\x93" + std::to_string(last);
  return s;
}

// Boards sharing a page get the same cell size (the smallest among them), so that a page reads
// evenly. Each fitted its slot at its own size, so each still fits at the smaller one.
void equalize_cells(Page& page, const std::vector<PrintablePuzzle>& puzzles, const CellRange& range,
                    double caption_h) {
  if (page.items.size() < 2) return;
  double smallest = range.max;
  for (const Placed& item : page.items) smallest = std::min(smallest, item.cell_mm);
  const CellRange capped{std::min(range.min, smallest), smallest};
  for (Placed& item : page.items)
    place(item.slot, extent_of(puzzles[static_cast<std::size_t>(item.index)]), capped, caption_h, true, item);
}

// Fills pages of `kind` with one item per puzzle, `per_page` slots a page. An item too big for a
// slot closes the current page and gets a page of its own (its slot is the whole body).
void fill_section(const PageTemplate& t, const std::vector<PrintablePuzzle>& puzzles, PageKind kind,
                  const std::function<std::string(int)>& caption_of, std::vector<Page>& pages) {
  const bool answers = kind == PageKind::answers;
  const int per_page = answers ? t.answers_per_page : t.puzzles_per_page;
  const CellRange& range = answers ? t.answer_cell : t.cell;
  const double caption_h = bands_of(t).caption;
  const char* word = answers ? "Answers" : "Puzzles";
  std::optional<Page> page;
  std::vector<Box> slots;
  auto close = [&] {
    if (!page) return;
    page->heading = numbers_heading(word, puzzles, *page);
    equalize_cells(*page, puzzles, range, caption_h);
    pages.push_back(std::move(*page));
    page.reset();
  };
  auto open = [&] {
    page = open_page(t, static_cast<int>(pages.size()) + 1, kind);
    slots = slots_of(body_of(*page), per_page, t.spacing_mm);
  };
  for (int i = 0; i < static_cast<int>(puzzles.size()); ++i) {
    if (!page) open();
    Placed item;
    item.index = i;
    item.caption_text = caption_of(i);
    const Extent e = extent_of(puzzles[static_cast<std::size_t>(i)]);
    if (!place(slots[page->items.size()], e, range, caption_h, false, item)) {
      if (!page->items.empty()) { close(); open(); }
      place(body_of(*page), e, range, caption_h, true, item);
      page->items.push_back(std::move(item));
      close();
      continue;
    }
    page->items.push_back(std::move(item));
    if (static_cast<int>(page->items.size()) == per_page) close();
  }
  close();
}

std::string puzzle_caption(const PrintablePuzzle& p) {
  std::string s = "Puzzle " + std::to_string(p.number);
  if (!p.set_name.empty()) s += " \xC2\xB7 " + p.set_name;
  if (!p.difficulty.empty()) s += " \xC2\xB7 " + p.difficulty;
  return s;
}

}  // namespace

bool contains(const Box& outer, const Box& inner, double tol) {
  return inner.x >= outer.x - tol && inner.y >= outer.y - tol && inner.right() <= outer.right() + tol &&
         inner.bottom() <= outer.bottom() + tol;
}

bool overlaps(const Box& a, const Box& b, double tol) {
  return a.x < b.right() - tol && b.x < a.right() - tol && a.y < b.bottom() - tol && b.y < a.bottom() - tol;
}

Box content_box(const PageTemplate& t, int page_number) {
  const bool right_hand = page_number % 2 == 1;
  const double inner = t.margins.inner + t.gutter_mm;
  const double left = right_hand ? inner : t.margins.outer;
  return {left, t.margins.top, t.width_mm - inner - t.margins.outer,
          t.height_mm - t.margins.top - t.margins.bottom};
}

// Among the factor pairs cols x rows == count, the one giving the largest square puzzle.
std::pair<int, int> slot_grid(int count, double body_w, double body_h) {
  std::pair<int, int> best{1, count};
  double best_side = -1;
  for (int cols = 1; cols <= count; ++cols) {
    if (count % cols != 0) continue;
    const int rows = count / cols;
    const double side = std::min(body_w / cols, body_h / rows);
    if (side > best_side + 1e-9) { best_side = side; best = {cols, rows}; }
  }
  return best;
}

std::vector<Page> layout_book(const PageTemplate& t, const std::vector<PrintablePuzzle>& puzzles,
                              bool how_to_play) {
  std::vector<Page> pages;
  pages.push_back(open_page(t, 1, PageKind::title));
  if (how_to_play) {
    pages.push_back(open_page(t, 2, PageKind::how_to_play));
    pages.back().heading = "How to play";
  }
  fill_section(t, puzzles, PageKind::puzzles,
               [&](int i) { return puzzle_caption(puzzles[static_cast<std::size_t>(i)]); }, pages);
  std::vector<int> page_of(puzzles.size(), 0);
  for (const Page& p : pages)
    for (const Placed& item : p.items) page_of[static_cast<std::size_t>(item.index)] = p.number;
  fill_section(t, puzzles, PageKind::answers,
               [&](int i) {
                 return "Puzzle " + std::to_string(puzzles[static_cast<std::size_t>(i)].number) +
                        " \xC2\xB7 page " + std::to_string(page_of[static_cast<std::size_t>(i)]);
               },
               pages);
  return pages;
}

std::string page_range(const std::vector<Page>& pages, PageKind kind) {
  int first = 0, last = 0;
  for (const Page& p : pages) {
    if (p.kind != kind) continue;
    if (first == 0) first = p.number;
    last = p.number;
  }
  if (first == 0) return {};
  return first == last ? std::to_string(first) : std::to_string(first) + "\xE2\x80\x93" + std::to_string(last);
}

}  // namespace hidato
