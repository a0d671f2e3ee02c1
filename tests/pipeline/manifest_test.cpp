// Manifest: round trip, streaming writer, merge checks; the in-order pipeline collector.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/codec.hpp"
#include "core/errors.hpp"
#include "pipeline/book.hpp"
#include "solver/solver.hpp"
#include "temp_dir.hpp"

namespace hidato {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

using test::TempDir;

BookSpec small_book() {
  return parse_book_spec(
      "book: {formats: [], seed: 5}\n"
      "sets:\n"
      "  - {name: sq, rows: 5, cols: 5, difficulty: easy, count: 4}\n"
      "  - {name: hx, topology: hex6, rows: 5, cols: 5, difficulty: easy, count: 3}\n",
      "small.yaml", ".");
}

Manifest run_book(const BookSpec& spec, const std::optional<Shard>& shard, int threads) {
  const auto all = expand_jobs(spec);
  Manifest m;
  m.header = make_header(spec, static_cast<int>(all.size()), shard);
  run_jobs(shard_jobs(all, shard.value_or(Shard{})), RunOptions{threads, nullptr},
           [&](JobOutcome&& o) { m.entries.push_back(entry_from_outcome(o)); });
  return m;
}

TEST(Pipeline, CollectsInJobOrderWhateverTheThreadCount) {
  const BookSpec spec = small_book();
  const Manifest one = run_book(spec, std::nullopt, 1);
  const Manifest two = run_book(spec, std::nullopt, 2);
  ASSERT_EQ(one.entries.size(), 7u);
  for (std::size_t i = 0; i < one.entries.size(); ++i) EXPECT_EQ(one.entries[i].ordinal, static_cast<int>(i));
  EXPECT_EQ(one.entries, two.entries);
}

// A set of one puzzle on three threads runs its next attempts ahead (run_jobs hands the spare
// threads to make_puzzle): the entry is the one a single thread records. Hex6 10x10 extreme:
// with book seed 3 the puzzle's attempt 0 is given up (generator 26), so an attempt ran ahead.
TEST(Pipeline, AOnePuzzleSetGetsTheSameEntryWithSpareThreads) {
  const BookSpec spec = parse_book_spec(
      "book: {formats: [], seed: 3}\n"
      "sets:\n"
      "  - {name: one, topology: hex6, rows: 10, cols: 10, difficulty: extreme, count: 1}\n",
      "one.yaml", ".");
  const Manifest one = run_book(spec, std::nullopt, 1);
  const Manifest three = run_book(spec, std::nullopt, 3);
  ASSERT_EQ(one.entries.size(), 1u);
  ASSERT_TRUE(one.entries[0].ok) << one.entries[0].reason;
  EXPECT_GE(one.entries[0].attempt, 1);
  EXPECT_EQ(one.entries, three.entries);
}

TEST(Pipeline, EveryMadePuzzleIsRecordedWithItsDescription) {
  const Manifest m = run_book(small_book(), std::nullopt, 2);
  for (const auto& e : m.entries) {
    if (!e.ok) continue;
    EXPECT_EQ(e.puzzle.rfind(e.job.board.topology == Topology::hex6 ? "hex6:" : "square8:", 0), 0u) << e.puzzle;
    EXPECT_GT(e.clues, 0);
    EXPECT_FALSE(e.solution.empty());
  }
}

// The pipeline takes the generator's own fresh proof (make_puzzle's confirm) and no longer
// repeats it; an outside count of every recorded puzzle must agree, extreme sets included.
TEST(Pipeline, EveryRecordedPuzzleHasExactlyItsRecordedSolution) {
  const BookSpec spec = parse_book_spec(
      "book: {formats: [], seed: 11}\n"
      "sets:\n"
      "  - {name: sq, rows: 6, cols: 6, difficulty: hard, count: 3}\n"
      "  - {name: nx, topology: square4, rows: 8, cols: 8, difficulty: extreme, count: 3}\n"
      "  - {name: hx, topology: hex6, rows: 8, cols: 8, difficulty: extreme, count: 3}\n",
      "proofs.yaml", ".");
  const Manifest m = run_book(spec, std::nullopt, 2);
  ASSERT_EQ(m.entries.size(), 9u);
  for (const auto& e : m.entries) {
    ASSERT_TRUE(e.ok) << e.reason;
    const Puzzle p = parse_description(e.puzzle);
    SolveLimits limits;
    limits.engine = Engine::native;  // not the generator's engine: an outside check
    const SolveReport r = count_solutions(p, 2, limits);
    ASSERT_EQ(r.verdict, Verdict::unique) << e.puzzle;
    EXPECT_EQ(describe_values(p.board, *r.solution), e.solution) << e.puzzle;
  }
}

TEST(Pipeline, CancelledRunCollectsNothingFurther) {
  std::atomic<bool> cancel{true};
  int collected = 0;
  run_jobs(expand_jobs(small_book()), RunOptions{2, &cancel}, [&](JobOutcome&&) { ++collected; });
  EXPECT_EQ(collected, 0);
}

TEST(Manifest, WriteReadWriteIsByteIdentical) {
  TempDir dir("manifest-rt");
  const Manifest m = run_book(small_book(), std::nullopt, 2);
  write_manifest(dir.path / "a.json", m);
  const Manifest back = read_manifest(dir.path / "a.json");
  EXPECT_EQ(back.header, m.header);
  EXPECT_EQ(back.entries, m.entries);
  write_manifest(dir.path / "b.json", back);
  EXPECT_EQ(slurp(dir.path / "a.json"), slurp(dir.path / "b.json"));
}

// `sparse` is part of a puzzle's spec: the manifest records it (only when set, so manifests of
// other sets are as before) and reads it back, so `regenerate` makes the same puzzle.
TEST(Manifest, SparseIsRecordedAndReadBack) {
  TempDir dir("manifest-sparse");
  const BookSpec spec = parse_book_spec(
      "book: {formats: [], seed: 3}\n"
      "sets:\n"
      "  - {name: few, rows: 7, cols: 7, difficulty: extreme, sparse: true}\n"
      "  - {name: quick, rows: 7, cols: 7, difficulty: extreme}\n",
      "sparse.yaml", ".");
  const Manifest m = run_book(spec, std::nullopt, 2);
  ASSERT_EQ(m.entries.size(), 2u);
  write_manifest(dir.path / "a.json", m);
  const std::string text = slurp(dir.path / "a.json");
  EXPECT_EQ(text.find("\"sparse\""), text.rfind("\"sparse\"")) << "recorded once, for the sparse set only";
  EXPECT_NE(text.find("\"sparse\":true"), std::string::npos);
  const Manifest back = read_manifest(dir.path / "a.json");
  ASSERT_EQ(back.entries.size(), 2u);
  EXPECT_TRUE(back.entries[0].job.board.sparse);
  EXPECT_FALSE(back.entries[1].job.board.sparse);
  EXPECT_EQ(back.entries, m.entries);
}

TEST(Manifest, AbandonedWriterLeavesNoFile) {
  TempDir dir("manifest-abandon");
  {
    ManifestWriter w(dir.path / "manifest.json", make_header(small_book(), 7, std::nullopt));
    w.add(run_book(small_book(), std::nullopt, 1).entries.at(0));
  }
  EXPECT_TRUE(fs::is_empty(dir.path));
}

// An entry filed under another set or index, jobs swapped in order, or another book seed: the
// recorded seed no longer is job_seed(book_seed, set, index), or the indices do not run 0, 1, ...
// (regenerate used to call such a manifest identical, since each seed still makes its puzzle).
TEST(Manifest, EntriesMovedToAnotherJobOrBookSeedAreRefused) {
  TempDir dir("manifest-moved");
  const Manifest m = run_book(small_book(), std::nullopt, 2);
  const auto refused = [&](Manifest edited) {
    write_manifest(dir.path / "e.json", edited);
    try {
      read_manifest(dir.path / "e.json");
    } catch (const InputError& e) {
      return std::string(e.what()).substr((dir.path / "e.json").string().size());
    }
    return std::string("(read)");
  };
  EXPECT_EQ(refused(m), "(read)");
  Manifest moved = m;
  moved.entries[1].job.set_id = m.entries.back().job.set_id;
  EXPECT_EQ(refused(moved).rfind(": puzzles[1].seed: not the seed of set '" + m.entries.back().job.set_id + "' index ", 0), 0u)
      << refused(moved);
  Manifest reindexed = m;
  reindexed.entries[1].job.index = 7;
  EXPECT_NE(refused(reindexed).find("puzzles[1].seed: not the seed of"), std::string::npos) << refused(reindexed);
  Manifest reseeded = m;
  reseeded.header.book.seed += 1;
  EXPECT_NE(refused(reseeded).find("puzzles[0].seed: not the seed of"), std::string::npos) << refused(reseeded);
  Manifest swapped = m;  // two jobs of one set change places, their job numbers kept in order
  ASSERT_EQ(swapped.entries[0].job.set_id, swapped.entries[1].job.set_id);
  std::swap(swapped.entries[0], swapped.entries[1]);
  std::swap(swapped.entries[0].ordinal, swapped.entries[1].ordinal);
  EXPECT_NE(refused(swapped).find("puzzles[0].index: set '"), std::string::npos) << refused(swapped);
  Manifest regraded = m;
  auto made = std::find_if(regraded.entries.begin(), regraded.entries.end(), [](const ManifestEntry& e) { return e.ok; });
  ASSERT_NE(made, regraded.entries.end());
  made->grade.level = made->job.target == Difficulty::hard ? Difficulty::easy : Difficulty::hard;
  EXPECT_NE(refused(regraded).find(".grade.level: '"), std::string::npos) << refused(regraded);
}

TEST(Manifest, UnreadableManifestIsBadInput) {
  TempDir dir("manifest-bad");
  std::ofstream(dir.path / "m.json") << "{\"format\": \"hidato-manifest/1\"}";
  EXPECT_THROW(read_manifest(dir.path / "m.json"), InputError);
  EXPECT_THROW(read_manifest(dir.path / "missing.json"), InputError);
  // JSON the parser refuses is located as FILE:LINE:COL, without the library's own prefix, and a
  // number too big for a double (which the library gives no position for) where it stands.
  const auto message = [](const std::string& text) {
    try {
      parse_manifest(text, "m.json");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(message("{\n  \"format\": \"hidato-manifest/1\",\n  \"tool\" 3\n}"),
            "m.json:3:10: not valid JSON: syntax error while parsing object separator - unexpected number literal; "
            "expected ':'");
  EXPECT_EQ(message("{\n  \"format\": 1e999\n}"), "m.json:2:13: not valid JSON: number overflow parsing '1e999'");
  // What the pages print is checked as a config's is: an ISBN's check digit, control characters.
  write_manifest(dir.path / "good.json", run_book(small_book(), std::nullopt, 1));
  const std::string good = slurp(dir.path / "good.json");
  const auto edited = [&](const std::string& from, const std::string& to) {
    std::string text = good;
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return message(text.replace(at, from.size(), to));
  };
  EXPECT_EQ(edited("\"isbn\":\"\"", "\"isbn\":\"978-0-306-40615-8\""),
            "m.json: book.isbn: '978-0-306-40615-8' is not an ISBN: its check digit does not match");
  EXPECT_EQ(edited("\"title\":\"Hidato\"", "\"title\":\"Hi\\u0000dato\""),
            "m.json: book.title: printed text cannot hold control characters (got 'Hi\\x00dato')");
}

TEST(Merge, ShardsJoinIntoTheSingleRunManifest) {
  TempDir dir("merge");
  const BookSpec spec = small_book();
  const Manifest whole = run_book(spec, std::nullopt, 2);
  const Manifest merged = merge_manifests({run_book(spec, Shard{1, 2}, 1), run_book(spec, Shard{0, 2}, 1)},
                                          {"s1", "s0"});
  write_manifest(dir.path / "whole.json", whole);
  write_manifest(dir.path / "merged.json", merged);
  EXPECT_EQ(slurp(dir.path / "whole.json"), slurp(dir.path / "merged.json"));
}

TEST(Merge, MissingRepeatedOrForeignShardsAreRejected) {
  const BookSpec spec = small_book();
  const Manifest s0 = run_book(spec, Shard{0, 2}, 1);
  const Manifest s1 = run_book(spec, Shard{1, 2}, 1);
  const auto message = [](const std::vector<Manifest>& ms, const std::vector<std::string>& names) {
    try {
      merge_manifests(ms, names);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("(merged)");
  };
  EXPECT_EQ(message({s0}, {"s0"}), "merge: shard 1/2 is missing");
  EXPECT_EQ(message({s0, s0}, {"a", "b"}), "b: shard 0 given twice (also a)");
  Manifest other = s1;
  other.header.config_digest = "0000000000000000";
  EXPECT_EQ(message({s0, other}, {"a", "b"}),
            "b: from config '" + s1.header.config_name + "' of digest 0000000000000000 (every byte counts, comments "
            "too: build each shard from the same file), another config than a");
  other = s1;
  other.header.tool = "hidato 0.0.9 generator 1";
  EXPECT_EQ(message({s0, other}, {"a", "b"}), "b: made by 'hidato 0.0.9 generator 1', another tool version than a");
  other = s1;
  other.header.book.title = "Another";
  EXPECT_EQ(message({s0, other}, {"a", "b"}), "b: other book settings (title, template, formats or seed) than a");
  EXPECT_EQ(message({run_book(spec, std::nullopt, 1)}, {"w"}), "w: not a shard manifest (built without --shard)");
  other = s1;
  other.header.config_name = "copy.yaml";  // the same bytes under another name
  EXPECT_EQ(message({s0, other}, {"a", "b"}), "b: from config file 'copy.yaml', the same bytes as a's '" +
                                                   s0.header.config_name +
                                                   "' under another name: build every shard from one file");
  // A set whose entries disagree on its spec (one config at two paths, or a hand edit) is
  // refused, naming the set and what differs; the shard whose entry differs is named first.
  for (const auto& [what, edit] : std::vector<std::pair<std::string, std::function<void(PuzzleJob&)>>>{
           {"budget", [](PuzzleJob& j) { j.budget.deadline_ms += 1; }},
           {"board spec", [](PuzzleJob& j) { j.board.mask_file = "/elsewhere/m.txt"; }},
           {"difficulty", [](PuzzleJob& j) { j.target = Difficulty::extreme; }}}) {
    other = s1;
    const auto shared = std::find_if(other.entries.begin(), other.entries.end(), [&](const ManifestEntry& e) {
      return std::any_of(s0.entries.begin(), s0.entries.end(), [&](const ManifestEntry& f) { return f.job.set_id == e.job.set_id; });
    });
    ASSERT_NE(shared, other.entries.end());
    edit(shared->job);
    EXPECT_EQ(message({s0, other}, {"a", "b"}).rfind("b: set '" + shared->job.set_id + "' has another " + what + " than in a", 0), 0u)
        << message({s0, other}, {"a", "b"});
  }
}

TEST(Verify, CatchesATamperedSolution) {
  Manifest m = run_book(small_book(), std::nullopt, 2);
  EXPECT_TRUE(verify_manifest(m, 2, nullptr).empty());
  auto it = std::find_if(m.entries.begin(), m.entries.end(), [](const ManifestEntry& e) { return e.ok; });
  ASSERT_NE(it, m.entries.end());
  // Swap two numbers of the solution: it no longer matches the puzzle's unique answer.
  std::string& s = it->solution;
  const auto a = s.find(":1,"), b = s.find(",2,");
  if (a != std::string::npos && b != std::string::npos) {
    s[a + 1] = '2';
    s[b + 1] = '1';
  } else {
    s += "x";
  }
  const auto bad = verify_manifest(m, 2, nullptr);
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_EQ(bad[0].rfind(it->job.set_id + "[" + std::to_string(it->job.index) + "]: ", 0), 0u) << bad[0];
}

// A puzzle left with no givens reads both ways: the recorded solution numbered from its other end
// is a second one, said without a search (a tampered manifest's blank 100x100 board was a 139 s,
// 1.09 GB proof).
TEST(Verify, APuzzleWithoutGivensHasTheRecordedSolutionBackwardsToo) {
  Manifest m = run_book(small_book(), std::nullopt, 1);
  auto it = std::find_if(m.entries.begin(), m.entries.end(), [](const ManifestEntry& e) { return e.ok; });
  ASSERT_NE(it, m.entries.end());
  Puzzle p = parse_description(it->puzzle);
  std::fill(p.givens.begin(), p.givens.end(), 0);
  it->puzzle = describe(p);
  it->clues = 0;
  it->job.board.hide_ends = true;
  const auto bad = verify_manifest(m, 1, nullptr);
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_EQ(bad[0], it->job.set_id + "[" + std::to_string(it->job.index) +
                        "]: more than one solution (the recorded one numbered from its other end fits too)");
}

// A proof has a deadline: the recorded one by default, or the caller's. The node budget does not
// count the root propagation, and a tampered record (a 100x100 board with one given) took 218 s
// and 1.09 GB within it. Here the deadline of 1 ms passes while the root's tables are filled.
TEST(Verify, AProofEndsAtItsDeadline) {
  Manifest m = run_book(small_book(), std::nullopt, 1);
  auto it = std::find_if(m.entries.begin(), m.entries.end(), [](const ManifestEntry& e) { return e.ok; });
  ASSERT_NE(it, m.entries.end());
  const int side = 100;
  Board board(it->job.board.topology, side, side, std::vector<bool>(side * side, true));
  Values snake(static_cast<std::size_t>(side * side));
  for (int r = 0; r < side; ++r)
    for (int c = 0; c < side; ++c) snake[static_cast<std::size_t>(r * side + c)] = r * side + (r % 2 ? side - c : c + 1);
  Puzzle one{board, Values(snake.size(), 0), {}};
  one.givens[0] = 1;
  it->puzzle = describe(one);
  it->solution = describe(Puzzle{board, snake, {}});
  it->clues = 1;
  it->job.board.shape = "rect";
  it->job.board.rows = it->job.board.cols = side;
  it->job.board.obstacles = 0;
  it->job.board.hide_ends = true;
  const std::string who = it->job.set_id + "[" + std::to_string(it->job.index) + "]: ";
  const std::string late = "the proof did not finish (deadline after ";
  auto bad = verify_manifest(m, 1, nullptr, 1);
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_EQ(bad[0].rfind(who + late, 0), 0u) << bad[0];
  it->job.budget.deadline_ms = 1;  // the recorded deadline, when the caller gives none
  bad = verify_manifest(m, 1, nullptr);
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_EQ(bad[0].rfind(who + late, 0), 0u) << bad[0];
}

// A description that does not read names its field (it said "description, column 50").
TEST(Verify, NamesTheFieldOfAnUnreadableDescription) {
  Manifest m = run_book(small_book(), std::nullopt, 1);
  auto it = std::find_if(m.entries.begin(), m.entries.end(), [](const ManifestEntry& e) { return e.ok; });
  ASSERT_NE(it, m.entries.end());
  it->solution += ".0";
  const auto bad = verify_manifest(m, 1, nullptr);
  ASSERT_EQ(bad.size(), 1u);
  const std::string who = it->job.set_id + "[" + std::to_string(it->job.index) + "]: ";
  EXPECT_EQ(bad[0].rfind(who + "unreadable: solution, column ", 0), 0u) << bad[0];
}

TEST(Regenerate, ReproducesTheRecordedPuzzlesAndSpotsChanges) {
  Manifest m = run_book(small_book(), std::nullopt, 2);
  RegenerateCount count;
  EXPECT_TRUE(regenerate_manifest(m, Selection{}, 2, nullptr, count).empty());
  EXPECT_EQ(count.jobs, 7);
  EXPECT_EQ(count.failed, 0);
  EXPECT_TRUE(regenerate_manifest(m, Selection{"hx", 1}, 1, nullptr, count).empty());
  EXPECT_EQ(count.jobs, 1);
  m.entries[2].job.seed ^= 1;  // a different seed gives a different puzzle
  const auto bad = regenerate_manifest(m, Selection{"sq", std::nullopt}, 1, nullptr, count);
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_EQ(bad[0].rfind("sq[2]: ", 0), 0u) << bad[0];
}

}  // namespace
}  // namespace hidato

namespace hidato {
namespace {

// The summary table and timings.json show one median: the mean of the middle two for an even
// count (timings.json took the upper one), none for a set that made nothing.
TEST(Progress, MedianIsTheMeanOfTheMiddleTwoForAnEvenCount) {
  SetTally s;
  EXPECT_FALSE(median_ms(s).has_value());
  s.ms = {28.5, 14.5};
  EXPECT_EQ(median_ms(s), 21.5);
  s.ms = {3, 1, 2};
  EXPECT_EQ(median_ms(s), 2);
}

// A failure's line says what to change: for a one-word reason and for a budget's longer one (it
// said only "budget: minimality not proven (2 removal tests undecided)").
TEST(Progress, FailuresSayWhatToChange) {
  BookJob job;
  job.job.set_id = "s";
  Progress progress({job, job, job}, ProgressMode::quiet, std::cerr);
  const std::vector<std::string> reasons{"level", "budget", "budget: minimality not proven (2 removal tests undecided)"};
  for (const std::string& reason : reasons) {
    JobOutcome failed;
    failed.job = job;
    failed.failure = Failure{reason, 1};
    progress.on_outcome(failed);
  }
  const auto& failures = progress.tallies().at(0).failures;
  ASSERT_EQ(failures.size(), 3u);
  EXPECT_NE(failures[0].find("level (no attempt's puzzle had the set's difficulty"), std::string::npos) << failures[0];
  for (const std::string& line : {failures[1], failures[2]})
    EXPECT_NE(line.find(" (no attempt proved its puzzle within budget.nodes; raise it"), std::string::npos) << line;
  EXPECT_EQ(Failure{reasons[2]}.kind(), "budget");
}

// Columns line up by characters, not bytes: a set named 'café' (5 bytes) pads like 'cafe'.
TEST(Progress, SummaryTableColumnsCountCharacters) {
  SetTally accented, plain;
  accented.name = "caf\xC3\xA9";
  plain.name = "cafe2";
  const std::string table = summary_table({accented, plain});
  std::istringstream lines(table);
  std::string header, first, second;
  std::getline(lines, header);
  std::getline(lines, first);
  std::getline(lines, second);
  EXPECT_EQ(first.substr(0, 8), "caf\xC3\xA9   ");  // 4 characters padded to 5, then the gap
  EXPECT_EQ(first.size() - 1, second.size()) << table;  // one byte longer: the same width
  EXPECT_EQ(first.find("0"), second.find("0") + 1) << table;
}

}  // namespace
}  // namespace hidato
