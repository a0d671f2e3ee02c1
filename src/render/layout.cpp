// Layout: which page and which box every puzzle and answer goes to. Pure arithmetic in mm.
#include "render/layout.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>

#include "topology/geometry.hpp"

namespace hidato {
namespace {

// "a" or "an" before a number written in digits, as it is read aloud: an 8, an 11, an 18, an 80.
std::string article_for(int n) {
  const bool vowel = n == 8 || n == 11 || n == 18 || (n >= 80 && n <= 89) || (n >= 800 && n <= 899);
  return vowel ? "an" : "a";
}

constexpr double mm_per_pt = 25.4 / 72.0;

struct Bands {  // heights of the text bands, from the template's font sizes
  double header;
  double footer;
  double caption;  // answer-key captions, and the note under a puzzle
  double number;   // the puzzle's number above its board
  double rule;     // rule reminder above the footer
  double section;  // section header: kind and title, then the puzzle range
};

// Lines of the rule reminder: two where no text may shrink below a large min_text (the rule is
// one long sentence: at 16 pt on Letter it was shrunk to 11.8 pt to fit one line), else one.
int rule_lines(const PageTemplate& t) { return t.min_text_pt > key_digits_pt ? 2 : 1; }

Bands bands_of(const PageTemplate& t) {
  const FontSizes& f = t.fonts;
  return {f.heading * mm_per_pt * 2.0,  f.page_number * mm_per_pt * 2.2, f.caption * mm_per_pt * 1.8,
          f.number * mm_per_pt * 1.3,   f.caption * mm_per_pt * (0.8 + 1.2 * rule_lines(t)),
          section_title_pt(f) * mm_per_pt * 1.6 + f.body * mm_per_pt * 2.2};
}

struct Frame {  // bands a board carries: above (caption or number) and below (note)
  double above;
  double below;
};

Frame puzzle_frame(const PageTemplate& t) { return {bands_of(t).number, bands_of(t).caption}; }
Frame key_frame(const PageTemplate& t) { return {bands_of(t).caption, 0}; }

bool without_bands(PageKind kind) { return kind == PageKind::title || kind == PageKind::copyright; }

Page open_page(const PageTemplate& t, int number, PageKind kind, std::string heading = {}) {
  const Bands b = bands_of(t);
  Page p;
  p.number = number;
  p.kind = kind;
  p.content = content_box(t, number);
  p.heading = std::move(heading);
  if (without_bands(kind)) return p;
  p.header = {p.content.x, p.content.y, p.content.w, b.header};
  p.footer = {p.content.x, p.content.bottom() - b.footer, p.content.w, b.footer};
  return p;
}

Box body_of(const Page& p) {
  const double top = p.section.h > 0 ? p.section.bottom() : p.header.bottom();
  const double bottom = p.rule.h > 0 ? p.rule.y : p.footer.y;
  return {p.content.x, top, p.content.w, bottom - top};
}

// A puzzle page: the rule reminder above the footer and, on a section's first page, its header.
Page open_puzzle_page(const PageTemplate& t, int number, const std::string& rule, const std::string& title,
                      const std::string& subtitle) {
  const Bands b = bands_of(t);
  Page p = open_page(t, number, PageKind::puzzles);
  p.rule = {p.content.x, p.footer.y - b.rule, p.content.w, b.rule};
  p.rule_text = rule;
  if (!title.empty()) {
    p.section = {p.content.x, p.header.bottom(), p.content.w, b.section};
    p.section_title = title;
    p.section_subtitle = subtitle;
  }
  return p;
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

// The largest cell (up to `max`) at which a grid of `extent` fits `slot` with its bands.
double fitting_cell(const Box& slot, Extent extent, Frame frame, double max) {
  const double avail_w = slot.w - 2 * outline_allowance_mm;
  const double avail_h = slot.h - frame.above - frame.below - 2 * outline_allowance_mm;
  return std::min({avail_w / extent.width, avail_h / extent.height, max});
}

// Places a grid of `extent` units in `slot` between its bands, centred as one block. Returns
// false (and leaves `out` alone) when the cell size would drop below `min`, unless forced.
bool place(const Box& slot, Extent extent, double min, double max, Frame frame, bool forced, Placed& out) {
  double cell = fitting_cell(slot, extent, frame, max);
  if (cell < min - 1e-9 && !forced) return false;
  out.below_minimum = cell < min - 1e-9;
  out.minimum_mm = min;
  cell = std::max(cell, 0.1);
  const double gw = extent.width * cell, gh = extent.height * cell;
  const double top = out.at_top ? slot.y : slot.y + (slot.h - (frame.above + gh + 2 * outline_allowance_mm + frame.below)) / 2;
  out.slot = slot;
  out.cell_mm = cell;
  out.caption = {slot.x, top, slot.w, frame.above};
  out.grid = {slot.x + (slot.w - gw) / 2, top + frame.above + outline_allowance_mm, gw, gh};
  out.note = frame.below > 0 ? Box{slot.x, out.grid.bottom() + outline_allowance_mm, slot.w, frame.below} : Box{};
  return true;
}

Extent extent_of(const PrintablePuzzle& p) {
  const Board& b = p.puzzle.board;
  return grid_extent(b.topology(), b.rows(), b.cols());
}

int digits_in(const PrintablePuzzle& p) { return digits_of(p.puzzle.board.size()); }

// The least puzzle cell for numbers of `digits` digits: the template's, grown until its numbers
// are min_text (a large-print book's 3-digit numbers were 15 pt in its 14 mm cells).
double least_cell(const PageTemplate& t, Topology topology, int digits) {
  return std::max(t.cell.min_for(digits), cell_for_number_size(topology, digits, t.min_text_pt * mm_per_pt));
}

const PrintablePuzzle& at(const std::vector<PrintablePuzzle>& puzzles, int i) {
  return puzzles[static_cast<std::size_t>(i)];
}

std::string number_range(const char* word, int first, int last) {
  std::string s = std::string(word);
  if (last == first) s.pop_back();  // "Puzzle 5", "Answer 5"
  s += " " + std::to_string(first);
  if (last != first) s += "\xE2\x80\x93" + std::to_string(last);
  return s;
}

std::string numbers_heading(const char* word, const std::vector<PrintablePuzzle>& puzzles, const Page& p) {
  if (p.items.empty()) return word;  // not reached: pages are closed with at least one item
  return number_range(word, at(puzzles, p.items.front().index).number, at(puzzles, p.items.back().index).number);
}

// The boards of pages [from, to) get one cell size, the smallest among them, unless that would
// take one of them below its own minimum: boards sharing a page read evenly, and so do the pages
// of one section (its first page, under the section header, has less room: its boards came out
// smaller than the next pages').
void equalize(std::vector<Page>& pages, std::size_t from, std::size_t to, const std::vector<PrintablePuzzle>& puzzles,
              Frame frame) {
  double smallest = 1e9;
  for (std::size_t i = from; i < to; ++i)
    for (const Placed& item : pages[i].items) smallest = std::min(smallest, item.cell_mm);
  for (std::size_t i = from; i < to; ++i)
    for (const Placed& item : pages[i].items)
      if (smallest < item.minimum_mm - 1e-9) return;
  for (std::size_t i = from; i < to; ++i)
    for (Placed& item : pages[i].items)
      place(item.slot, extent_of(at(puzzles, item.index)), item.minimum_mm, smallest, frame, true, item);
}

struct SectionNames {
  std::string title;     // "Numbrix — Warm-up"
  std::string subtitle;  // "Puzzles 1–8"
};

// The section header's lines of the puzzles [first, last), which form a section.
SectionNames section_names(const std::vector<PrintablePuzzle>& puzzles, int first, int last) {
  const PrintablePuzzle& lead = at(puzzles, first);
  return {kind_name(lead.puzzle.board.topology()) + " \xE2\x80\x94 " + (lead.set_title.empty() ? lead.set_name : lead.set_title),
          number_range("Puzzles", lead.number, at(puzzles, last - 1).number)};
}

// One section: the puzzles [first, last) of one set, `puzzles_per_page` slots a page, starting
// on a new page under the section header. A board too small for its slot closes the current
// page and gets a page of its own (its slot is the whole body), drawn at the top of it as the
// first board of a page of slots is: under a section header the first slot is smaller, and a
// board centred on the header's page sat lower than the same board at the top of the next page.
void fill_section(const PageTemplate& t, const std::vector<PrintablePuzzle>& puzzles, int first, int last,
                  std::vector<Page>& pages) {
  const Topology kind = at(puzzles, first).puzzle.board.topology();
  const auto [title, subtitle] = section_names(puzzles, first, last);
  const Frame frame = puzzle_frame(t);
  const std::size_t section_start = pages.size();
  std::optional<Page> page;
  std::vector<Box> slots;
  bool first_page = true;
  auto close = [&] {
    if (!page) return;
    // A section's first page names its puzzles under the section header: no running head
    // repeating it (as a chapter opens without one).
    page->heading = page->section_title.empty() ? numbers_heading("Puzzles", puzzles, *page) : "";
    pages.push_back(std::move(*page));
    page.reset();
    equalize(pages, pages.size() - 1, pages.size(), puzzles, frame);
  };
  auto open = [&] {
    page = open_puzzle_page(t, static_cast<int>(pages.size()) + 1, kind_rule(kind), first_page ? title : "",
                            first_page ? subtitle : "");
    first_page = false;
    slots = slots_of(body_of(*page), t.puzzles_per_page, t.spacing_mm);
  };
  for (int i = first; i < last; ++i) {
    if (!page) open();
    Placed item;
    item.index = i;
    item.caption_text = std::to_string(at(puzzles, i).number);
    const Extent e = extent_of(at(puzzles, i));
    const double min = least_cell(t, at(puzzles, i).puzzle.board.topology(), digits_in(at(puzzles, i)));
    // cell.max gives way to min_text: a cell that carries min_text numbers may be larger.
    const double max = std::max(t.cell.max, min);
    if (!place(slots[page->items.size()], e, min, max, frame, false, item)) {
      if (!page->items.empty()) { close(); open(); }
      item.at_top = true;
      place(body_of(*page), e, min, max, frame, true, item);
      page->items.push_back(std::move(item));
      close();
      continue;
    }
    page->items.push_back(std::move(item));
    if (static_cast<int>(page->items.size()) == t.puzzles_per_page) close();
  }
  close();
  equalize(pages, section_start, pages.size(), puzzles, frame);
}

// Consecutive puzzles of one set and one kind of board form a section.
bool same_section(const PrintablePuzzle& a, const PrintablePuzzle& b) {
  return a.set_name == b.set_name && a.puzzle.board.topology() == b.puzzle.board.topology();
}

// The sections of the book: runs [first, last) of puzzles of one section, in order.
std::vector<std::pair<int, int>> section_runs(const std::vector<PrintablePuzzle>& puzzles) {
  const int n = static_cast<int>(puzzles.size());
  std::vector<std::pair<int, int>> runs;
  for (int first = 0, last = 0; first < n; first = last) {
    for (last = first + 1; last < n && same_section(at(puzzles, first), at(puzzles, last));) ++last;
    runs.emplace_back(first, last);
  }
  return runs;
}

void fill_puzzles(const PageTemplate& t, const std::vector<PrintablePuzzle>& puzzles, std::vector<Page>& pages) {
  for (const auto& [first, last] : section_runs(puzzles)) fill_section(t, puzzles, first, last, pages);
}

// The cell of an answer key: as large as answer_cell.max allows, and never so small that its
// numbers drop below key_digits_pt (nor below answer_cell.min).
struct KeySize {
  double cell;
  double min;
  Extent extent;
};

KeySize key_size(const PageTemplate& t, const PrintablePuzzle& p, const Box& body) {
  const Extent e = extent_of(p);
  const double min = std::max(t.answer_cell.min, cell_for_number_size(p.puzzle.board.topology(), digits_in(p),
                                                                      std::max(key_digits_pt, t.min_text_pt) * mm_per_pt));
  const Frame frame = key_frame(t);
  // answer_cell.max, raised to the 7 pt floor when that is larger, as far as the page allows.
  const double cell = fitting_cell(body, e, frame, std::max(t.answer_cell.max, min));
  // A key that would fill a page alone shrinks to share it with one more (two rows or two
  // columns), as long as its numbers stay at key_digits_pt.
  const double rows2 = fitting_cell({0, 0, body.w, (body.h - t.spacing_mm) / 2}, e, frame, cell);
  const double cols2 = fitting_cell({0, 0, (body.w - t.spacing_mm) / 2, body.h}, e, frame, cell);
  const double shared = std::max(rows2, cols2);
  const bool alone = rows2 < cell - 1e-9 && cols2 < cell - 1e-9;
  return {alone && shared >= min ? shared : cell, min, e};
}

std::string key_caption(const PrintablePuzzle& p, int page) {
  return "Puzzle " + std::to_string(p.number) + " \xC2\xB7 page " + std::to_string(page);
}

// The widest key caption of the book at the caption size (0 without a measure).
double widest_caption(const std::vector<PrintablePuzzle>& puzzles, const std::vector<int>& puzzle_page,
                      const TextWidth& caption_width) {
  double widest = 0;
  if (!caption_width) return widest;
  for (std::size_t i = 0; i < puzzles.size(); ++i)
    widest = std::max(widest, caption_width(key_caption(puzzles[i], puzzle_page[i])));
  return widest;
}

// Plan: keys are packed in rows (shelves). A row holds keys of one board size at one cell size,
// as many across as fit the body; rows stack down the page and a key that does not fit below the
// last row starts a new page. So small boards pack densely and no key shrinks to suit another.
void fill_answers(const PageTemplate& t, const std::vector<PrintablePuzzle>& puzzles,
                  const std::vector<int>& puzzle_page, const TextWidth& caption_width, std::vector<Page>& pages) {
  const Frame frame = key_frame(t);
  const double caption_w = widest_caption(puzzles, puzzle_page, caption_width);
  Page page;
  bool is_open = false;
  double row_top = 0, row_h = 0, row_cell = 0;
  int row_cols = 0, row_used = 0;
  Extent row_extent{};
  auto close = [&] {
    if (!is_open) return;
    page.heading = numbers_heading("Answers", puzzles, page);
    pages.push_back(page);
    is_open = false;
  };
  auto open = [&] {
    page = open_page(t, static_cast<int>(pages.size()) + 1, PageKind::answers);
    is_open = true;
    row_used = row_cols = 0;
  };
  for (int i = 0; i < static_cast<int>(puzzles.size()); ++i) {
    if (!is_open) open();
    const KeySize k = key_size(t, at(puzzles, i), body_of(page));
    const double item_w = std::max(k.extent.width * k.cell + 2 * outline_allowance_mm, caption_w);
    const double item_h = frame.above + k.extent.height * k.cell + 2 * outline_allowance_mm;
    const bool same_row = row_cols > 0 && row_used < row_cols && k.cell == row_cell &&
                          k.extent.width == row_extent.width && k.extent.height == row_extent.height;
    if (!same_row) {
      const double top = row_cols > 0 ? row_top + row_h + t.spacing_mm : body_of(page).y;
      const bool full = static_cast<int>(page.items.size()) >= t.answers_per_page;
      if (!page.items.empty() && (full || top + item_h > body_of(page).bottom() + 1e-9)) {
        close();
        open();
        row_top = body_of(page).y;
      } else {
        row_top = top;
      }
      const double across = (body_of(page).w + t.spacing_mm) / (item_w + t.spacing_mm);
      row_cols = std::clamp(static_cast<int>(std::floor(across)), 1, t.answers_per_page);
      row_used = 0;
      row_h = item_h;
      row_cell = k.cell;
      row_extent = k.extent;
    }
    const Box body = body_of(page);
    const double slot_w = (body.w - (row_cols - 1) * t.spacing_mm) / row_cols;
    Placed item;
    item.index = i;
    item.caption_text = key_caption(at(puzzles, i), puzzle_page[static_cast<std::size_t>(i)]);
    place({body.x + row_used * (slot_w + t.spacing_mm), row_top, slot_w, item_h}, k.extent, k.min, k.cell, frame,
          true, item);
    page.items.push_back(std::move(item));
    ++row_used;
    if (static_cast<int>(page.items.size()) >= t.answers_per_page) close();
  }
  close();
}

std::vector<int> page_of_items(const std::vector<Page>& pages, PageKind kind, std::size_t count) {
  std::vector<int> out(count, 0);
  for (const Page& p : pages)
    if (p.kind == kind)
      for (const Placed& item : p.items) out[static_cast<std::size_t>(item.index)] = p.number;
  return out;
}

void add_notes_page(const PageTemplate& t, std::vector<Page>& pages) {
  pages.push_back(open_page(t, static_cast<int>(pages.size()) + 1, PageKind::notes, "Notes"));
}

// The rows each line of the contents list takes: How to play, one line per section, Answers. Two rows for a line whose label is wider than its row leaves
// beside the page number (`width` measures; without it every line takes one row).
std::vector<int> contents_rows(const PageTemplate& t, const std::vector<PrintablePuzzle>& puzzles,
                               const LayoutOptions& options) {
  std::vector<int> rows(options.how_to_play ? 1 : 0, 1);
  const double room = content_box(t, 1).w - (options.contents_width ? contents_number_room(options.contents_width) : 0);
  for (const auto& [first, last] : section_runs(puzzles)) {
    const SectionNames names = section_names(puzzles, first, last);
    const bool wide = options.contents_width && options.contents_width(contents_label(names.title, names.subtitle)) > room;
    rows.push_back(wide ? 2 : 1);
  }
  if (!puzzles.empty()) rows.push_back(1);
  return rows;
}

// The lines a contents page holds (at least one).
int contents_lines_on(const PageTemplate& t, const Page& p) {
  const double body = t.fonts.body * mm_per_pt;
  const double room = p.footer.y - contents_descender * body - (p.header.bottom() + contents_first_line * body);
  return room < 0 ? 1 : 1 + static_cast<int>(room / (contents_line_gap * body));
}

// As many contents pages as the list needs (a book of 60 sets ran off its one page); a line of
// two rows is never split between pages.
void add_contents_pages(const PageTemplate& t, const std::vector<int>& rows, std::vector<Page>& pages) {
  const int lines = static_cast<int>(rows.size());
  int from = 0;
  do {
    Page p = open_page(t, static_cast<int>(pages.size()) + 1, PageKind::contents, "Contents");
    const int room = contents_lines_on(t, p);
    p.lines_from = p.lines_to = from;
    for (int used = 0; p.lines_to < lines; ++p.lines_to) {
      const int r = rows[static_cast<std::size_t>(p.lines_to)];
      if (p.lines_to > from && used + r > room) break;
      used += r;
      p.line_rows.push_back(r);
    }
    from = p.lines_to;
    pages.push_back(std::move(p));
  } while (from < lines);
}

// The how-to-play pages, each with its share of the parts (one page with all of them without a
// plan).
void add_how_to_play_pages(const PageTemplate& t, const HowToPlayPlan& plan, std::vector<Page>& pages) {
  const Page first = open_page(t, static_cast<int>(pages.size()) + 1, PageKind::how_to_play, "How to play");
  const std::vector<int> per_page =
      plan ? plan(first.content.w, first.footer.y - first.header.bottom()) : std::vector<int>{};
  if (per_page.empty()) {
    Page p = first;
    p.lines_to = std::numeric_limits<int>::max();
    pages.push_back(std::move(p));
    return;
  }
  int from = 0;
  for (int count : per_page) {
    Page p = open_page(t, static_cast<int>(pages.size()) + 1, PageKind::how_to_play, "How to play");
    p.lines_from = from;
    p.lines_to = from += count;
    pages.push_back(std::move(p));
  }
}

std::vector<Page> layout_once(const PageTemplate& t, const std::vector<PrintablePuzzle>& puzzles,
                              const LayoutOptions& options, const PrintRules& rules) {
  std::vector<Page> pages;
  const auto next = [&] { return static_cast<int>(pages.size()) + 1; };
  pages.push_back(open_page(t, 1, PageKind::title));
  if (options.copyright_page) pages.push_back(open_page(t, next(), PageKind::copyright));
  add_contents_pages(t, contents_rows(t, puzzles, options), pages);
  if (options.how_to_play) add_how_to_play_pages(t, options.how_to_play_plan, pages);
  fill_puzzles(t, puzzles, pages);
  if (rules.answers_on_right && !puzzles.empty() && next() % 2 == 0) add_notes_page(t, pages);
  fill_answers(t, puzzles, page_of_items(pages, PageKind::puzzles, puzzles.size()), options.caption_width, pages);
  const std::vector<int> answer_page = page_of_items(pages, PageKind::answers, puzzles.size());
  for (Page& p : pages)
    if (p.kind == PageKind::puzzles)
      for (Placed& item : p.items)
        item.note_text = "Answer: page " + std::to_string(answer_page[static_cast<std::size_t>(item.index)]);
  while (static_cast<int>(pages.size()) < padded_page_count(rules, static_cast<int>(pages.size())))
    add_notes_page(t, pages);
  return pages;
}

PageTemplate with_inside_margin(const PageTemplate& t, double inside) {
  PageTemplate u = t;
  u.gutter_mm = inside - t.margins.inner;
  return u;
}

// The inside margin a book of `pages` pages gets: the template's, widened to the print service's.
double inside_margin_for(const PageTemplate& t, const PrintRules& rules, int pages) {
  const double base = t.margins.inner + t.gutter_mm;
  return rules.service == "kdp" ? std::max(base, kdp_inside_margin_mm(std::max(pages, rules.min_pages))) : base;
}

std::string mm1(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f mm", v);
  return buf;
}

}  // namespace

int digits_of(int n) {
  int d = 1;
  while (n >= 10) { n /= 10; ++d; }
  return d;
}

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

// Plan: lay out with the inside margin of the least page count, then, while the page count asks
// for a wider one, lay out again with that (a wider gutter only adds pages, so this settles).
BookLayout layout_book(const PageTemplate& t, const std::vector<PrintablePuzzle>& puzzles,
                       const LayoutOptions& options) {
  const PrintRules rules = rules_of(t);
  double inside = inside_margin_for(t, rules, 0);
  for (int round = 0;; ++round) {
    std::vector<Page> pages = layout_once(with_inside_margin(t, inside), puzzles, options, rules);
    const double need = inside_margin_for(t, rules, static_cast<int>(pages.size()));
    if (need <= inside + 1e-9 || round == 8) return {std::move(pages), inside};
    inside = need;
  }
}

std::string contents_label(const std::string& title, const std::string& subtitle) {
  return title + " (" + subtitle + ")";
}

double contents_number_room(const TextWidth& width) { return width("0000") + 4; }

std::vector<Page> layout_book(const PageTemplate& t, const std::vector<PrintablePuzzle>& puzzles,
                              bool how_to_play) {
  return layout_book(t, puzzles, LayoutOptions{how_to_play, false, {}, {}, {}}).pages;
}

std::optional<std::string> board_fit_problem(const PageTemplate& t, Topology topology, int rows, int cols,
                                             int max_number, int pages_bound) {
  const PageTemplate u = with_inside_margin(t, inside_margin_for(t, rules_of(t), pages_bound));
  const Box body = body_of(open_puzzle_page(u, 1, "rule", "title", "subtitle"));
  const auto cell_for = [&](int r, int c) { return fitting_cell(body, grid_extent(topology, r, c), puzzle_frame(u), 1e9); };
  const double got = cell_for(rows, cols), need = least_cell(t, topology, digits_of(max_number));
  if (got >= need - 1e-9) return std::nullopt;
  const double density = static_cast<double>(max_number) / (rows * cols);
  std::string fits = "no board of this shape fits";
  for (int s = std::max(rows, cols) - 1; s >= 2; --s) {
    const int r = std::max(2, static_cast<int>(std::lround(rows * s / static_cast<double>(std::max(rows, cols)))));
    const int c = std::max(2, static_cast<int>(std::lround(cols * s / static_cast<double>(std::max(rows, cols)))));
    const int n = std::max(1, static_cast<int>(std::lround(r * c * density)));
    if (cell_for(r, c) >= least_cell(t, topology, digits_of(n)) - 1e-9) {
      fits = "at most " + std::to_string(r) + " x " + std::to_string(c) + " fits";
      break;
    }
  }
  return article_for(rows) + " " + std::to_string(rows) + " x " + std::to_string(cols) + " " + kind_name(topology) +
         " board (numbers up to " + std::to_string(max_number) + ") needs cells of at least " + mm1(need) +
         " on template '" + t.name + "', which gives it " + mm1(got) + " even on a page of its own; " + fits +
         " (or build with --force)";
}

int first_page_of(const std::vector<Page>& pages, PageKind kind) {
  for (const Page& p : pages)
    if (p.kind == kind) return p.number;
  return 0;
}

std::string page_range(const std::vector<Page>& pages, PageKind kind) {
  const int first = first_page_of(pages, kind);
  if (first == 0) return {};
  int last = first;
  for (const Page& p : pages)
    if (p.kind == kind) last = p.number;
  return first == last ? std::to_string(first) : std::to_string(first) + "\xE2\x80\x93" + std::to_string(last);
}

}  // namespace hidato
