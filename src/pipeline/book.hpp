#pragma once
// The top level, read like a table of contents:
//   config -> BookSpec -> jobs -> (TBB) puzzles -> manifest.json + timings.json -> book files.
// Also the manifest-driven commands: render, verify, regenerate, merge. The CLI only parses
// flags and calls these.
#include <atomic>
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "core/puzzle.hpp"
#include "pipeline/book_spec.hpp"
#include "pipeline/jobs.hpp"
#include "pipeline/manifest.hpp"
#include "pipeline/progress.hpp"
#include "render/render.hpp"

namespace hidato {

struct BuildOptions {
  std::filesystem::path out_dir;  // already resolved (output_folder)
  int threads = 0;                // 0 = every core
  std::optional<Shard> shard;     // none: the whole book
  ProgressMode progress = ProgressMode::quiet;
  const std::atomic<bool>* cancel = nullptr;
};

struct BuildResult {
  int made = 0;
  int failed = 0;
  bool interrupted = false;             // cancel was raised: nothing was written
  bool nothing_made = false;            // a whole book whose every puzzle failed: nothing was
                                        // written, the earlier book stays
  std::vector<SetTally> sets;           // for the summary table and the failure list
  std::vector<std::filesystem::path> files;  // everything written, manifest first
  std::vector<std::string> book_notes;       // page count and gutter, then layout warnings
  double wall_ms = 0;                        // making the puzzles (the render not included)
  int threads = 0;
};

// Builds the book (or one shard of it: a shard writes its manifest only; merge renders) into
// options.out_dir through a BookFolder: the folder is checked and locked before any work and
// swapped in whole at the end (InputError when it is unusable or locked by another build). A
// whole book of which no puzzle was made is not written (nothing_made): a nightly run that failed
// throughout (a deadline too short on a loaded machine) leaves the last good book in place.
BuildResult build_book(const BookSpec& spec, const BuildOptions& options, std::ostream& err);

// What the renderer needs of a puzzle, kept compact while a book is built.
struct PrintRecord {
  std::string set;
  std::string level;
  double score = -1;     // the grader's score (stars on the page)
  std::string puzzle;    // description
  std::string solution;  // description of the full numbering
  bool by_score = false; // its set prints easiest first (`order: score`)
  int index = 0;         // its index in the set (messages)
};
PrintRecord print_record(const ManifestEntry& entry);
// Records in manifest order -> the order they are printed in (every command that renders uses it).
std::vector<PrintRecord> in_print_order(std::vector<PrintRecord> records);
std::vector<PrintRecord> print_records(const Manifest& manifest);

// manifest -> PrintablePuzzles -> render_book. Nothing is rendered when no format is on.
// `refuse_small_cells`: see RenderOptions (render of a manifest on another template).
RenderedBook render_records(const BookMeta& book, const std::vector<PrintRecord>& records,
                            const std::filesystem::path& out_dir, bool refuse_small_cells = false);
// "book: 48 pages, inside margin 0.375 in (9.5 mm)" and "warning: ..." lines for the summary.
std::vector<std::string> book_notes(const RenderedBook& book);

// An ok entry's recorded puzzle and solution, read from their descriptions alone, and what is
// wrong with them (`problem`): unreadable, different boards, a topology other than its spec's, a
// clue count other than recorded, a solution that breaks the rules. No problem: they fit.
struct Record {
  Puzzle puzzle;
  Values solution;
  std::optional<std::string> problem;
};
Record read_record(const ManifestEntry& entry);
// Before a manifest's puzzles are printed (render, merge): InputError "FILE: puzzles[I] (set[index]):
// why" for the first ok entry whose record has a problem.
void check_records(const Manifest& manifest, const std::string& file);

// Re-proves every ok puzzle: exactly one solution, and it is the recorded one. Returns one line
// per bad puzzle ("set[index]: why"); empty when all are good. Each proof has the node budget its
// spec records and a deadline of `deadline_ms` (0: none; nullopt: the one its spec records).
std::vector<std::string> verify_manifest(const Manifest& manifest, int threads,
                                         const std::atomic<bool>* cancel,
                                         std::optional<long long> deadline_ms = std::nullopt);

struct Selection {
  std::optional<std::string> set;
  std::optional<int> index;
};
// What regenerate_manifest re-ran: every job, and among them the ones recorded as failed (a
// failure other than a deadline is reproducible too: the same seed fails the same way).
struct RegenerateCount {
  int jobs = 0;
  int failed = 0;
  int skipped = 0;  // selected, but recorded as failed on a deadline or cancelled: not re-run
};
// Re-runs the selected jobs from their recorded seeds and specs; returns one line per puzzle that
// does not come out identical to its record. Failures recorded as "deadline" are skipped (wall
// clock is not reproducible). `count` receives what was re-run.
std::vector<std::string> regenerate_manifest(const Manifest& manifest, const Selection& selection,
                                             int threads, const std::atomic<bool>* cancel,
                                             RegenerateCount& count);

// Joins shard manifests into the manifest a single run would have written. Throws InputError
// when shards are missing, repeated or from different configs.
Manifest merge_manifests(const std::vector<Manifest>& shards, const std::vector<std::string>& names);

}  // namespace hidato
