// The `hidato` binary's build, regenerate, verify and merge commands, run as child processes.
// Configs here use `formats: []` (manifest only); PDF/SVG checks are in render_cli_test.cpp.
#include <gtest/gtest.h>

#include <regex>

#include <csignal>
#include <sstream>
#include <thread>

#include "cli_support.hpp"

namespace hidato::test {
namespace {

const char* mixed_config =
    "book: {title: Test, seed: 42, formats: [], date: '2026-01-02'}\n"
    "defaults: {difficulty: easy, deadline_ms: 60000}\n"
    "sets:\n"
    "  - {name: small, rows: 5, cols: 5, count: 5}\n"
    "  - {name: hex, topology: hex6, rows: 5, cols: 5, count: 4}\n"
    "  - {name: numbrix, topology: square4, rows: 6, cols: 6, count: 4, difficulty: medium}\n"
    "  - {name: round, shape: circle, rows: 7, cols: 7, count: 3}\n";

std::string first_solution_swapped(std::string manifest) {
  // Swap the cells numbered 1 and 2 in the first recorded solution.
  const std::string key = "\"solution\":\"";
  const auto start = manifest.find(key) + key.size();
  const auto end = manifest.find('"', start);
  std::string desc = manifest.substr(start, end - start);
  std::string out;
  std::string token;
  const auto flush = [&](char sep) {
    out += token == "1" ? "2" : token == "2" ? "1" : token;
    if (sep) out += sep;
    token.clear();
  };
  const auto body = desc.rfind(':') + 1;
  out = desc.substr(0, body);
  for (std::size_t i = body; i < desc.size(); ++i) {
    if (desc[i] == ',' || desc[i] == '/') flush(desc[i]);
    else token += desc[i];
  }
  flush(0);
  return manifest.replace(start, end - start, out);
}

TEST(Cli, BadConfigReportsEveryProblemAndWritesNothing) {
  TempDir dir("cli-bad");
  write_text(dir.path / "bad.yaml",
             "book: {formats: [], titel: X}\nsets:\n  - {name: a, count: 0}\n  - {name: a, rows: x}\n");
  const ChildRun r = run_hidato("build bad.yaml --out out", dir.path);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err,
            "hidato: error: bad.yaml: 4 problems\n"
            "bad.yaml:1:21: book.titel: unknown key 'titel' (did you mean 'title'?)\n"
            "bad.yaml:3:22: sets[0].count: count must be at least 1\n"
            "bad.yaml:4:12: sets[1].name: duplicate set name 'a' (first used at line 3)\n"
            "bad.yaml:4:21: sets[1].rows: expected a whole number, got 'x'\n");
  EXPECT_FALSE(fs::exists(dir.path / "out"));
}

TEST(Cli, BadFlagsAreUsageErrors) {
  TempDir dir("cli-flags");
  write_text(dir.path / "c.yaml", mixed_config);
  EXPECT_EQ(run_hidato("build c.yaml --threads 0", dir.path).exit_code, 1);
  EXPECT_EQ(run_hidato("build c.yaml --shard 3/3", dir.path).exit_code, 1);
  EXPECT_EQ(run_hidato("build", dir.path).exit_code, 1);
  EXPECT_EQ(run_hidato("build missing.yaml", dir.path).exit_code, 1);
  EXPECT_EQ(run_hidato("verify missing.json", dir.path).exit_code, 1);
  EXPECT_EQ(run_hidato("build --help", dir.path).exit_code, 0);
  // An option missing its value took the next option's name (the book went into '--quiet').
  const ChildRun eaten = run_hidato("build c.yaml --out --quiet", dir.path);
  EXPECT_EQ(eaten.exit_code, 1);
  EXPECT_EQ(eaten.err, "hidato: error: --out: missing its value (the next argument, '--quiet', is an option; "
                       "write --out=VALUE for a value that looks like an option)\n");
  EXPECT_FALSE(fs::exists(dir.path / "--quiet"));
  const ChildRun short_form = run_hidato("generate -r 5 -c 5 -o --json", dir.path);
  EXPECT_EQ(short_form.exit_code, 1);
  EXPECT_NE(short_form.err.find("-o: missing its value (the next argument, '--json', is an option; write --out=VALUE"),
            std::string::npos) << short_form.err;
  EXPECT_FALSE(fs::exists(dir.path / "--json"));
  // '-' is standard output (it wrote a file called '-'); an empty template or mask is refused.
  const ChildRun dash = run_hidato("generate -r 5 -c 5 --out -", dir.path);
  EXPECT_EQ(dash.exit_code, 0) << dash.err;
  EXPECT_NE(dash.out.find("# puzzle: 1/1"), std::string::npos) << dash.out;
  EXPECT_FALSE(fs::exists(dir.path / "-"));
  // A failure says what to change, in flags (it said only "failed: level after 20 attempts").
  const ChildRun level = run_hidato("generate -t square4 -r 3 -c 12 --obstacles 0.45 -d medium --seed 101", dir.path);
  EXPECT_EQ(level.exit_code, 2);
  EXPECT_EQ(level.err, "hidato: puzzle 1 (seed 101) failed: level after 20 attempts (no attempt's puzzle graded "
                       "medium; more --attempts, a larger board, fewer --obstacles or another --difficulty may reach it)\n");
  const ChildRun budget = run_hidato("generate -r 7 -c 7 -d extreme --nodes 1 --attempts 3 --seed 1", dir.path);
  EXPECT_EQ(budget.exit_code, 2);
  EXPECT_EQ(budget.err, "hidato: puzzle 1 (seed 1) failed: budget after 3 attempts (its proofs needed more than "
                        "--nodes 1 an attempt; raise it, or --attempts)\n");
  // Folders on the way to --out are made, as build's are (README: an outside check asked).
  const ChildRun nested = run_hidato("generate -r 5 -c 5 --out new/dir/f.txt", dir.path);
  EXPECT_EQ(nested.exit_code, 0) << nested.err;
  EXPECT_EQ(slurp(dir.path / "new" / "dir" / "f.txt").rfind("# puzzle: 1/1", 0), 0u);
  EXPECT_EQ(run_hidato("generate --shape mask --mask ''", dir.path).err,
            "hidato: error: --mask: expected a mask file or name, got an empty one\n");
  // A mask not found says where it was looked for (it said only "No such file or directory").
  EXPECT_EQ(run_hidato("generate --shape mask --mask nope", dir.path).err.rfind(
                "hidato: error: nope: no such mask file (looked for templates/shapes/nope[.txt] in ", 0),
            0u);
}

// Every command's help opens with its usage line, names each option it takes there or below,
// and ends with its exit codes; only the commands a signal stops list 129/130/143 (found from
// outside: generate and grade had neither line, regenerate's usage left out --threads, merge
// and render promised exits they never give).
TEST(Cli, EveryCommandsHelpHasItsUsageAndExitCodes) {
  TempDir dir("cli-help");
  for (const std::string command : {"build", "regenerate", "verify", "merge", "render", "solve", "generate", "grade"}) {
    SCOPED_TRACE(command);
    const ChildRun help = run_hidato(command + " --help", dir.path);
    EXPECT_EQ(help.exit_code, 0);
    EXPECT_EQ(help.out.rfind("usage: hidato " + command + " ", 0), 0u) << help.out;
    EXPECT_NE(help.out.find("\nexit codes: 0 "), std::string::npos) << help.out;
    const bool stoppable = command == "build" || command == "regenerate" || command == "verify" || command == "generate";
    EXPECT_EQ(help.out.find("129/130/143") != std::string::npos, stoppable) << help.out;
    const std::string usage = help.out.substr(0, help.out.find("\n\n"));
    if (help.out.find("--threads") != std::string::npos) {
      EXPECT_NE(usage.find("--threads"), std::string::npos) << usage;
    }
  }
}

// solve's text output reads back, one puzzle per grid: two inputs, and the two solutions of a
// puzzle with several (the second grid's topology header came after the first's rows and was
// refused), and the headers solve writes are not echoed again from its own output.
TEST(Cli, SolveOutputReadsBack) {
  TempDir dir("cli-solve-back");
  write_text(dir.path / "two.txt", "1 . 3\n. . .\n9 . .\n");
  write_text(dir.path / "one.txt", "# verdict: none\n# topology: square4\n1 . 3\n. . .\n. . 9\n");
  const ChildRun first = run_hidato("solve two.txt one.txt", dir.path);
  EXPECT_EQ(first.exit_code, 2) << first.err;  // two.txt has two solutions
  write_text(dir.path / "out.txt", first.out);
  const ChildRun again = run_hidato("solve out.txt", dir.path);
  EXPECT_EQ(again.exit_code, 0) << again.err;
  const auto count = [](const std::string& text, const std::string& what) {
    int n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count(again.out, "# verdict: unique\n"), 3) << again.out;
  EXPECT_EQ(count(again.out, "# verdict:"), 3) << again.out;
  EXPECT_EQ(count(again.out, "# file:"), 3) << again.out;
  EXPECT_EQ(count(first.out, "# verdict: none"), 0) << first.out;
  // grade --json names each puzzle of a file as solve --json does (it said the file alone).
  const ChildRun graded = run_hidato("grade --json out.txt", dir.path);
  EXPECT_EQ(graded.exit_code, 0) << graded.err;
  for (int k = 1; k <= 3; ++k)
    EXPECT_NE(graded.out.find("\"file\":\"out.txt#" + std::to_string(k) + "\""), std::string::npos) << graded.out;
  // `-` reads standard input, named so in messages.
  const ChildRun piped = run_hidato("solve - < out.txt", dir.path);
  EXPECT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_EQ(count(piped.out, "# verdict: unique\n"), 3) << piped.out;
  write_text(dir.path / "bad.txt", "1 . 3\n. 9 .\n7 . 99\n");
  const ChildRun bad = run_hidato("grade - < bad.txt", dir.path);
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_EQ(bad.err, "hidato: error: standard input:3:5: value 99 is out of range 1..9 (the board has 9 playable cells)\n");
}

TEST(Cli, ManifestsAreIdenticalForOneTwoAndFourThreads) {
  TempDir dir("cli-threads");
  write_text(dir.path / "c.yaml", mixed_config);
  const ChildRun one = run_hidato("build c.yaml --out t1 --threads 1 --quiet", dir.path);
  const ChildRun two = run_hidato("build c.yaml --out t2 --threads 2 --quiet", dir.path);
  const ChildRun four = run_hidato("build c.yaml --out t4 --threads 4 --quiet", dir.path);
  EXPECT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(two.exit_code, one.exit_code);
  EXPECT_EQ(four.exit_code, one.exit_code);
  const std::string m1 = slurp(dir.path / "t1/manifest.json");
  ASSERT_NE(m1.find("\"set\":\"round\",\"index\":2"), std::string::npos);
  EXPECT_EQ(m1, slurp(dir.path / "t2/manifest.json"));
  EXPECT_EQ(m1, slurp(dir.path / "t4/manifest.json"));
  EXPECT_EQ(file_names(dir.path / "t2"), (std::vector<std::string>{"manifest.json", "timings.json"}));
  EXPECT_EQ(one.out, "");  // --quiet: no summary table
}

TEST(Cli, SummaryTableAndPlainProgressLines) {
  TempDir dir("cli-summary");
  write_text(dir.path / "c.yaml", mixed_config);
  const ChildRun r = run_hidato("build c.yaml --threads 2", dir.path);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("set        made  failed   median ms  grades\n", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("\nnumbrix       4       0 "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\ntotal        16       0\nmade in "), std::string::npos) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\nmade in [0-9]+\\.[0-9] s on 2 threads\n$"))) << r.out;
  // stderr is not a terminal here: plain lines, one per finished set, no carriage returns.
  EXPECT_NE(r.err.find("hidato: numbrix: 4/4  made 4  failed 0"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\r'), std::string::npos);
  EXPECT_TRUE(fs::exists(dir.path / "out/c/manifest.json"));  // default folder out/<config stem>
}

// The grades column counts every level, extreme too (it once had room for four levels only, and
// an extreme puzzle's count went past the end of the array).
TEST(Cli, SummaryTableCountsExtremePuzzles) {
  TempDir dir("cli-summary-extreme");
  write_text(dir.path / "x.yaml",
             "book: {seed: 7, formats: []}\n"
             "sets:\n"
             "  - {name: mixed, rows: 6, cols: 6, count: 1, difficulty: hard}\n"
             "  - {name: hardest, rows: 7, cols: 7, count: 2, difficulty: extreme, deadline_ms: 60000}\n");
  const ChildRun r = run_hidato("build x.yaml --threads 2", dir.path);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\nhardest       2       0 "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  extreme 2\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  hard 1\n"), std::string::npos) << r.out;
}

TEST(Cli, ImpossibleDeadlineFailsCleanlyWithExitTwo) {
  TempDir dir("cli-deadline");
  write_text(dir.path / "d.yaml",
             "book: {formats: []}\n"
             "sets:\n"
             "  - {name: fine, rows: 5, cols: 5, difficulty: easy, count: 2}\n"
             "  - {name: huge, rows: 60, cols: 60, difficulty: expert, count: 2, deadline_ms: 1}\n");
  // A 1 ms deadline must stop the huge jobs promptly; 120 s only guards against a hang.
  const pid_t pid = spawn_hidato({"build", "d.yaml", "--out", "o", "--threads", "2"}, dir.path);
  const int code = wait_exit_within(pid, 120);
  const std::string err = slurp(dir.path / "child.log");
  ASSERT_NE(code, -1) << "a job with deadline_ms 1 was still running after 120 s";
  EXPECT_EQ(code, 2) << err;
  EXPECT_NE(err.find("hidato: failed: huge[0]: deadline"), std::string::npos) << err;
  EXPECT_NE(err.find("hidato: failed: huge[1]: deadline"), std::string::npos) << err;
  const std::string m = slurp(dir.path / "o/manifest.json");
  EXPECT_NE(m.find("\"set\":\"fine\",\"index\":1,\"seed\""), std::string::npos);
  EXPECT_NE(m.find("\"status\":\"failed\",\"reason\":\"deadline"), std::string::npos);
  EXPECT_NE(m.find("\"summary\": {\"made\":2,\"failed\":2"), std::string::npos) << m;
  // The book lacks two puzzles: verify proves the two it has and fails like the build did.
  const ChildRun verify = run_hidato("verify o/manifest.json", dir.path);
  EXPECT_EQ(verify.exit_code, 2) << verify.err;
  EXPECT_EQ(verify.out, "verified 2 puzzles: each has exactly one solution, the recorded one\n");
  EXPECT_NE(verify.err.find("hidato: failed: huge[1]: deadline"), std::string::npos) << verify.err;
  EXPECT_NE(verify.err.find("hidato: 2 jobs of 4 are recorded as failed: the book lacks their puzzles\n"),
            std::string::npos) << verify.err;
  // A bad puzzle besides: both are listed.
  write_text(dir.path / "t/manifest.json", first_solution_swapped(m));
  const ChildRun both = run_hidato("verify t/manifest.json", dir.path);
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_EQ(both.out, "");
  EXPECT_NE(both.err.find("hidato: bad: fine[0]: "), std::string::npos) << both.err;
  EXPECT_NE(both.err.find("hidato: failed: huge[0]: deadline"), std::string::npos) << both.err;
  EXPECT_NE(both.err.find("hidato: 2 jobs of 4 are recorded as failed"), std::string::npos) << both.err;
}

// Shards in which no puzzle was made merge into no book, as a single run writes none: the earlier
// book in the folder stays (merge replaced it with an empty one).
TEST(Cli, ShardsWithoutAPuzzleMergeIntoNoBook) {
  TempDir dir("cli-merge-none");
  write_text(dir.path / "fine.yaml", "book: {formats: []}\nsets:\n  - {name: fine, rows: 5, cols: 5, difficulty: easy}\n");
  ASSERT_EQ(run_hidato("build fine.yaml --out book -q", dir.path).exit_code, 0);
  const std::string earlier = slurp(dir.path / "book/manifest.json");
  write_text(dir.path / "none.yaml",
             "book: {formats: []}\nsets:\n  - {name: huge, rows: 60, cols: 60, difficulty: expert, count: 2, deadline_ms: 1}\n");
  EXPECT_EQ(run_hidato("build none.yaml --out s0 -q --shard 0/2", dir.path).exit_code, 2);
  EXPECT_EQ(run_hidato("build none.yaml --out s1 -q --shard 1/2", dir.path).exit_code, 2);
  const ChildRun merged = run_hidato("merge s0/manifest.json s1/manifest.json --out book", dir.path);
  EXPECT_EQ(merged.exit_code, 2) << merged.err;
  EXPECT_NE(merged.err.find("hidato: failed: huge[1]: deadline"), std::string::npos) << merged.err;
  EXPECT_NE(merged.err.find("hidato: no puzzle was made, so no book was written; book is left as it was\n"),
            std::string::npos) << merged.err;
  EXPECT_EQ(slurp(dir.path / "book/manifest.json"), earlier);
}

// The one-word reasons (`level`, `budget`) say what to change (found from outside: an operator
// was left to guess). One attempt each on small boards: expert and extreme miss their level.
TEST(Cli, OneWordFailureReasonsSayWhatToChange) {
  TempDir dir("cli-reasons");
  const ChildRun r = build_config(
      "book: {seed: 1, formats: []}\nsets:\n"
      "  - {name: l, rows: 7, cols: 7, difficulty: expert, count: 3, budget: {attempts: 1}}\n"
      "  - {name: b, rows: 9, cols: 9, difficulty: extreme, count: 2, budget: {nodes: 1000, attempts: 1}}\n",
      "--out o --quiet", dir.path);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  std::istringstream lines(r.err);
  int failures = 0;
  for (std::string line; std::getline(lines, line);) {
    if (!line.starts_with("hidato: failed: ")) continue;
    ++failures;
    EXPECT_FALSE(line.ends_with(": level") || line.ends_with(": budget")) << "a bare reason: " << line;
    if (line.find(": level (") != std::string::npos) {
      EXPECT_NE(line.find("budget.attempts"), std::string::npos) << line;
    }
  }
  EXPECT_GT(failures, 0) << r.err;
}

// A nightly build of which no puzzle was made (here: a 1 ms deadline on big boards) used to
// replace the last good book with an empty one; now it writes nothing and says so (exit 2).
TEST(Cli, ABuildThatMadeNoPuzzleKeepsTheEarlierBook) {
  TempDir dir("cli-nothing-made");
  ASSERT_EQ(build_config("book: {seed: 2, formats: []}\nsets:\n  - {name: s, rows: 5, cols: 5, difficulty: easy}\n",
                         "--out o --quiet", dir.path)
                .exit_code,
            0);
  const std::string good = slurp(dir.path / "o/manifest.json");
  const ChildRun r = build_config(
      "book: {seed: 2, formats: []}\nsets:\n  - {name: huge, rows: 60, cols: 60, difficulty: expert, count: 2, "
      "deadline_ms: 1}\n",
      "--out o --quiet --threads 2", dir.path);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("hidato: failed: huge[0]: deadline"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("hidato: no puzzle was made, so no book was written; o is left as it was\n"), std::string::npos)
      << r.err;
  EXPECT_EQ(slurp(dir.path / "o/manifest.json"), good);
  EXPECT_EQ(file_names(dir.path), (std::vector<std::string>{".o.hidato-lock", "c.yaml", "o"}));
}

// A job that misses its deadline when made again is not "different": wall-clock time is not
// reproducible, and the message says so (found from outside, on a loaded machine).
TEST(Cli, RegenerateSaysADeadlineMissIsNotADifference) {
  TempDir dir("cli-regen-deadline");
  ASSERT_EQ(build_config("book: {seed: 2, formats: []}\nsets:\n  - {name: big, rows: 14, cols: 14, difficulty: hard, "
                         "deadline_ms: 60000}\n",
                         "--out b --quiet", dir.path)
                .exit_code,
            0);
  const std::string m = slurp(dir.path / "b/manifest.json");
  const std::size_t at = m.find("\"deadline_ms\":60000");
  ASSERT_NE(at, std::string::npos) << m;
  write_text(dir.path / "t/manifest.json", std::string(m).replace(at, 19, "\"deadline_ms\":1"));
  const ChildRun r = run_hidato("regenerate t/manifest.json", dir.path);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.rfind("hidato: differs: big[0]: not reproduced within its deadline this time (deadline", 0), 0u) << r.err;
}

// A failure that comes back as recorded is identical too; the summary counts it apart from the
// puzzles (it said "regenerated 4 puzzles: all identical" of one puzzle and three failures, then
// exited 2 for the book's missing puzzles).
TEST(Cli, RegenerateCountsFailuresThatComeBackAsRecorded) {
  TempDir dir("cli-regen-failed");
  write_text(dir.path / "c.yaml",
             "book: {title: Regen, seed: 5, formats: []}\n"
             "sets:\n"
             "  - {name: a, rows: 5, cols: 5, difficulty: easy, count: 1}\n"
             "  - {name: strip, rows: 2, cols: 8, difficulty: hard, count: 3, budget: {attempts: 1}}\n"
             "  - {name: late, rows: 12, cols: 12, difficulty: hard, count: 1, deadline_ms: 1}\n");
  ASSERT_EQ(run_hidato("build c.yaml --out b --quiet", dir.path).exit_code, 2);
  const ChildRun regen = run_hidato("regenerate b/manifest.json", dir.path);
  EXPECT_EQ(regen.exit_code, 2) << regen.err;
  EXPECT_EQ(regen.out, "regenerated 4 jobs: all identical to the manifest (1 puzzle, and 3 failures as recorded); "
                       "1 job recorded as failed on its deadline was not re-run (wall time does not reproduce)\n");
  EXPECT_NE(regen.err.find("hidato: failed: strip[2]: level"), std::string::npos) << regen.err;
  const ChildRun one = run_hidato("regenerate b/manifest.json --set strip --index 1", dir.path);
  EXPECT_EQ(one.out, "regenerated 1 job: identical to the manifest (1 failure as recorded)\n");
  // A failure's reason is the manifest's text, which anyone may edit: it reaches the terminal
  // escaped (an ESC byte in it cleared the screen).
  std::string edited = slurp(dir.path / "b/manifest.json");
  const auto at = edited.find("\"reason\":\"level");
  ASSERT_NE(at, std::string::npos);
  edited.replace(at, 15, "\"reason\":\"\\u001b[2Jboom\\nnext");
  write_text(dir.path / "b/manifest.json", edited);
  const ChildRun shown = run_hidato("verify b/manifest.json", dir.path);
  EXPECT_EQ(shown.exit_code, 2) << shown.err;
  EXPECT_NE(shown.err.find("hidato: failed: strip[0]: \\x1b[2Jboom\\x0anext"), std::string::npos) << shown.err;
  EXPECT_EQ(shown.err.find('\x1b'), std::string::npos) << shown.err;
}

// A made puzzle whose mask file is gone cannot be regenerated: bad input now (exit 1, naming the
// puzzle and the file), not a puzzle that differs (it was "differs: now fails: spec: ...", exit 2).
TEST(Cli, RegenerateWithItsMaskGoneIsBadInput) {
  TempDir dir("cli-regen-mask");
  write_text(dir.path / "m.txt", "####\n####\n####\n####\n");
  write_text(dir.path / "c.yaml",
             "book: {title: Masks, seed: 5, formats: []}\nsets:\n  - {name: m, mask: m.txt, difficulty: easy}\n");
  ASSERT_EQ(run_hidato("build c.yaml --out b --quiet", dir.path).exit_code, 0);
  fs::remove(dir.path / "m.txt");
  const ChildRun r = run_hidato("regenerate b", dir.path);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.err, "hidato: error: m[0]: its spec cannot be built again: " + (dir.path / "m.txt").string() +
                       ": no such mask file\n");
}

TEST(Cli, RegenerateAndVerifyRoundTripAndVerifyCatchesTampering) {
  TempDir dir("cli-regen");
  write_text(dir.path / "c.yaml", mixed_config);
  ASSERT_EQ(run_hidato("build c.yaml --out b --quiet", dir.path).exit_code, 0);
  const ChildRun regen = run_hidato("regenerate b/manifest.json --out again", dir.path);
  EXPECT_EQ(regen.exit_code, 0) << regen.err;
  EXPECT_EQ(regen.out, "regenerated 16 puzzles: all identical to the manifest\n");
  // The book's folder names its manifest (it was "cannot read the manifest: it is a folder").
  const ChildRun by_folder = run_hidato("verify b", dir.path);
  EXPECT_EQ(by_folder.exit_code, 0) << by_folder.err;
  EXPECT_EQ(by_folder.out.rfind("verified 16 puzzles", 0), 0u) << by_folder.out;
  EXPECT_EQ(slurp(dir.path / "again/manifest.json"), slurp(dir.path / "b/manifest.json"));
  const ChildRun one = run_hidato("regenerate b/manifest.json --set hex --index 3", dir.path);
  EXPECT_EQ(one.out, "regenerated 1 puzzle: identical to the manifest\n") << one.err;
  EXPECT_EQ(one.err.find("note:"), std::string::npos) << one.err;
  // Made by another generator: regenerate says so first (its seeds may make other puzzles here).
  std::string old_tool = slurp(dir.path / "b/manifest.json");
  const auto tool_at = old_tool.find(" generator ");
  ASSERT_NE(tool_at, std::string::npos);
  old_tool.replace(tool_at, 11, " generator 1");  // "... generator 1NN": not this build's
  write_text(dir.path / "old/manifest.json", old_tool);
  const ChildRun older = run_hidato("regenerate old/manifest.json --set hex --index 3", dir.path);
  EXPECT_EQ(older.err.rfind("hidato: note: old/manifest.json was made by 'hidato ", 0), 0u) << older.err;
  EXPECT_NE(older.err.find("': a seed makes the same puzzle only under the same generator\n"), std::string::npos)
      << older.err;
  const ChildRun verify = run_hidato("verify b/manifest.json", dir.path);
  EXPECT_EQ(verify.exit_code, 0) << verify.err;
  EXPECT_EQ(verify.out, "verified 16 puzzles: each has exactly one solution, the recorded one\n");

  write_text(dir.path / "t/manifest.json", first_solution_swapped(slurp(dir.path / "b/manifest.json")));
  const ChildRun bad = run_hidato("verify t/manifest.json", dir.path);
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.err.rfind("hidato: bad: small[0]: ", 0), 0u) << bad.err;
  EXPECT_NE(bad.err.find("1 of 16 puzzles failed verification"), std::string::npos) << bad.err;
  const ChildRun differs = run_hidato("regenerate t/manifest.json --set small --index 0", dir.path);
  EXPECT_EQ(differs.exit_code, 2);
  EXPECT_EQ(differs.err.rfind("hidato: differs: small[0]: a different solution", 0), 0u) << differs.err;

  const ChildRun typo = run_hidato("regenerate b/manifest.json --set hexx", dir.path);
  EXPECT_EQ(typo.exit_code, 1);
  EXPECT_NE(typo.err.find("b/manifest.json: --set: no set 'hexx' in the manifest (its sets: small, "), std::string::npos)
      << typo.err;
  const ChildRun beyond = run_hidato("regenerate b/manifest.json --set hex --index 4", dir.path);
  EXPECT_EQ(beyond.exit_code, 1);
  EXPECT_NE(beyond.err.find("b/manifest.json: --index 4: set 'hex' has 4 puzzles (indices 0 to 3)"), std::string::npos)
      << beyond.err;
  const ChildRun negative = run_hidato("regenerate b/manifest.json --set hex --index -1", dir.path);
  EXPECT_EQ(negative.exit_code, 1);
  EXPECT_NE(negative.err.find("--index: expected a puzzle's index within its set, from 0, got -1"), std::string::npos)
      << negative.err;

  // A folder that is no book's is refused before any puzzle is made again, not after.
  write_text(dir.path / "notes/todo.txt", "mine\n");
  const ChildRun foreign = run_hidato("regenerate b/manifest.json --out notes", dir.path);
  EXPECT_EQ(foreign.exit_code, 1);
  EXPECT_EQ(foreign.out, "") << "puzzles were made before the folder was refused";
  EXPECT_NE(foreign.err.find("notes"), std::string::npos) << foreign.err;
  EXPECT_EQ(slurp(dir.path / "notes/todo.txt"), "mine\n");
}

TEST(Cli, ShardsMergedEqualASingleRun) {
  TempDir dir("cli-shards");
  write_text(dir.path / "c.yaml", mixed_config);
  ASSERT_EQ(run_hidato("build c.yaml --out whole --quiet", dir.path).exit_code, 0);
  for (int k = 0; k < 3; ++k) {
    const std::string shard = std::to_string(k) + "/3";
    ASSERT_EQ(run_hidato("build c.yaml --quiet --threads 1 --shard " + shard + " --out s" + std::to_string(k), dir.path).exit_code, 0);
  }
  EXPECT_NE(slurp(dir.path / "s1/manifest.json").find("\"shard\": {\"index\":1,\"count\":3}"), std::string::npos);
  const ChildRun merge = run_hidato("merge s2/manifest.json s0/manifest.json s1/manifest.json --out merged", dir.path);
  EXPECT_EQ(merge.exit_code, 0) << merge.err;
  EXPECT_EQ(slurp(dir.path / "merged/manifest.json"), slurp(dir.path / "whole/manifest.json"));
  // The shards' folders stand for their manifests, as for verify, regenerate and render.
  const ChildRun folders = run_hidato("merge s2 s0/ s1 --out merged-folders", dir.path);
  EXPECT_EQ(folders.exit_code, 0) << folders.err;
  EXPECT_EQ(slurp(dir.path / "merged-folders/manifest.json"), slurp(dir.path / "whole/manifest.json"));
  const ChildRun missing = run_hidato("merge s0/manifest.json s1/manifest.json --out m2", dir.path);
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_EQ(missing.err, "hidato: error: merge: shard 2/3 is missing\n");
  // A book split one way is a shard like any other: a shard's manifest and no book, which merge
  // takes (0/1 used to build the whole book, which merge refused as no shard's).
  ASSERT_EQ(run_hidato("build c.yaml --quiet --shard 0/1 --out one", dir.path).exit_code, 0);
  EXPECT_NE(slurp(dir.path / "one/manifest.json").find("\"shard\": {\"index\":0,\"count\":1}"), std::string::npos);
  EXPECT_FALSE(fs::exists(dir.path / "one/book.pdf"));
  const ChildRun single = run_hidato("merge one/manifest.json --out merged1", dir.path);
  EXPECT_EQ(single.exit_code, 0) << single.err;
  EXPECT_EQ(slurp(dir.path / "merged1/manifest.json"), slurp(dir.path / "whole/manifest.json"));
}

// Shards of a book of small sets hold puzzles of some sets only, and listed their set titles in
// the order of those: merge refused them as "other book settings" (found from outside: every
// config of sets of one puzzle, split in two).
TEST(Cli, ShardsHoldingSomeSetsOnlyMergeIntoTheSingleRun) {
  TempDir dir("cli-shards-sets");
  write_text(dir.path / "c.yaml",
             "book: {title: Small sets, formats: []}\n"
             "sets:\n"
             "  - {name: c, title: Third, rows: 5, cols: 5, difficulty: easy, count: 1}\n"
             "  - {name: a, title: First, rows: 5, cols: 5, difficulty: easy, count: 1}\n"
             "  - {name: b, rows: 5, cols: 5, difficulty: easy, count: 2}\n");
  ASSERT_EQ(run_hidato("build c.yaml --out whole --quiet", dir.path).exit_code, 0);
  for (const int n : {2, 3, 4}) {
    SCOPED_TRACE(std::to_string(n) + " shards");
    std::string manifests;
    for (int k = n - 1; k >= 0; --k) {
      const std::string out = "s" + std::to_string(n) + "-" + std::to_string(k);
      ASSERT_EQ(run_hidato("build c.yaml --quiet --shard " + std::to_string(k) + "/" + std::to_string(n) + " --out " + out,
                           dir.path).exit_code, 0);
      manifests += " " + out + "/manifest.json";
    }
    const std::string merged = "m" + std::to_string(n);
    const ChildRun merge = run_hidato("merge" + manifests + " --out " + merged, dir.path);
    EXPECT_EQ(merge.exit_code, 0) << merge.err;
    EXPECT_EQ(slurp(dir.path / merged / "manifest.json"), slurp(dir.path / "whole/manifest.json"));
  }
}

// From an operator's pass: a book folder written from inside itself, a folder whose
// manifest.json is not ours, a loop of symbolic links, a template given by a relative path, a
// regenerated shard, a merge missing several shards, and render of a book with failed puzzles.
TEST(Cli, OutputFoldersAnOperatorMightGive) {
  TempDir dir("cli-operator");
  write_text(dir.path / "c.yaml",
             "book: {title: Ops, seed: 5, formats: [pdf]}\n"
             "sets:\n"
             "  - {name: a, title: First, rows: 5, cols: 5, difficulty: easy, count: 1}\n"
             "  - {name: b, rows: 5, cols: 5, difficulty: easy, count: 2}\n"
             "  - {name: late, rows: 12, cols: 12, difficulty: hard, count: 1, deadline_ms: 1}\n");
  ASSERT_EQ(run_hidato("build c.yaml --out book --quiet", dir.path).exit_code, 2);  // 'late' fails
  const std::string pdf = slurp(dir.path / "book/book.pdf");
  // The book's own folder as the output (render's default from inside it): refused, untouched.
  const ChildRun inside = run_hidato("render manifest.json --template a5", dir.path / "book");
  EXPECT_EQ(inside.exit_code, 1);
  EXPECT_NE(inside.err.find("is the current folder"), std::string::npos) << inside.err;
  EXPECT_EQ(slurp(dir.path / "book/book.pdf"), pdf);
  const ChildRun above = run_hidato("render book/manifest.json --out .", dir.path);
  EXPECT_EQ(above.exit_code, 1);
  // Render of a book with failed puzzles exits 2, as build, merge and verify of it do.
  const ChildRun rendered = run_hidato("render book/manifest.json --out again", dir.path);
  EXPECT_EQ(rendered.exit_code, 2) << rendered.err;
  EXPECT_NE(rendered.err.find("hidato: failed: late[0]: "), std::string::npos) << rendered.err;
  // A folder whose manifest.json is someone else's is no book: its files stay.
  write_text(dir.path / "web/manifest.json", "{\"name\": \"app\"}\n");
  write_text(dir.path / "web/logo.svg", "<svg/>\n");
  const ChildRun web = run_hidato("render book/manifest.json --out web", dir.path);
  EXPECT_EQ(web.exit_code, 1);
  EXPECT_NE(web.err.find("not part of a book (manifest.json)"), std::string::npos) << web.err;
  EXPECT_EQ(slurp(dir.path / "web/logo.svg"), "<svg/>\n");
  // A book inside another book's folder is refused (the outer book's next writer refused it).
  const ChildRun nested = run_hidato("render book/manifest.json --out book/nested", dir.path);
  EXPECT_EQ(nested.exit_code, 1);
  EXPECT_NE(nested.err.find("book/nested: is inside the book folder "), std::string::npos) << nested.err;
  EXPECT_FALSE(fs::exists(dir.path / "book/nested"));
  // A loop of symbolic links is refused before any work.
  fs::create_symlink("loop2", dir.path / "loop1");
  fs::create_symlink("loop1", dir.path / "loop2");
  const ChildRun loop = run_hidato("build c.yaml --out loop1 --quiet", dir.path);
  EXPECT_EQ(loop.exit_code, 1) << loop.err;
  EXPECT_NE(loop.err.find("loop1: is a loop of symbolic links"), std::string::npos) << loop.err;
  // A template file given by a relative path is recorded absolute: rendered again from elsewhere.
  write_text(dir.path / "tpl/mine.yaml", "page: a5\n");
  ASSERT_EQ(run_hidato("render book/manifest.json --template tpl/../tpl/mine.yaml --out small", dir.path).exit_code, 2);
  EXPECT_NE(slurp(dir.path / "small/manifest.json").find("\"template\":\"" + (dir.path / "tpl/mine.yaml").string() + "\""),
            std::string::npos);
  EXPECT_EQ(run_hidato("render ../small/manifest.json --out ../small2", dir.path / "tpl").exit_code, 2);
  // A regenerated shard keeps its bytes (the titles of sets it holds no puzzle of moved).
  for (const char* k : {"0", "1", "2"})
    run_hidato(std::string("build c.yaml --quiet --shard ") + k + "/3 --out s" + k, dir.path);
  const std::string shard = slurp(dir.path / "s2/manifest.json");
  EXPECT_EQ(run_hidato("regenerate s2/manifest.json", dir.path).exit_code, 0);
  EXPECT_EQ(slurp(dir.path / "s2/manifest.json"), shard);
  // Every missing shard is named.
  const ChildRun missing = run_hidato("merge s1/manifest.json --out m", dir.path);
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_EQ(missing.err, "hidato: error: merge: shards 0/3, 2/3 are missing\n");
  // The joined book may not replace a shard (it did, and the same merge then failed for good).
  const std::string s0 = slurp(dir.path / "s0/manifest.json");
  const ChildRun onto = run_hidato("merge s0/manifest.json s1/manifest.json s2/manifest.json --out s0", dir.path);
  EXPECT_EQ(onto.exit_code, 1);
  EXPECT_EQ(onto.err, "hidato: error: s0: holds the shard s0/manifest.json; merge into another folder (the book "
                      "would replace the shard)\n");
  EXPECT_EQ(slurp(dir.path / "s0/manifest.json"), s0);
  // A folder given for its manifest keeps the reader's hints: a book a stopped build left aside.
  fs::rename(dir.path / "book", dir.path / ".book.hidato-old");
  const ChildRun aside = run_hidato("verify book", dir.path);
  EXPECT_EQ(aside.exit_code, 1);
  EXPECT_NE(aside.err.find("the earlier book is in "), std::string::npos) << aside.err;
  // A line break in a path stays on the message's line.
  write_text(dir.path / "afile", "x\n");
  const ChildRun broken = run_hidato("build c.yaml --quiet --out \"$(printf 'afile/\\n/x')\"", dir.path);
  EXPECT_EQ(broken.exit_code, 1);
  EXPECT_EQ(broken.err.rfind("hidato: error: afile/\\x0a/x: ", 0), 0u) << broken.err;
  EXPECT_EQ(std::count(broken.err.begin(), broken.err.end(), '\n'), 1) << broken.err;
}

// SIGHUP (a session closed on a run started without nohup) used to kill the build at once,
// leaving a half-written manifest in the staging folder: it stops like SIGINT now.
class CliSignal : public ::testing::TestWithParam<int> {};

TEST_P(CliSignal, InterruptedRunLeavesNoPartialFile) {
  const int sig = GetParam();
  TempDir dir("cli-sig" + std::to_string(sig));
  write_text(dir.path / "slow.yaml",
             "book: {formats: []}\n"
             "sets:\n  - {name: slow, rows: 14, cols: 14, difficulty: hard, count: 400}\n");
  const pid_t pid = spawn_hidato({"build", "slow.yaml", "--out", "o", "--threads", "2"}, dir.path);
  std::this_thread::sleep_for(std::chrono::milliseconds(800));
  ::kill(pid, sig);
  const int code = wait_exit_within(pid, 60);  // 60 s only guards against a hang
  ASSERT_NE(code, -1) << "still running 60 s after signal " << sig;
  EXPECT_EQ(code, 128 + sig) << slurp(dir.path / "child.log");
  EXPECT_EQ(file_names(dir.path / "o"), std::vector<std::string>{});  // no manifest, no temporaries
  EXPECT_EQ(file_names(dir.path), (std::vector<std::string>{".o.hidato-lock", "child.log", "slow.yaml"}));
  EXPECT_NE(slurp(dir.path / "child.log").find("interrupted; nothing was written"), std::string::npos);
}

// f.txt holding "ORIGINAL", then a generate --out f.txt that runs for a while, 0.8 s into it.
pid_t spawn_slow_generate(const fs::path& dir) {
  write_text(dir / "f.txt", "ORIGINAL\n");
  const pid_t pid = spawn_hidato({"generate", "--count", "400", "--rows", "14", "--cols", "14", "--difficulty", "hard",
                                  "--out", "f.txt", "--threads", "2"},
                                 dir);
  std::this_thread::sleep_for(std::chrono::milliseconds(800));
  return pid;
}

// `generate` stops on a signal too (it was killed at once, which could leave the temporary file of
// --out behind during the final write): --out is left as it was, and nothing else is left.
TEST_P(CliSignal, InterruptedGenerateLeavesItsOutFileAsItWas) {
  const int sig = GetParam();
  TempDir dir("cli-gen-sig" + std::to_string(sig));
  const pid_t pid = spawn_slow_generate(dir.path);
  ::kill(pid, sig);
  const int code = wait_exit_within(pid, 60);
  ASSERT_NE(code, -1) << "still running 60 s after signal " << sig;
  EXPECT_EQ(code, 128 + sig) << slurp(dir.path / "child.log");
  EXPECT_EQ(slurp(dir.path / "f.txt"), "ORIGINAL\n");
  EXPECT_EQ(file_names(dir.path), (std::vector<std::string>{"child.log", "f.txt"}));
  EXPECT_NE(slurp(dir.path / "child.log").find("hidato: interrupted; f.txt left as it was"), std::string::npos)
      << slurp(dir.path / "child.log");
}

INSTANTIATE_TEST_SUITE_P(HupIntTerm, CliSignal, ::testing::Values(SIGHUP, SIGINT, SIGTERM));

// A second Ctrl-C ends the run at once, as it always did, but no longer leaves the temporary file
// of --out behind (without the clean-up, 4 of 6 such runs left FILE.PID.tmp-hidato). Three runs,
// the second signal 0.3 ms after the first, while the first one's orderly stop is under way.
TEST(CliSignalTwice, SecondSignalLeavesNoTemporaryFile) {
  for (int round = 0; round < 3; ++round) {
    TempDir dir("cli-sig-twice" + std::to_string(round));
    const pid_t pid = spawn_slow_generate(dir.path);
    ::kill(pid, SIGINT);
    std::this_thread::sleep_for(std::chrono::microseconds(300));
    ::kill(pid, SIGINT);
    const int code = wait_exit_within(pid, 60);
    ASSERT_NE(code, -1) << "still running 60 s after the signals";
    EXPECT_EQ(code, 128 + SIGINT) << slurp(dir.path / "child.log");
    EXPECT_EQ(slurp(dir.path / "f.txt"), "ORIGINAL\n");
    EXPECT_EQ(file_names(dir.path), (std::vector<std::string>{"child.log", "f.txt"})) << "round " << round;
  }
}

}  // namespace
}  // namespace hidato::test
