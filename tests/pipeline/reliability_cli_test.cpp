// Issue 10 through the `hidato` binary: exit codes and messages for hostile input, tampered
// manifests, and one book per folder (swap, lock, formats), each a reproduction from the issue.
#include <fcntl.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <csignal>
#include <regex>

#include "cli_support.hpp"

namespace hidato::test {
namespace {

const char* tiny_config =
    "book: {title: T, seed: 3, formats: FORMATS, date: '2026-01-02'}\n"
    "defaults: {difficulty: easy}\n"
    "sets:\n  - {name: s, rows: 5, cols: 5, count: 2}\n";

std::string config_with(const std::string& formats) {
  return std::regex_replace(tiny_config, std::regex("FORMATS"), formats);
}

// Builds a manifest-only book in dir/out and returns its text.
std::string built_manifest(const TempDir& dir) {
  write_text(dir.path / "c.yaml", config_with("[]"));
  EXPECT_EQ(run_hidato("build c.yaml --out out -q", dir.path).exit_code, 0);
  return slurp(dir.path / "out" / "manifest.json");
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

TEST(Reliability, UserMistakesAreExitOneWithTheReason) {
  TempDir dir("rel-input");
  ChildRun r = run_hidato("solve 'square8:1000x1000:.1000'", dir.path);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "hidato: error: argument 1, column 9: board too large: 1000 x 1000 (the limit is 65,536 cells, e.g. 256 x 256)\n");
  r = run_hidato("solve 'square8:1x2:1,2' 'square8:2x2:1,./.'", dir.path);
  EXPECT_EQ(r.err, "hidato: error: argument 2, column 17: row 2 has 1 cells, expected 2\n");
  r = run_hidato("solve /dev/zero", dir.path);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "hidato: error: /dev/zero: cannot read the file: larger than the limit of 64 MB\n");
  fs::create_directories(dir.path / "exists");
  r = run_hidato("generate -r 4 -c 4 --out exists", dir.path);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "hidato: error: exists: is a folder (expected the name of a file to write)\n");
  EXPECT_EQ(run_hidato("generate --seed -1", dir.path).err,
            "hidato: error: --seed: expected a whole number from 0 to 18446744073709551615, got '-1'\n");
  EXPECT_EQ(run_hidato("solve --deadline-ms 9223372036854 'square8:1x2:1,2'", dir.path).exit_code, 1);
  // Each flag names itself (found from outside: "obstacle ratio 0.5 is out of range", and the
  // option parser's own wording for '0.1abc').
  EXPECT_EQ(run_hidato("generate --obstacles 0.5", dir.path).err,
            "hidato: error: --obstacles: expected a ratio of at least 0 and below 0.5, got '0.5'\n");
  EXPECT_EQ(run_hidato("generate --obstacles 0.1abc", dir.path).err,
            "hidato: error: --obstacles: expected a ratio of at least 0 and below 0.5, got '0.1abc'\n");
  EXPECT_EQ(run_hidato("verify m.json --deadline-ms 1e3", dir.path).err,
            "hidato: error: --deadline-ms: expected a whole number from 0 to 86400000, got '1e3'\n");
  EXPECT_EQ(run_hidato("generate --shape grown --fill nan", dir.path).err,
            "hidato: error: --fill: expected a ratio from 0.2 to 1, got 'nan'\n");
  EXPECT_EQ(run_hidato("generate --shape blob", dir.path).err.rfind("hidato: error: --shape: unknown shape 'blob' (expected rect, ", 0), 0u);
  r = run_hidato("generate -r 6 -c 6 --obstacles -0 --json", dir.path);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"obstacles\":0.0"), std::string::npos) << r.out.substr(0, 400);
  write_text(dir.path / "bin.txt", std::string("1 . \x01\x02\x1b[31m\0\n", 12));
  r = run_hidato("solve bin.txt", dir.path);
  EXPECT_EQ(r.err, "hidato: error: bin.txt:1:5: unknown token '\\x01\\x02\\x1b[31m\\x00' (expected a number, '.' or 'x')\n");
}

// No command is a usage error: the usage goes to stderr (exit 1); asked for, to stdout (exit 0);
// `hidato help build` and `hidato --help build` are `hidato build --help` (it printed the general
// usage).
TEST(Reliability, UsageGoesWhereItWasAskedFor) {
  TempDir dir("rel-usage");
  const ChildRun none = run_hidato("", dir.path);
  EXPECT_EQ(none.exit_code, 1);
  EXPECT_EQ(none.out, "");
  EXPECT_EQ(none.err.rfind("usage: hidato <command>", 0), 0u) << none.err;
  const ChildRun asked = run_hidato("--help", dir.path);
  EXPECT_EQ(asked.exit_code, 0);
  EXPECT_EQ(asked.out.rfind("usage: hidato <command>", 0), 0u);
  const ChildRun build = run_hidato("help build", dir.path);
  EXPECT_EQ(build.exit_code, 0);
  EXPECT_EQ(build.out.rfind("usage: hidato build", 0), 0u) << build.out;
  // Found from outside: help for a command that does not exist printed the usage, exit 0.
  const ChildRun bogus = run_hidato("help bogus", dir.path);
  EXPECT_EQ(bogus.exit_code, 1);
  EXPECT_EQ(bogus.out, "");
  EXPECT_EQ(bogus.err, "hidato: error: help: unknown command 'bogus' (try 'hidato --help')\n");
  // Found from outside: a word after --version or help's command was ignored, exit 0.
  const ChildRun version = run_hidato("--version extra", dir.path);
  EXPECT_EQ(version.exit_code, 1);
  EXPECT_EQ(version.out, "");
  EXPECT_EQ(version.err, "hidato: error: --version takes no arguments, got 'extra' (try 'hidato --help')\n");
  const ChildRun two = run_hidato("help build extra", dir.path);
  EXPECT_EQ(two.exit_code, 1);
  EXPECT_EQ(two.err, "hidato: error: help takes one command, got 'extra' too (try 'hidato --help')\n");
  const ChildRun dashed = run_hidato("--help verify", dir.path);
  EXPECT_EQ(dashed.exit_code, 0);
  EXPECT_EQ(dashed.out.rfind("usage: hidato verify", 0), 0u) << dashed.out;
}

// Shipped templates and masks are never taken from the working folder: a templates/pages/a4.yaml
// there replaced the shipped one in silence, and a manifest's "mask":"cat.txt" (a shipped mask,
// recorded by name) was regenerated from a cat.txt beside the shell as another board.
TEST(Reliability, ShippedDataIsNotShadowedByTheWorkingFolder) {
  TempDir dir("rel-shadow");
  write_text(dir.path / "c.yaml", "book:\n  title: T\n  formats: [pdf]\n  template: a4\nsets:\n"
                                  "  - name: s\n    difficulty: easy\n    count: 1\n    mask: cat.txt\n");
  ASSERT_EQ(run_hidato("build c.yaml --out a -q -j 1", dir.path).exit_code, 0);
  fs::create_directories(dir.path / "w" / "templates" / "pages");
  fs::create_directories(dir.path / "w" / "templates" / "shapes");
  write_text(dir.path / "w" / "templates" / "pages" / "a4.yaml", "not: a template\n");
  write_text(dir.path / "w" / "templates" / "shapes" / "cat.txt", "######\n######\n######\n######\n######\n");
  write_text(dir.path / "w" / "cat.txt", "######\n######\n######\n######\n######\n");
  const ChildRun again = run_hidato("regenerate ../a -j 1 --out ../b", dir.path / "w");
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(slurp(dir.path / "a" / "manifest.json"), slurp(dir.path / "b" / "manifest.json"));
  const ChildRun rendered = run_hidato("render ../a --formats pdf --out ../r", dir.path / "w");
  EXPECT_EQ(rendered.exit_code, 0) << rendered.err;
  // Nor a name no data folder holds: it was looked up as templates/pages/NAME.yaml from here.
  fs::copy_file(fs::path(HIDATO_SOURCE_DIR) / "templates" / "pages" / "a4.yaml",
                dir.path / "w" / "templates" / "pages" / "mine.yaml");
  const ChildRun mine = run_hidato("render ../a --formats pdf --template mine --out ../m", dir.path / "w");
  EXPECT_EQ(mine.exit_code, 1);
  EXPECT_EQ(mine.err.rfind("hidato: error: --template: mine: page template not found (looked for "
                           "templates/pages/mine.yaml in ", 0), 0u) << mine.err;
  // Your own file by a shipped name is `./cat.txt`.
  const ChildRun own = run_hidato("generate -d easy --seed 1 --mask ./cat.txt", dir.path / "w");
  ASSERT_EQ(own.exit_code, 0) << own.err;
  EXPECT_NE(own.out.find("square8:5x6:"), std::string::npos) << own.out;
  const ChildRun shipped = run_hidato("generate -d easy --seed 1 --mask cat.txt", dir.path / "w");
  ASSERT_EQ(shipped.exit_code, 0) << shipped.err;
  EXPECT_EQ(shipped.out.find("square8:5x6:"), std::string::npos) << shipped.out;
}

// --threads reads the same way, with the same message, in every command that takes it (build
// said "expected 1 to 1024, got 0", and left 'abc' to the option parser's own wording).
TEST(Reliability, ThreadsAreReadAlikeEverywhere) {
  TempDir dir("rel-threads");
  write_text(dir.path / "m.json", built_manifest(dir));
  for (const char* value : {"0", "abc", "1025", "-2"})
    for (const std::string command : {"generate -r 4 -c 4", "build c.yaml --out o", "verify m.json", "regenerate m.json --out r"}) {
      const ChildRun r = run_hidato(command + " --threads " + value, dir.path);
      EXPECT_EQ(r.exit_code, 1) << command << " " << value;
      EXPECT_EQ(r.err, std::string("hidato: error: --threads: expected a whole number from 1 to 1024, got '") + value + "'\n")
          << command;
    }
}

// An empty --out is a mistake, not "no --out" (it used to write to standard output or the
// default folder without a word).
TEST(Reliability, AnEmptyOutIsRefused) {
  TempDir dir("rel-empty-out");
  write_text(dir.path / "c.yaml", config_with("[]"));
  for (const char* command : {"generate -r 4 -c 4 --out ''", "build c.yaml --out ''"}) {
    const ChildRun r = run_hidato(command, dir.path);
    EXPECT_EQ(r.exit_code, 1) << command;
    EXPECT_EQ(r.err, "hidato: error: --out: expected a file or folder name, got an empty one\n") << command;
    EXPECT_EQ(r.out, "") << command;
  }
  EXPECT_FALSE(fs::exists(dir.path / "out"));
}

// File names are bytes, not always UTF-8: one that is not still gets its JSON line (the bytes
// as U+FFFD) and exit 0; the JSON writer used to throw, exit 3 ("internal").
TEST(Reliability, FileNamesThatAreNotUtf8StillGiveJson) {
  TempDir dir("rel-utf8");
  write_text(dir.path / "n\xffl.txt", "1 2\n");
  for (const char* command : {"solve --json 'n\377l.txt'", "grade --json 'n\377l.txt'"}) {
    const ChildRun r = run_hidato(command, dir.path);
    EXPECT_EQ(r.exit_code, 0) << command << ": " << r.err;
    EXPECT_NE(r.out.find("\"file\":\"n\xef\xbf\xbdl.txt\""), std::string::npos) << command << ": " << r.out;
  }
}

TEST(Reliability, GradeRefusesPuzzlesWithoutOneSolution) {
  TempDir dir("rel-grade");
  write_text(dir.path / "two.txt", "1 . 3\n. . .\n. . 8\n");
  const ChildRun r = run_hidato("grade two.txt", dir.path);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "hidato: two.txt: not graded: more than one solution\n");
}

// grade reads what solve reads: a one-line description as well as a file (it used to look for a
// file of that name), its errors naming the argument.
TEST(Reliability, GradeTakesADescriptionLikeSolve) {
  TempDir dir("rel-grade-description");
  write_text(dir.path / "one.txt", "6 . 9\n. 2 8\n1 . .\n");
  const ChildRun file = run_hidato("grade one.txt", dir.path);
  ASSERT_EQ(file.exit_code, 0) << file.err;
  const ChildRun described = run_hidato("grade 'square8:3x3:6,.,9/.,2,8/1,.2'", dir.path);
  ASSERT_EQ(described.exit_code, 0) << described.err;
  EXPECT_EQ(described.out, "square8:3x3:6,.,9/.,2,8/1,.2" + file.out.substr(file.out.find(':')));
  const ChildRun bad = run_hidato("grade one.txt 'square8:3x3:6,.,9/.,2,8/1,.3'", dir.path);
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_EQ(bad.err.rfind("hidato: error: argument 2, column ", 0), 0u) << bad.err;
}

// grade's uniqueness proof has a deadline (default a minute; a 120x120 board ran for hours on
// the node budget alone): past it the puzzle is not graded, exit 2, and the reason says so.
TEST(Reliability, GradeGivesUpAtItsDeadline) {
  TempDir dir("rel-grade-deadline");
  std::string board;
  for (int r = 0; r < 60; ++r)
    for (int c = 0; c < 60; ++c)
      board += (r == 0 && c == 0 ? "1" : r == 59 && c == 0 ? "3600" : ".") + std::string(c == 59 ? "\n" : " ");
  write_text(dir.path / "open.txt", board);  // 1 and 3600 only: far from proved in a millisecond
  const ChildRun r = run_hidato("grade open.txt --deadline-ms 1", dir.path);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.rfind("hidato: open.txt: not graded: uniqueness not proven (deadline after ", 0), 0u) << r.err;
  EXPECT_EQ(run_hidato("grade open.txt --deadline-ms -5", dir.path).exit_code, 1);
}

// What the user typed or the file says reaches the terminal with its control bytes escaped: a
// file name holding ESC [ 2 J cleared the screen. UTF-8 text stays as it is.
TEST(Reliability, MessagesNeverSendControlBytesToTheTerminal) {
  TempDir dir("rel-escape");
  const ChildRun r = run_hidato("grade \"$(printf 'x\\033[2J\\001\\303\\244.txt')\"", dir.path);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err.find('\x1b'), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\x01'), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("x\\x1b[2J\\x01\xc3\xa4.txt"), std::string::npos) << r.err;
  // A name with a line break in grade's result line, and a mask path with one in generate's
  // `# spec:` header: each stays on its line, and generate's output reads back.
  write_text(dir.path / "a\nb.txt", "1 . 3\n");
  const ChildRun graded = run_hidato("grade \"$(printf 'a\\nb.txt')\"", dir.path);
  EXPECT_EQ(graded.exit_code, 0) << graded.err;
  EXPECT_EQ(graded.out.rfind("a\\x0ab.txt: ", 0), 0u) << graded.out;
  write_text(dir.path / "m\n# topology: hex6\n.txt", "#####\n#####\n#####\n#####\n#####\n");
  const ChildRun made =
      run_hidato("generate -d easy --seed 2 --mask \"$(printf 'm\\n# topology: hex6\\n.txt')\" -o g.txt", dir.path);
  ASSERT_EQ(made.exit_code, 0) << made.err;
  EXPECT_NE(slurp(dir.path / "g.txt").find(" mask=m\\x0a# topology: hex6\\x0a.txt "), std::string::npos);
  EXPECT_EQ(run_hidato("solve g.txt", dir.path).exit_code, 0);
}

TEST(Reliability, TamperedManifestsNameTheKeyAndNeverCrash) {
  TempDir dir("rel-manifest");
  const std::string m = built_manifest(dir);
  const auto check = [&](const std::string& cmd, const std::string& text, const std::string& want) {
    write_text(dir.path / "t.json", text);
    const ChildRun r = run_hidato(cmd + " t.json --out o", dir.path);
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_EQ(r.err, "hidato: error: t.json: " + want + "\n");
  };
  check("regenerate", replaced(m, "\"rows\":5", "\"rows\":-1"), "puzzles[0].spec.rows: expected a whole number from 2 to 200, got -1");
  check("regenerate", replaced(m, "\"rows\":5", "\"rows\":100000"), "puzzles[0].spec.rows: expected a whole number from 2 to 200, got 100000");
  check("render", replaced(m, "\"rows\":5", "\"rows\":1"), "puzzles[0].spec.rows: expected a whole number from 2 to 200, got 1");
  check("render", replaced(m, "\"shape\":\"rect\"", "\"shape\":\"blob\""), "puzzles[0].spec.shape: unknown shape 'blob'");
  check("render", replaced(m, "\"shape\":\"rect\"", "\"shape\":\"mask\""),
        "puzzles[0].spec.shape: a mask file goes with shape 'mask' and only with it");
  // The summary block is what the entries add up to (scripts read it).
  check("render", replaced(m, "\"summary\": {\"made\":2", "\"summary\": {\"made\":1"),
        "summary: does not add up to the entries, which give {\"made\":2,\"failed\":0,\"sets\":[{\"name\":\"s\","
        "\"made\":2,\"failed\":0,\"grades\":{\"easy\":2}}]}");
  check("regenerate", replaced(m, "\"job\":1,", "\"job\":4294967297,"), "puzzles[1].job: expected a whole number from 0 to 2147483647, got 4294967297");
  check("regenerate", replaced(m, "\"job\":1,", "\"job\":0,"), "puzzles[1].job: job 0 is repeated or out of order");
  check("regenerate", replaced(m, "\"jobs_total\": 2", "\"jobs_total\": 3"), "puzzles: 2 entries, but jobs_total 3 needs job 2 and more");
  check("regenerate", replaced(m, "\"book_seed\": 3", "\"book_seed\": -1"), "book_seed: expected a whole number from 0 to 18446744073709551615, got -1");
  check("regenerate", replaced(m, "\"attempts\":", "\"attempts\":-5,\"x\":"), "puzzles[0].spec.budget.attempts: expected a whole number from 1 to 2147483647, got -5");
  // Found from outside: a key given twice was read as its last value, and the book's header
  // took values its config would refuse (a PDF dated in the year 292,270,656).
  check("render", replaced(m, "\"status\":\"ok\"", "\"status\":\"failed\",\"status\":\"ok\""),
        "puzzles[0].status: given twice in one object (a JSON reader would keep only one of them)");
  check("render", replaced(m, "\"jobs_total\": 2,", "\"jobs_total\": 2, \"jobs_total\": 2,"),
        "jobs_total: given twice in one object (a JSON reader would keep only one of them)");
  check("render", replaced(m, "\"creation_epoch\":", "\"creation_epoch\":9223372036854775807,\"x\":"),
        "book.creation_epoch: expected a whole number from 0 to 253402300799, got 9223372036854775807");
  check("render", replaced(m, "\"paper\":\"white\"", "\"paper\":\"pink\""), "book.paper: unknown paper 'pink' (expected one of: white, cream)");
  check("render", replaced(m, "\"date\":\"", "\"date\":\"yesterday\",\"x\":\""),
        "book.date: expected a real date YYYY-MM-DD from 1970-01-01 on, got 'yesterday'");
  check("render", "[1, 2]", "expected an object");
  // Found from outside: a misspelt key was read as absent and a manifest without its summary
  // passed; every object's keys are its own.
  check("render", replaced(m, "\"svg_per_puzzle\"", "\"svg_per_puzle\""),
        "book.svg_per_puzle: unknown key (expected title, subtitle, author, date, creation_epoch, template, formats, "
        "how_to_play, answer_path, svg_per_puzzle, copyright, isbn, edition, paper, set_titles)");
  check("regenerate", replaced(m, "\"nodes\":0}", "\"nodes\":0,\"note\":1}"),
        "puzzles[0].note: unknown key (expected job, set, index, seed, status, attempt, spec, puzzle, solution, grade, "
        "clues, nodes)");
  check("render", replaced(m, "\"deadline_ms\":", "\"deadline\":5,\"deadline_ms\":"),
        "puzzles[0].spec.budget.deadline: unknown key (expected nodes, attempts, deadline_ms)");
  check("render", replaced(m, "\"jobs_total\": 2,", "\"jobs_total\": 2,\n  \"jobs_done\": 2,"),
        "jobs_done: unknown key (expected format, tool, config, book_seed, book, jobs_total, shard, puzzles, summary)");
  check("regenerate", std::regex_replace(m, std::regex(",\n  \"summary\": .*\n"), "\n"), "summary: missing");
  write_text(dir.path / "t.json", std::regex_replace(m, std::regex("\"template\":\"[^\"]*\""), "\"template\":\"a3\""));
  const ChildRun a3 = run_hidato("render t.json --formats pdf --out o", dir.path);
  EXPECT_EQ(a3.exit_code, 1);
  EXPECT_EQ(a3.err.rfind("hidato: error: t.json: book.template: a3: page template not found (", 0), 0u) << a3.err;
  check("render", replaced(m, "\"attempt\":0", "\"attempt\":25"),
        "puzzles[0].attempt: expected an attempt from 0 to 19 (spec.budget.attempts is 20), got 25");
  // Found from outside: ten million '[' held gigabytes of tree before "expected an object".
  check("render", std::string(100000, '[') + std::string(100000, ']'), "[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]: nested deeper than 32 levels");
  const std::string shard = replaced(m, "\"jobs_total\": 2,", "\"jobs_total\": 2,\n  \"shard\": {\"index\": INDEX, \"count\": COUNT},");
  const auto shard_of = [&](const char* index, const char* count) {
    return std::regex_replace(std::regex_replace(shard, std::regex("INDEX"), index), std::regex("COUNT"), count);
  };
  check("merge", shard_of("-1000000000", "4"), "shard.index: expected a whole number from 0 to 3, got -1000000000");
  check("merge", shard_of("0", "0"), "shard.count: expected a whole number from 1 to 1000000, got 0");
  check("merge", shard_of("7", "4"), "shard.index: expected a whole number from 0 to 3, got 7");
  write_text(dir.path / "m.json", m);
  const ChildRun r = run_hidato("render m.json --formats pdf --template /dev/zero", dir.path);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "hidato: error: --template: /dev/zero: cannot read the page template: not a regular file\n");
  // A spec that contradicts its puzzle is a failed verification (it used to pass).
  write_text(dir.path / "t.json", replaced(m, "\"topology\":\"square8\"", "\"topology\":\"hex6\""));
  const ChildRun bad = run_hidato("verify t.json", dir.path);
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.err, "hidato: bad: s[0]: the puzzle is square8, its spec says hex6\nhidato: 1 of 2 puzzles failed verification\n");
  // So is a spec that describes another board (another shape or size): every reader checks it.
  write_text(dir.path / "t.json", replaced(m, "\"shape\":\"rect\"", "\"shape\":\"circle\""));
  const ChildRun circle = run_hidato("verify t.json", dir.path);
  EXPECT_EQ(circle.exit_code, 2);
  EXPECT_EQ(circle.err.rfind("hidato: bad: s[0]: not its spec's board: the board has 25 cells, but shape 'circle' at 5x5 under square8 leaves 21\n", 0), 0u) << circle.err;
  write_text(dir.path / "t.json", replaced(m, "\"rows\":5", "\"rows\":6"));
  EXPECT_EQ(run_hidato("verify t.json", dir.path).err.rfind("hidato: bad: s[0]: not its spec's board: the board has 25 cells, but shape 'rect' at 6x5 under square8 leaves 30\n", 0), 0u);
  EXPECT_EQ(run_hidato("render t.json --out o", dir.path).exit_code, 1);
  write_text(dir.path / "t.json", std::regex_replace(m, std::regex("\"puzzles\": \\[[^]*\\],\n  \"summary\""), "\"puzzles\": {},\n  \"summary\""));
  EXPECT_EQ(run_hidato("verify t.json", dir.path).err, "hidato: error: t.json: puzzles: expected a list of entries\n");
}

TEST(Reliability, BadTemplateOrOutputIsRefusedBeforeAnyWorkAndWritesNothing) {
  TempDir dir("rel-early");
  write_text(dir.path / "not-a-template.yaml", "- 1\n- 2\n");
  write_text(dir.path / "c.yaml", replaced(config_with("[pdf]"), "formats:", "template: not-a-template.yaml, formats:"));
  ChildRun r = run_hidato("build c.yaml --out out -q", dir.path);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("not-a-template.yaml:1:1: template: expected a mapping"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir.path / "out"));
  write_text(dir.path / "c.yaml", config_with("[]"));
  write_text(dir.path / "file", "x");
  r = run_hidato("build c.yaml --out file -q", dir.path);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "hidato: error: file: is a file, not a folder (the book needs a folder of its own)\n");
}

TEST(Reliability, ARebuildReplacesTheWholeBook) {
  TempDir dir("rel-swap");
  write_text(dir.path / "c.yaml", config_with("[pdf, svg]"));
  ASSERT_EQ(run_hidato("build c.yaml --out out -q", dir.path).exit_code, 0);
  ASSERT_TRUE(fs::exists(dir.path / "out" / "book.pdf"));
  write_text(dir.path / "c.yaml", config_with("[svg]"));
  ASSERT_EQ(run_hidato("build c.yaml --out out -q", dir.path).exit_code, 0);
  EXPECT_FALSE(fs::exists(dir.path / "out" / "book.pdf"));  // no old book beside the new one
  EXPECT_TRUE(fs::exists(dir.path / "out" / "book-page-001.svg"));
  EXPECT_EQ(file_names(dir.path), (std::vector<std::string>{".out.hidato-lock", "c.yaml", "out"}));
}

// A spec that shows the ends must have 1 and N given (found from outside: hide_ends flipped to
// false passed); a mask that changed since is no reason to call a made puzzle bad.
TEST(Reliability, ASpecMustDescribeItsPuzzleButNotItsMaskFileToday) {
  TempDir dir("rel-spec");
  write_text(dir.path / "mine.txt", "######\n######\n######\n######\n######\n");
  write_text(dir.path / "c.yaml", "book: {seed: 3, formats: []}\nsets:\n  - {name: h, rows: 7, cols: 7, hide_ends: true, count: 4}\n"
                                  "  - {name: m, mask: mine.txt}\n");
  ASSERT_EQ(run_hidato("build c.yaml --out out -q", dir.path).exit_code, 0);
  EXPECT_EQ(run_hidato("verify out/manifest.json", dir.path).exit_code, 0);
  const std::string m = slurp(dir.path / "out/manifest.json");
  write_text(dir.path / "t.json", std::regex_replace(m, std::regex("\"hide_ends\":true"), "\"hide_ends\":false"));
  const ChildRun shown = run_hidato("verify t.json", dir.path);  // some of the four hide an end
  EXPECT_EQ(shown.exit_code, 2);
  EXPECT_NE(shown.err.find("]: not its spec's board: its spec shows the ends (hide_ends: false), but 1 or N is not given\n"),
            std::string::npos) << shown.err;
  write_text(dir.path / "mine.txt", "########\n########\n");  // redrawn since the book was made
  EXPECT_EQ(run_hidato("verify out/manifest.json", dir.path).exit_code, 0);
  EXPECT_EQ(run_hidato("render out/manifest.json --formats pdf --out r", dir.path).exit_code, 0);
}

// The set titles keep the book's set order whatever order a JSON tool left them in (a key-sorted
// manifest rebuilt a manifest of other bytes).
TEST(Reliability, SetTitlesFollowTheSetsWhateverTheirKeyOrder) {
  TempDir dir("rel-titles");
  write_text(dir.path / "c.yaml", "book: {seed: 3, formats: []}\nsets:\n  - {name: zeta, title: Z, rows: 4, cols: 4}\n"
                                  "  - {name: alpha, title: A, rows: 4, cols: 4}\n");
  ASSERT_EQ(run_hidato("build c.yaml --out out -q", dir.path).exit_code, 0);
  const std::string m = slurp(dir.path / "out/manifest.json");
  write_text(dir.path / "sorted/manifest.json",
             replaced(m, "\"set_titles\":{\"zeta\":\"Z\",\"alpha\":\"A\"}", "\"set_titles\":{\"alpha\":\"A\",\"zeta\":\"Z\"}"));
  ASSERT_EQ(run_hidato("regenerate sorted/manifest.json --out again", dir.path).exit_code, 0);
  EXPECT_EQ(slurp(dir.path / "again/manifest.json"), m);
}

// A build stopped between its two renames leaves only .out.hidato-old: a reader of out/'s
// manifest is told where the book is (it said only "No such file or directory").
TEST(Reliability, AMissingBookStoppedMidSwapIsPointedAt) {
  TempDir dir("rel-midswap");
  const std::string m = built_manifest(dir);
  fs::rename(dir.path / "out", dir.path / ".out.hidato-old");
  const ChildRun r = run_hidato("verify out/manifest.json", dir.path);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("out/manifest.json: cannot read the manifest: No such file or directory (a build was stopped "
                       "while it swapped books: the earlier book is in "),
            std::string::npos) << r.err;
  EXPECT_NE(r.err.find(".out.hidato-old, and the next build into out puts it back)"), std::string::npos) << r.err;
  EXPECT_EQ(run_hidato("build c.yaml --out out -q", dir.path).exit_code, 0);  // which it does
  EXPECT_EQ(slurp(dir.path / "out/manifest.json"), m);
  EXPECT_FALSE(fs::exists(dir.path / ".out.hidato-old"));
}

TEST(Reliability, ASecondBuildIntoALockedFolderIsRefused) {
  TempDir dir("rel-lock");
  write_text(dir.path / "c.yaml", config_with("[]"));
  const int fd = ::open((dir.path / ".out.hidato-lock").c_str(), O_RDWR | O_CREAT, 0644);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::flock(fd, LOCK_EX), 0);  // as a running build holds it
  ASSERT_EQ(::write(fd, "4242\n", 5), 5);  // and its process id, which the refusal names
  const ChildRun r = run_hidato("build c.yaml --out out -q", dir.path);
  ::close(fd);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("out: another hidato process (pid 4242) is writing a book into this folder"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir.path / "out"));
}

// A puzzle stopped by its deadline says which deadline, and regenerate, which does not re-run it
// (wall-clock time decided it), says how to retry it (it said only "no reproducible puzzle").
TEST(Reliability, ADeadlineFailureSaysHowToRetryIt) {
  TempDir dir("rel-deadline");
  write_text(dir.path / "c.yaml", "book: {title: T, seed: 3, formats: [], date: '2026-01-02'}\nsets:\n"
                                  "  - {name: s, rows: 5, cols: 5, count: 1, difficulty: easy}\n"
                                  "  - {name: t, rows: 12, cols: 12, count: 1, difficulty: expert, deadline_ms: 1}\n");
  const ChildRun built = run_hidato("build c.yaml --out out -q", dir.path);
  EXPECT_EQ(built.exit_code, 2);
  EXPECT_NE(built.err.find("hidato: 1 of 2 puzzles failed; the book in out holds the other 1\n"), std::string::npos) << built.err;
  EXPECT_NE(built.err.find("hidato: failed: t[0]: deadline (its deadline_ms of 1 passed before a puzzle was made and proved; "
                           "raise it for the set)"),
            std::string::npos)
      << built.err;
  const ChildRun again = run_hidato("regenerate out/manifest.json --set t", dir.path);
  EXPECT_EQ(again.exit_code, 1);
  EXPECT_NE(again.err.find("no reproducible puzzle matches the selection (selected: 1 job recorded as stopped by a deadline"),
            std::string::npos)
      << again.err;
}

// The lock file is never written through a link placed at its name (a root cron job could be
// made to cut and overwrite any file, found from outside): a symbolic link, a hard link or a FIFO
// there is refused, and the file behind it is left as it was.
TEST(Reliability, TheLockFileIsNeverWrittenThroughALink) {
  TempDir dir("rel-lock-link");
  write_text(dir.path / "c.yaml", config_with("[]"));
  write_text(dir.path / "victim", "precious\n");
  fs::create_symlink(dir.path / "victim", dir.path / ".out.hidato-lock");
  ChildRun r = run_hidato("build c.yaml --out out -q", dir.path);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("hidato-lock is a symbolic link, which is never followed; remove it"), std::string::npos) << r.err;
  EXPECT_EQ(slurp(dir.path / "victim"), "precious\n");
  fs::create_symlink(dir.path / "created", dir.path / ".new.hidato-lock");  // a dangling one creates nothing
  EXPECT_EQ(run_hidato("build c.yaml --out new -q", dir.path).exit_code, 1);
  EXPECT_FALSE(fs::exists(dir.path / "created"));
  fs::remove(dir.path / ".out.hidato-lock");
  fs::create_hard_link(dir.path / "victim", dir.path / ".out.hidato-lock");
  r = run_hidato("build c.yaml --out out -q", dir.path);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("is not a plain file of its own"), std::string::npos) << r.err;
  EXPECT_EQ(slurp(dir.path / "victim"), "precious\n");
  fs::remove(dir.path / ".out.hidato-lock");
  ASSERT_EQ(::mkfifo((dir.path / ".out.hidato-lock").c_str(), 0644), 0);
  EXPECT_EQ(run_hidato("build c.yaml --out out -q", dir.path).exit_code, 1);
  fs::remove(dir.path / ".out.hidato-lock");
  EXPECT_EQ(run_hidato("build c.yaml --out out -q", dir.path).exit_code, 0);  // a plain lock again
}

// A full disk while rendering (here: a file-size limit the children inherit, so writing the PDF
// fails with EFBIG) keeps the earlier book whole and names the OS reason.
TEST(Reliability, AFailedWriteKeepsTheEarlierBookAndNamesTheReason) {
  TempDir dir("rel-full");
  write_text(dir.path / "c.yaml", config_with("[pdf]"));
  ASSERT_EQ(run_hidato("build c.yaml --out out -q", dir.path).exit_code, 0);
  const std::string manifest = slurp(dir.path / "out" / "manifest.json");
  const std::string pdf = slurp(dir.path / "out" / "book.pdf");
  ASSERT_GT(pdf.size(), 16'000u);
  write_text(dir.path / "c.yaml", replaced(config_with("[pdf]"), "seed: 3", "seed: 4"));
  rlimit old{};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &old), 0);
  rlimit small = old;
  small.rlim_cur = 16'000;
  const auto previous = std::signal(SIGXFSZ, SIG_IGN);
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
  const ChildRun r = run_hidato("build c.yaml --out out -q", dir.path);
  ::setrlimit(RLIMIT_FSIZE, &old);
  std::signal(SIGXFSZ, previous);
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("book.pdf: cannot write: File too large"), std::string::npos) << r.err;
  EXPECT_EQ(slurp(dir.path / "out" / "manifest.json"), manifest);  // the earlier book, whole
  EXPECT_EQ(slurp(dir.path / "out" / "book.pdf"), pdf);
  EXPECT_FALSE(fs::exists(dir.path / ".out.hidato-new"));
}

// Output that cannot reach stdout (a full disk behind `> file`, a closed stdout) is exit 3 with
// the reason, never 0 with a cut-off file; a closed stderr never lends its number to a file the
// run opens (the progress lines went into the folder's lock file).
TEST(Reliability, OutputThatCannotBeWrittenIsExitThree) {
  TempDir dir("rel-stdout");
  const auto shell = [&](const std::string& redirections) {
    const std::string cmd = "cd '" + dir.path.string() + "' && '" HIDATO_BINARY "' " + redirections;
    const int status = std::system(cmd.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  };
  EXPECT_EQ(shell("generate -n 3 -r 5 -c 5 >/dev/full 2>err.txt"), 3);
  EXPECT_EQ(slurp(dir.path / "err.txt"), "hidato: error: cannot write to standard output: No space left on device\n");
  EXPECT_EQ(shell("solve 'square8:3x3:6,.,9/.,2,8/1,.2' --json >&- 2>err.txt"), 3);
  EXPECT_EQ(slurp(dir.path / "err.txt"), "hidato: error: cannot write to standard output: it is closed\n");
  EXPECT_EQ(shell("generate -n 2 -r 4 -c 4 -o /dev/stdout >&- 2>err.txt"), 1);  // not /dev/null, silently
  EXPECT_EQ(slurp(dir.path / "err.txt"), "hidato: error: /dev/stdout: the standard stream it names is closed\n");
  EXPECT_EQ(shell("generate -n 3 -r 5 -c 5 >out.txt 2>err.txt"), 0);
  EXPECT_EQ(slurp(dir.path / "err.txt"), "");
  EXPECT_NE(slurp(dir.path / "out.txt").find("# puzzle: 3/3"), std::string::npos);
  // Each puzzle reaches stdout as it is made, in order with the failure lines on stderr (they all
  // came first: the puzzles were held to the end).
  EXPECT_EQ(shell("generate -n 30 -r 7 -c 7 -d hard --attempts 1 --nodes 5000 --seed 3 >mixed.txt 2>&1"), 2);
  const std::string mixed = slurp(dir.path / "mixed.txt");
  std::smatch failure;
  ASSERT_TRUE(std::regex_search(mixed, failure, std::regex("hidato: puzzle ([0-9]+) \\("))) << mixed.substr(0, 300);
  const int k = std::stoi(failure[1].str());
  ASSERT_GT(k, 1);
  const auto at = static_cast<std::size_t>(failure.position(0));
  EXPECT_LT(mixed.find("# puzzle: " + std::to_string(k - 1) + "/30\n"), at);
  EXPECT_GT(mixed.find("# puzzle: " + std::to_string(k + 1) + "/30\n"), at);
  write_text(dir.path / "c.yaml", config_with("[]"));
  EXPECT_EQ(shell("build c.yaml --out out 2>&-"), 0);
  EXPECT_EQ(slurp(dir.path / ".out.hidato-lock").find("hidato:"), std::string::npos);  // its pid only
}

// A pipe whose reader went away is a write error like a full disk, never a SIGPIPE death (141):
// the reader (`true`) has exited before hidato starts, so every write meets a closed pipe.
TEST(Reliability, AClosedPipeIsExitThreeNotASignal) {
  TempDir dir("rel-pipe");
  const auto piped = [&](const std::string& args) {
    const std::string cmd = "cd '" + dir.path.string() + "' && { sleep 0.3; '" HIDATO_BINARY "' " + args +
                            " 2>err.txt; echo $? >rc.txt; } | true";
    EXPECT_EQ(std::system(cmd.c_str()), 0);
    return std::stoi(slurp(dir.path / "rc.txt"));
  };
  EXPECT_EQ(piped("solve 'square8:3x3:6,.,9/.,2,8/1,.2'"), 3);
  EXPECT_EQ(slurp(dir.path / "err.txt"), "hidato: error: cannot write to standard output: Broken pipe\n");
  // Progress and the summary both into the dead pipe: the book is still built and in place.
  write_text(dir.path / "c.yaml", config_with("[pdf]"));
  const std::string cmd = "cd '" + dir.path.string() + "' && { sleep 0.3; '" HIDATO_BINARY
                          "' build c.yaml --out out 2>&1; echo $? >rc.txt; } | true";
  EXPECT_EQ(std::system(cmd.c_str()), 0);
  EXPECT_EQ(std::stoi(slurp(dir.path / "rc.txt")), 3);
  EXPECT_TRUE(std::filesystem::exists(dir.path / "out" / "book.pdf"));
  EXPECT_FALSE(std::filesystem::exists(dir.path / ".out.hidato-new"));
}

}  // namespace
}  // namespace hidato::test
