// build_book: config -> jobs -> TBB pipeline -> manifest (streamed) -> timings -> rendered book.
#include "pipeline/book.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <ostream>

#include "core/atomic_file.hpp"
#include "core/book_folder.hpp"
#include "core/codec.hpp"
#include "core/json_text.hpp"
#include "render/render.hpp"
#include "render/template.hpp"

namespace hidato {
namespace {

struct Timing {
  int ordinal = 0;
  double ms = 0;
};

// timings.json: wall-clock figures kept out of manifest.json so the manifest stays byte-identical.
void write_timings(const std::filesystem::path& file, int threads, double wall_ms,
                   const std::vector<SetTally>& sets, const std::vector<Timing>& timings) {
  using Json = nlohmann::ordered_json;
  Json j{{"threads", threads}, {"wall_ms", wall_ms}};
  Json js = Json::array();
  for (const auto& s : sets) {
    const std::optional<double> median = median_ms(s);
    js.push_back(Json{{"name", s.name}, {"made", s.made}, {"failed", s.failed},
                      {"median_ms", median ? Json(*median) : Json(nullptr)}});
  }
  j["sets"] = js;
  Json jp = Json::array();
  for (const auto& t : timings) jp.push_back(Json{{"job", t.ordinal}, {"ms", t.ms}});
  j["puzzles"] = jp;
  write_file_atomic(file, json_text(j, 1) + "\n");
}

}  // namespace

PrintRecord print_record(const ManifestEntry& e) {
  return PrintRecord{e.job.set_id, std::string(to_string(e.grade.level)), e.grade.score,
                     e.puzzle,       e.solution,                            e.job.order_by_score,
                     e.job.index};
}

// Manifest order (sets in config order), except that a set with `order: score` prints its
// puzzles easiest first: a stable sort by grader score inside the set's run of records.
std::vector<PrintRecord> in_print_order(std::vector<PrintRecord> records) {
  const auto by_score = [](const PrintRecord& a, const PrintRecord& b) { return a.score < b.score; };
  for (auto i = records.begin(); i != records.end();) {
    const auto j = std::find_if(i, records.end(), [&](const PrintRecord& r) { return r.set != i->set; });
    if (i->by_score) std::stable_sort(i, j, by_score);
    i = j;
  }
  return records;
}

std::vector<PrintRecord> print_records(const Manifest& manifest) {
  std::vector<PrintRecord> out;
  for (const auto& e : manifest.entries)
    if (e.ok) out.push_back(print_record(e));
  return in_print_order(std::move(out));
}

RenderedBook render_records(const BookMeta& book, const std::vector<PrintRecord>& records,
                            const std::filesystem::path& out_dir, bool refuse_small_cells) {
  if (!book.pdf && !book.svg && !book.cover && !book.svg_per_puzzle) return {};
  std::vector<PrintablePuzzle> puzzles;
  puzzles.reserve(records.size());
  for (const PrintRecord& r : records) {
    PrintablePuzzle p;
    p.number = static_cast<int>(puzzles.size()) + 1;
    p.set_name = r.set;
    p.difficulty = r.level;
    p.score = r.score;
    // A description that does not read (a manifest edited by hand) names its entry and field.
    const std::string entry = "set '" + r.set + "' index " + std::to_string(r.index) + ": ";
    p.puzzle = parse_description(r.puzzle, entry + "puzzle");
    p.solution = parse_description(r.solution, entry + "solution").givens;
    for (const auto& [name, title] : book.set_titles)
      if (name == r.set) p.set_title = title;
    puzzles.push_back(std::move(p));
  }
  BookInfo info;
  info.title = book.title;
  info.subtitle = book.subtitle;
  info.author = book.author;
  info.date = book.date;
  info.how_to_play = book.how_to_play;
  info.creation_epoch = book.creation_epoch;
  info.copyright = book.copyright;
  info.isbn = book.isbn;
  info.edition = book.edition;
  info.paper = book.paper;
  RenderOptions opt;
  opt.out_dir = out_dir;
  opt.pdf = book.pdf;
  opt.svg = book.svg;
  opt.cover = book.cover;
  opt.svg_per_puzzle = book.svg_per_puzzle;
  opt.answer_path = book.answer_path;
  opt.refuse_small_cells = refuse_small_cells;
  const PageTemplate page = load_page_template(book.page_template);
  return render_book(info, puzzles, page, opt);
}

std::vector<std::string> book_notes(const RenderedBook& book) {
  if (book.pages == 0) return {};
  char buf[256];
  // Padding a reader would notice: more Notes pages than the one that may precede the answers.
  std::string padding;
  if (book.notes_pages > 1 && book.pages == book.min_pages)
    padding = " (" + std::to_string(book.notes_pages) + " of them Notes pages: the print service's least is " +
              std::to_string(book.min_pages) + ")";
  std::snprintf(buf, sizeof buf, "book: %d pages%s, inside margin %.3f in (%.1f mm)", book.pages, padding.c_str(),
                book.inside_margin_mm / 25.4, book.inside_margin_mm);
  std::vector<std::string> out{buf};
  for (const auto& w : book.warnings) out.push_back("warning: " + w);
  return out;
}

// Plan: check and lock the output folder first (before any puzzle is made), write everything --
// manifest, timings, the rendered book -- into its staging folder, and swap the whole folder in
// at the very end (core/book_folder.hpp). An interrupt, an exception or a full disk before the
// swap leaves the earlier book untouched and no staging folder behind.
BuildResult build_book(const BookSpec& spec, const BuildOptions& options, std::ostream& err) {
  const auto start = std::chrono::steady_clock::now();
  const std::vector<BookJob> all = expand_jobs(spec);
  const std::vector<BookJob> jobs = shard_jobs(all, options.shard.value_or(Shard{}));
  BookFolder folder(options.out_dir);
  const auto& dir = folder.staging();
  ManifestWriter manifest(dir / "manifest.json", make_header(spec, static_cast<int>(all.size()), options.shard));
  Progress progress(jobs, options.progress, err);
  std::vector<PrintRecord> records;
  std::vector<Timing> timings;
  BuildResult result;
  run_jobs(jobs, RunOptions{options.threads, options.cancel}, [&](JobOutcome&& o) {
    const ManifestEntry entry = entry_from_outcome(o);
    manifest.add(entry);
    progress.on_outcome(o);
    timings.push_back(Timing{o.job.ordinal, o.ms});
    if (entry.ok) records.push_back(print_record(entry));
    ++(entry.ok ? result.made : result.failed);
  });
  progress.finish();
  result.sets = progress.tallies();
  if (options.cancel && options.cancel->load()) {
    result.interrupted = true;  // ~BookFolder removes the staging folder
    return result;
  }
  const double wall_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  const int threads = options.threads > 0 ? options.threads : default_threads();
  result.wall_ms = wall_ms;
  result.threads = threads;
  if (!options.shard && result.made == 0 && result.failed > 0) {
    result.nothing_made = true;  // likewise; a shard still records its failures for merge
    return result;
  }
  manifest.commit();
  std::vector<std::filesystem::path> written{dir / "manifest.json"};
  write_timings(dir / "timings.json", threads, wall_ms, result.sets, timings);
  written.push_back(dir / "timings.json");
  if (!options.shard) {
    const RenderedBook book = render_records(spec.book, in_print_order(std::move(records)), dir);
    for (const auto& f : book.files) written.push_back(f);
    result.book_notes = book_notes(book);
  }
  if (auto warning = folder.commit()) result.book_notes.push_back(*warning);
  for (const auto& f : written) result.files.push_back(options.out_dir / f.filename());
  return result;
}

}  // namespace hidato
