// render_book: layout once, then draw the same pages into a PDF book and one SVG per page.
#include "render/render.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <optional>

#include "core/atomic_file.hpp"
#include "core/errors.hpp"
#include "render/cover.hpp"
#include "render/canvas.hpp"
#include "render/draw.hpp"
#include "render/layout.hpp"
#include "render/template.hpp"
#include "topology/geometry.hpp"

namespace hidato {
namespace {

// The PDF's bookmarks, as the contents page lists them: how to play, each set's first page,
// the answers (a reader's PDF viewer had nothing to go by but page numbers).
std::vector<std::pair<std::string, int>> bookmarks_of(const std::vector<Page>& pages) {
  std::vector<std::pair<std::string, int>> out;
  if (const int n = first_page_of(pages, PageKind::contents)) out.emplace_back("Contents", n);
  if (const int n = first_page_of(pages, PageKind::how_to_play)) out.emplace_back("How to play", n);
  for (const Page& p : pages)
    if (!p.section_title.empty()) out.emplace_back(contents_label(p.section_title, p.section_subtitle), p.number);
  if (const int n = first_page_of(pages, PageKind::answers)) out.emplace_back("Answers", n);
  return out;
}

void check_puzzles(const std::vector<PrintablePuzzle>& puzzles) {
  for (const PrintablePuzzle& p : puzzles) {
    const auto n = static_cast<std::size_t>(p.puzzle.board.size());
    if (p.puzzle.givens.size() != n || (!p.solution.empty() && p.solution.size() != n))
      throw RenderError("puzzle " + std::to_string(p.number) + ": givens or solution do not match the board");
  }
}

std::string numbered(const std::string& basename, const char* what, int n, int width, const std::string& tail = {}) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%0*d", width, n);
  return basename + "-" + what + "-" + buf + tail + ".svg";
}

// "-warm-up" for set "warm-up": letters, digits, '-' and '_' kept, anything else becomes '-'.
std::string set_suffix(const std::string& set) {
  if (set.empty()) return {};
  std::string out = "-";
  for (const unsigned char c : set) out += std::isalnum(c) || c == '-' || c == '_' ? static_cast<char>(c) : '-';
  return out;
}

// SVGs of this book's basename that the render just finished did not write: pages of an earlier,
// longer book in the same folder. Left alone they would read as part of this book.
void remove_stale_svgs(const RenderOptions& options, const std::vector<std::filesystem::path>& written) {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(options.out_dir, ec)) {
    const std::string name = entry.path().filename().string();
    const bool ours = name.ends_with(".svg") && (name.starts_with(options.basename + "-page-") ||
                                                 name.starts_with(options.basename + "-puzzle-") ||
                                                 name.starts_with(options.basename + "-answer-"));
    if (ours && std::find(written.begin(), written.end(), entry.path()) == written.end())
      std::filesystem::remove(entry.path(), ec);
  }
}

int number_width(int largest) { return std::max(3, static_cast<int>(std::to_string(largest).size())); }

// The cell size a puzzle got in its slot in `kind` pages (so a lone SVG matches the book).
const Placed* placement_of(const std::vector<Page>& pages, PageKind kind, int index) {
  for (const Page& p : pages)
    if (p.kind == kind)
      for (const Placed& item : p.items)
        if (item.index == index) return &item;
  return nullptr;
}

std::filesystem::path write_svg(const std::filesystem::path& path, PageSize size,
                                const std::function<void(Canvas&)>& draw) {
  write_file_atomic(path, svg_document(size, draw, path.string()));
  return path;
}

// One SVG per puzzle and per answer: the board alone with a 3 mm border, cells as in the book.
void write_puzzle_svgs(const BookView& view, const RenderOptions& options, RenderedBook& out) {
  int largest = 0;
  for (const auto& p : view.puzzles) largest = std::max(largest, p.number);
  const int width = number_width(largest);
  for (int i = 0; i < static_cast<int>(view.puzzles.size()); ++i) {
    const PrintablePuzzle& p = view.puzzles[static_cast<std::size_t>(i)];
    for (const PageKind kind : {PageKind::puzzles, PageKind::answers}) {
      const Placed* placed = placement_of(view.pages, kind, i);
      if (!placed) continue;
      const bool answer = kind == PageKind::answers;
      const double border = 3 + outline_allowance_mm;
      const Box grid{border, border, placed->grid.w, placed->grid.h};
      const PageSize size{grid.w + 2 * border, grid.h + 2 * border};
      const bool solved = answer && p.solution.size() == p.puzzle.givens.size();
      const auto path = options.out_dir / numbered(options.basename, answer ? "answer" : "puzzle", p.number, width,
                                                   set_suffix(p.set_name));
      out.files.push_back(write_svg(path, size, [&](Canvas& c) {
        draw_board(c, p.puzzle, solved ? &p.solution : nullptr, grid, placed->cell_mm,
                   solved && view.answer_path);
      }));
    }
  }
}

std::string mm(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f mm", v);
  return buf;
}

std::vector<std::string> warnings_of(const std::vector<Page>& pages, const std::vector<PrintablePuzzle>& puzzles,
                                     const PageTemplate& t) {
  std::vector<std::string> out;
  for (const Page& p : pages)
    for (const Placed& item : p.items) {
      if (!item.below_minimum) continue;
      const bool answer = p.kind == PageKind::answers;
      const PrintablePuzzle& puzzle = puzzles[static_cast<std::size_t>(item.index)];
      out.push_back(std::string(answer ? "answer" : "puzzle") + " " + std::to_string(puzzle.number) + " (set " +
                    puzzle.set_name + "): cells of " + mm(item.cell_mm) + " are below the minimum of " +
                    mm(item.minimum_mm) + " on template '" + t.name + "' (too big even for a page of its own)");
    }
  return out;
}

// A set title too long for its section header's line is wrapped onto two or shrunk to fit
// (fit_section_title); below 60% of the heading's size, or below min_text, the summary says so,
// once per title (small_text_warning leaves set titles to it).
std::vector<std::string> shrunk_titles(Canvas& canvas, const std::vector<Page>& pages, const PageTemplate& t) {
  std::vector<std::string> out, seen;
  const double size_pt = section_title_pt(t.fonts);
  for (const Page& p : pages) {
    if (p.section_title.empty() || std::find(seen.begin(), seen.end(), p.section_title) != seen.end()) continue;
    seen.push_back(p.section_title);
    const TitleFit fit = fit_section_title(canvas, p.section_title, p.section.w, t.fonts);
    const double used_pt = fit.size_mm / mm_per_point;
    if (used_pt >= 0.6 * size_pt && used_pt >= t.min_text_pt - 0.05) continue;
    char sizes[96];
    std::snprintf(sizes, sizeof sizes, "%.1f pt instead of %.1f pt", used_pt, size_pt);
    out.push_back("set title '" + p.section_title + "' is too long for its header on template '" + t.name +
                  "': printed at " + sizes + (fit.lines.size() > 1 ? " on two lines" : "") + " (shorten it)");
  }
  return out;
}

// Text the pages print below the template's min_text (a copyright of thousands of characters
// shrunk to fit its page): the summary names it. A set title says so in shrunk_titles already.
std::optional<std::string> small_text_warning(const Canvas::SmallestText& smallest, int page_number,
                                              const std::vector<Page>& pages, const PageTemplate& t) {
  const double pt = smallest.size_mm / mm_per_point;
  if (!(pt < t.min_text_pt - 0.05)) return std::nullopt;
  for (const Page& p : pages)
    if (!p.section_title.empty() && p.section_title.find(smallest.text) != std::string::npos) return std::nullopt;
  std::size_t cut = std::min<std::size_t>(smallest.text.size(), 60);
  while (cut < smallest.text.size() && cut > 0 && (static_cast<unsigned char>(smallest.text[cut]) & 0xC0) == 0x80) --cut;
  const std::string shown = smallest.text.substr(0, cut) + (cut < smallest.text.size() ? "..." : "");
  char sizes[96];
  std::snprintf(sizes, sizeof sizes, "%.1f pt, below the template's min_text of %.1f pt", pt, t.min_text_pt);
  return "page " + std::to_string(page_number) + " prints text at " + sizes + " on template '" + t.name +
         "', to fit it on the page ('" + shown + "'; shorten the book's texts)";
}

// Text the config gives that the embedded DejaVu fonts cannot draw (CJK, emoji, ...): it would
// print as empty boxes, so the summary says which characters and where. Also titles shrunk to fit.
std::vector<std::string> glyph_warnings(const BookInfo& info, const std::vector<Page>& pages, const PageTemplate& t) {
  std::vector<std::pair<std::string, std::string>> texts{{"title", info.title},         {"subtitle", info.subtitle},
                                                         {"author", info.author},       {"date", info.date},
                                                         {"copyright", info.copyright}, {"isbn", info.isbn},
                                                         {"edition", info.edition}};
  for (const Page& p : pages)
    if (!p.section_title.empty() &&
        std::none_of(texts.begin(), texts.end(), [&](const auto& named) { return named.second == p.section_title; }))
      texts.emplace_back("set title", p.section_title);
  cairo_surface_t* surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr);
  cairo_t* cr = cairo_create(surface);
  std::vector<std::string> out;
  {
    Canvas canvas(cr);
    for (const auto& [what, text] : texts) {
      const std::vector<std::string> missing = canvas.missing_glyphs(text, Weight::regular);
      if (missing.empty()) continue;
      std::string list;
      for (const std::string& ch : missing) list += (list.empty() ? "'" : ", '") + ch + "'";
      out.push_back(what + " '" + text + "': " + list + " not in the book's font (DejaVu Sans), printed as empty boxes");
    }
    for (std::string& w : shrunk_titles(canvas, pages, t)) out.push_back(std::move(w));
  }
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
  return out;
}

void check_page_count(const PageTemplate& t, int pages, const std::string& paper) {
  const PrintRules rules = rules_of(t);
  const int limit = page_limit(rules, t.width_mm, t.height_mm, parse_paper(paper).value_or(Paper::white));
  if (limit > 0 && pages > limit)
    throw InputError("book: " + std::to_string(pages) + " pages, more than the " + std::to_string(limit) +
                     " that print service '" + rules.service + "' allows on template '" + t.name + "' with " + paper +
                     " paper; split the book");
}

std::filesystem::path write_cover(const BookInfo& info, const std::vector<PrintablePuzzle>& puzzles,
                                  const PageTemplate& t, int pages, const RenderOptions& options) {
  const CoverLayout cover = cover_layout(t, pages, parse_paper(info.paper).value_or(Paper::white));
  const auto path = options.out_dir / "cover.pdf";
  const PdfMetadata meta{info.title + " (cover)", info.author, info.subtitle, info.creation_epoch, {}};
  write_file_atomic(path, pdf_document({cover.size.width_mm, cover.size.height_mm}, 1,
                                       [&](Canvas& c, int) { draw_cover(c, cover, info, puzzles); }, meta,
                                       path.string()));
  return path;
}

}  // namespace

RenderedBook render_book(const BookInfo& info, const std::vector<PrintablePuzzle>& puzzles,
                         const PageTemplate& page, const RenderOptions& options) {
  check_puzzles(puzzles);
  const bool copyright = !info.copyright.empty() || !info.isbn.empty() || !info.edition.empty();
  const BookLayout layout = layout_book(
      page, puzzles,
      LayoutOptions{info.how_to_play, copyright, contents_width(page), how_to_play_plan(page, puzzles), caption_width(page)});
  const std::vector<Page>& pages = layout.pages;
  check_page_count(page, static_cast<int>(pages.size()), info.paper);
  const BookView view{info, puzzles, page, pages, options.answer_path};
  const PageSize size{page.width_mm, page.height_mm};
  RenderedBook out;
  out.pages = static_cast<int>(pages.size());
  out.notes_pages = static_cast<int>(std::count_if(pages.begin(), pages.end(), [](const Page& p) { return p.kind == PageKind::notes; }));
  out.min_pages = rules_of(page).min_pages;
  out.inside_margin_mm = layout.inside_margin_mm;
  out.warnings = warnings_of(pages, puzzles, page);
  const bool below_minimum = !out.warnings.empty();
  if (options.refuse_small_cells && !out.warnings.empty())
    throw InputError(out.warnings.front() +
                     (out.warnings.size() > 1 ? " (and " + std::to_string(out.warnings.size() - 1) + " more)" : "") +
                     "; use a template with room for it, or --force to print it anyway");
  for (std::string& w : glyph_warnings(info, pages, page)) out.warnings.push_back(std::move(w));
  Canvas::SmallestText smallest;  // of every page drawn, and its page
  int smallest_page = 0;
  const auto note_smallest = [&](const Canvas& c, int page_number) {
    if (c.smallest_text().size_mm >= smallest.size_mm) return;
    smallest = c.smallest_text();
    smallest_page = page_number;
  };
  if (options.pdf) {
    const auto path = options.out_dir / (options.basename + ".pdf");
    const PdfMetadata meta{info.title, info.author, info.subtitle, info.creation_epoch, bookmarks_of(pages)};
    const auto draw = [&](Canvas& c, int i) {
      draw_page(c, view, pages[static_cast<std::size_t>(i)]);
      note_smallest(c, pages[static_cast<std::size_t>(i)].number);
    };
    write_file_atomic(path, pdf_document(size, out.pages, draw, meta, path.string()));
    out.files.push_back(path);
  }
  if (options.svg) {
    const int width = number_width(out.pages);
    for (const Page& p : pages)
      out.files.push_back(write_svg(options.out_dir / numbered(options.basename, "page", p.number, width), size,
                                    [&](Canvas& c) {
                                      draw_page(c, view, p);
                                      note_smallest(c, p.number);
                                    }));
  }
  // Boards below their minimum (--force) print small numbers, and were named above.
  if (auto w = small_text_warning(smallest, smallest_page, pages, page); w && !below_minimum)
    out.warnings.push_back(std::move(*w));
  if (options.svg_per_puzzle) write_puzzle_svgs(view, options, out);
  if (options.cover) out.files.push_back(write_cover(info, puzzles, page, out.pages, options));
  remove_stale_svgs(options, out.files);
  return out;
}

}  // namespace hidato
