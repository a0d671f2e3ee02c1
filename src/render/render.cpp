// render_book: layout once, then draw the same pages into a PDF book and one SVG per page.
#include "render/render.hpp"

#include <algorithm>
#include <cstdio>

#include "core/atomic_file.hpp"
#include "render/canvas.hpp"
#include "render/draw.hpp"
#include "render/layout.hpp"
#include "render/template.hpp"
#include "topology/geometry.hpp"

namespace hidato {
namespace {

void check_puzzles(const std::vector<PrintablePuzzle>& puzzles) {
  for (const PrintablePuzzle& p : puzzles) {
    const auto n = static_cast<std::size_t>(p.puzzle.board.size());
    if (p.puzzle.givens.size() != n || (!p.solution.empty() && p.solution.size() != n))
      throw RenderError("puzzle " + std::to_string(p.number) + ": givens or solution do not match the board");
  }
}

std::string numbered(const std::string& basename, const char* what, int n, int width) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%0*d", width, n);
  return basename + "-" + what + "-" + buf + ".svg";
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
      const auto path = options.out_dir / numbered(options.basename, answer ? "answer" : "puzzle", p.number, width);
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
      out.push_back(std::string(answer ? "answer" : "puzzle") + " " +
                    std::to_string(puzzles[static_cast<std::size_t>(item.index)].number) + ": cells of " +
                    mm(item.cell_mm) + " are below the template's minimum of " +
                    mm(answer ? t.answer_cell.min : t.cell.min) + " (too big even for a page of its own)");
    }
  return out;
}

}  // namespace

RenderedBook render_book(const BookInfo& info, const std::vector<PrintablePuzzle>& puzzles,
                         const PageTemplate& page, const RenderOptions& options) {
  check_puzzles(puzzles);
  const std::vector<Page> pages = layout_book(page, puzzles, info.how_to_play);
  const BookView view{info, puzzles, page, pages, options.answer_path};
  const PageSize size{page.width_mm, page.height_mm};
  RenderedBook out;
  out.pages = static_cast<int>(pages.size());
  out.warnings = warnings_of(pages, puzzles, page);
  if (options.pdf) {
    const auto path = options.out_dir / (options.basename + ".pdf");
    const PdfMetadata meta{info.title, info.author, info.subtitle, info.creation_epoch};
    const auto draw = [&](Canvas& c, int i) { draw_page(c, view, pages[static_cast<std::size_t>(i)]); };
    write_file_atomic(path, pdf_document(size, out.pages, draw, meta, path.string()));
    out.files.push_back(path);
  }
  if (options.svg) {
    const int width = number_width(out.pages);
    for (const Page& p : pages)
      out.files.push_back(write_svg(options.out_dir / numbered(options.basename, "page", p.number, width), size,
                                    [&](Canvas& c) { draw_page(c, view, p); }));
  }
  if (options.svg_per_puzzle) write_puzzle_svgs(view, options, out);
  remove_stale_svgs(options, out.files);
  return out;
}

}  // namespace hidato
