// build_book: config -> jobs -> TBB pipeline -> manifest (streamed) -> timings -> rendered book.
#include "pipeline/book.hpp"

#include <algorithm>
#include <chrono>
#include <nlohmann/json.hpp>
#include <ostream>

#include "core/atomic_file.hpp"
#include "core/codec.hpp"
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
    std::vector<double> ms = s.ms;
    std::sort(ms.begin(), ms.end());
    const double median = ms.empty() ? 0 : ms[ms.size() / 2];
    js.push_back(Json{{"name", s.name}, {"made", s.made}, {"failed", s.failed}, {"median_ms", median}});
  }
  j["sets"] = js;
  Json jp = Json::array();
  for (const auto& t : timings) jp.push_back(Json{{"job", t.ordinal}, {"ms", t.ms}});
  j["puzzles"] = jp;
  write_file_atomic(file, j.dump(1) + "\n");
}

}  // namespace

PrintRecord print_record(const ManifestEntry& e) {
  return PrintRecord{e.job.set_id, std::string(to_string(e.grade.level)), e.puzzle, e.solution};
}

// Manifest order (sets in config order), except that a set with `order: score` prints its
// puzzles easiest first: a stable sort by grader score inside the set's run of entries.
std::vector<PrintRecord> print_records(const Manifest& manifest) {
  std::vector<const ManifestEntry*> made;
  for (const auto& e : manifest.entries)
    if (e.ok) made.push_back(&e);
  for (std::size_t i = 0; i < made.size();) {
    std::size_t j = i;
    while (j < made.size() && made[j]->job.set_id == made[i]->job.set_id) ++j;
    if (made[i]->job.order_by_score)
      std::stable_sort(made.begin() + static_cast<std::ptrdiff_t>(i), made.begin() + static_cast<std::ptrdiff_t>(j),
                       [](const ManifestEntry* a, const ManifestEntry* b) { return a->grade.score < b->grade.score; });
    i = j;
  }
  std::vector<PrintRecord> out;
  for (const ManifestEntry* e : made) out.push_back(print_record(*e));
  return out;
}

std::vector<std::filesystem::path> render_records(const BookMeta& book,
                                                  const std::vector<PrintRecord>& records,
                                                  const std::filesystem::path& out_dir) {
  if (!book.pdf && !book.svg) return {};
  std::vector<PrintablePuzzle> puzzles;
  puzzles.reserve(records.size());
  for (const PrintRecord& r : records) {
    Puzzle p = parse_description(r.puzzle);
    Values solution = parse_description(r.solution).givens;
    puzzles.push_back(PrintablePuzzle{static_cast<int>(puzzles.size()) + 1, r.set, r.level,
                                      std::move(p), std::move(solution)});
  }
  BookInfo info;
  info.title = book.title;
  info.subtitle = book.subtitle;
  info.author = book.author;
  info.date = book.date;
  info.how_to_play = book.how_to_play;
  info.creation_epoch = book.creation_epoch;
  RenderOptions opt;
  opt.out_dir = out_dir;
  opt.pdf = book.pdf;
  opt.svg = book.svg;
  opt.answer_path = book.answer_path;
  const PageTemplate page = load_page_template(book.page_template);
  return render_book(info, puzzles, page, opt).files;
}

BuildResult build_book(const BookSpec& spec, const BuildOptions& options, std::ostream& err) {
  const auto start = std::chrono::steady_clock::now();
  const std::vector<BookJob> all = expand_jobs(spec);
  const std::vector<BookJob> jobs = shard_jobs(all, options.shard);
  std::error_code ec;
  if (std::filesystem::is_directory(options.out_dir, ec)) remove_stale_temporaries(options.out_dir);

  const auto manifest_file = options.out_dir / "manifest.json";
  ManifestWriter manifest(manifest_file, make_header(spec, static_cast<int>(all.size()), options.shard));
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
    result.interrupted = true;  // ~ManifestWriter removes the temporary manifest
    return result;
  }
  // The manifest goes first: if rendering fails, `hidato render` can finish the book from it.
  manifest.commit();
  result.files.push_back(manifest_file);
  const double wall_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  const int threads = options.threads > 0 ? options.threads : default_threads();
  write_timings(options.out_dir / "timings.json", threads, wall_ms, result.sets, timings);
  result.files.push_back(options.out_dir / "timings.json");
  if (options.shard.is_whole()) {
    for (auto& f : render_records(spec.book, records, options.out_dir)) result.files.push_back(f);
  }
  return result;
}

}  // namespace hidato
