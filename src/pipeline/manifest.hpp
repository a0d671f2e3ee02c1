#pragma once
// manifest.json: everything needed to reproduce, verify and re-render a book.
//
// The manifest is deterministic: the same config gives the same bytes whatever the thread count
// or machine speed, so wall-clock timings live in timings.json beside it, not here. Entries are
// streamed to a temporary file as they are collected (memory stays flat) and the file is renamed
// into place only when the run completes.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "core/atomic_file.hpp"
#include "generator/generator.hpp"
#include "pipeline/book_spec.hpp"
#include "pipeline/jobs.hpp"
#include "pipeline/run.hpp"

namespace hidato {

inline constexpr const char* manifest_format = "hidato-manifest/1";

struct ManifestHeader {
  std::string tool;            // "hidato 0.1.0"
  std::string config_name;
  std::string config_digest;
  BookMeta book;               // book.output is not recorded (it is where the manifest lives)
  int jobs_total = 0;          // jobs in the whole book (all shards)
  std::optional<Shard> shard;  // set in a shard's manifest only
  friend bool operator==(const ManifestHeader&, const ManifestHeader&) = default;
};

// `shard`: none for a whole book.
ManifestHeader make_header(const BookSpec& spec, int jobs_total, const std::optional<Shard>& shard);
// What this build writes as the manifest's "tool": "hidato VERSION generator N". A seed makes the
// same puzzle only under the same generator version.
std::string tool_name();

struct ManifestEntry {
  int ordinal = 0;        // position in the whole book's job list
  PuzzleJob job;          // set, index, seed, spec, difficulty, budget
  bool ok = false;
  std::string reason;     // failed only
  int attempt = 0;        // ok: the attempt that made it; failed: attempts made
  std::string puzzle;     // describe(puzzle)
  std::string solution;   // describe_values(board, solution)
  Grade grade;
  int clues = 0;
  std::uint64_t nodes = 0;
  friend bool operator==(const ManifestEntry&, const ManifestEntry&) = default;
};

ManifestEntry entry_from_outcome(const JobOutcome& outcome);

struct Manifest {
  ManifestHeader header;
  std::vector<ManifestEntry> entries;
};

// Reads and checks a manifest: every key's type and range (no wrapped or negative counts, sizes
// within the board limit), and the entries are exactly the book's (or shard's) jobs, each once,
// in job order. Throws InputError "FILE: key.path: what is wrong" naming the entry or header key.
Manifest read_manifest(const std::filesystem::path& file);
Manifest parse_manifest(const std::string& text, const std::string& source);

// One set's line of the manifest's summary block, counted from its entries.
struct SummaryCount {
  std::string name;
  int made = 0;
  int failed = 0;
  int by_level[difficulty_count] = {};
};
// The sets of `entries` in the order they first appear, counted (the summary block's lines).
std::vector<SummaryCount> set_counts(const std::vector<ManifestEntry>& entries);
// The set titles in the order the sets come in the book, as the config gives them: the order
// of their first entries (a manifest whose keys were sorted by a JSON tool wrote its titles back
// in that order). Titles already in that order keep their places, sets without an entry (a
// shard's) among them; otherwise those go after the others.
void in_set_order(std::vector<std::pair<std::string, std::string>>& titles, const std::vector<ManifestEntry>& entries);

// Streams a manifest: header now, entries one by one, summary at commit(). Until commit() the
// bytes sit in `<file>.<pid>.tmp-hidato`; the destructor removes that temporary if the run was
// abandoned (interrupt, exception), so no partial manifest is ever left behind.
class ManifestWriter {
 public:
  ManifestWriter(const std::filesystem::path& file, const ManifestHeader& header);
  void add(const ManifestEntry& entry);
  void commit();

 private:
  AtomicFileWriter file_;  // destroyed uncommitted: the temporary file goes, the old manifest stays
  std::vector<SummaryCount> sets_;
  bool first_ = true;
};

// Writes `entries` (in ordinal order) as a complete manifest file.
void write_manifest(const std::filesystem::path& file, const Manifest& manifest);

// The bytes as they will be laid out in the manifest (one line per entry, no trailing newline).
std::string entry_json(const ManifestEntry& entry);

}  // namespace hidato
