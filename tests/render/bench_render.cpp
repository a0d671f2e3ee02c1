// bench_render: time to render books of synthetic puzzles (PDF + one SVG per page).
//   bench_render [--out DIR] [--template NAME] [--count N] [--repeat R]
// Without --count it times 100 and 1,000 puzzles (goals: < 2 s and < 20 s), PDF alone, SVG alone
// and both, and prints the median of R runs (default 3). BENCH_PATH=1 draws answer paths.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "fixtures.hpp"
#include "render/template.hpp"

using namespace hidato;

namespace {

std::vector<PrintablePuzzle> synthetic_book(int count) {
  std::vector<PrintablePuzzle> out;
  for (int i = 0; i < count; ++i) {
    // Three sets in a row (a book's sections): square8, square4, hex6; sizes vary within a set.
    const int third = i * 3 / count;
    const Topology t = third == 0 ? Topology::square8 : third == 1 ? Topology::square4 : Topology::hex6;
    const int rows = 6 + i % 5, cols = 7 + (i * 7) % 4;
    out.push_back(fixtures::snake(i + 1, t, rows, cols, to_string(t) == "hex6" ? "Hexes" : third == 0 ? "Kings" : "Rooks"));
  }
  return out;
}

double run(int count, const std::string& tmpl, const std::filesystem::path& dir, bool pdf, bool svg) {
  const auto puzzles = synthetic_book(count);
  PageTemplate page = load_page_template(tmpl);
  page.print_service.clear();  // 1,000 puzzles run past KDP's 828 pages: time the drawing only
  BookInfo info;
  info.title = "Bench book";
  info.subtitle = std::to_string(count) + " synthetic puzzles";
  info.author = "bench_render";
  info.date = "November 2026";
  RenderOptions opt;
  opt.out_dir = dir;
  opt.pdf = pdf;
  opt.svg = svg;
  opt.answer_path = std::getenv("BENCH_PATH") != nullptr;
  const auto start = std::chrono::steady_clock::now();
  const RenderedBook book = render_book(info, puzzles, page, opt);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (std::getenv("BENCH_VERBOSE"))
    std::printf("  run: %d pages, %zu files, %.3f s\n", book.pages, book.files.size(), s);
  return s;
}

double median_of(int repeat, int count, const std::string& tmpl, const std::filesystem::path& dir, bool pdf,
                 bool svg) {
  std::vector<double> times;
  for (int i = 0; i < repeat; ++i) times.push_back(run(count, tmpl, dir, pdf, svg));
  std::sort(times.begin(), times.end());
  const double median = times[times.size() / 2];
  std::printf("%5d puzzles  %-12s %-8s  median %.3f s  min %.3f s  (%d runs)\n", count, tmpl.c_str(),
              pdf && svg ? "pdf+svg" : pdf ? "pdf" : "svg", median, times.front(), repeat);
  return median;
}

}  // namespace

int main(int argc, char** argv) {
  std::filesystem::path out;
  std::string tmpl = "a4";
  int count = 0;
  int repeat = 3;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "--out") out = argv[i + 1];
    else if (a == "--template") tmpl = argv[i + 1];
    else if (a == "--count") count = std::atoi(argv[i + 1]);
    else if (a == "--repeat") repeat = std::max(1, std::atoi(argv[i + 1]));
  }
  const bool keep = !out.empty();
  if (!keep) out = std::filesystem::temp_directory_path() / "hidato-bench-render";
  if (count > 0) {
    median_of(repeat, count, tmpl, out, true, true);
  } else {
    for (const int n : {100, 1000}) {
      median_of(repeat, n, tmpl, out, true, false);
      median_of(repeat, n, tmpl, out, false, true);
      const double both = median_of(repeat, n, tmpl, out, true, true);
      const double goal = n == 100 ? 2 : 20;
      std::printf("  goal: %d puzzles (pdf+svg) in < %.0f s: %.3f s, %.0f%% of the goal\n", n, goal, both,
                  100 * both / goal);
    }
  }
  if (!keep) std::filesystem::remove_all(out);
  return 0;
}
