// Hostile and unlucky input (issue 10): the board-size limit, capped reads, line endings, numbers
// as written, escaped bytes, and the one-book-per-folder swap.
#include <fcntl.h>
#include <sys/file.h>
#include <sys/mount.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "core/book_folder.hpp"
#include "core/codec.hpp"
#include "core/errors.hpp"
#include "core/text.hpp"
#include "core/text_file.hpp"
#include "temp_dir.hpp"

using namespace hidato;
namespace fs = std::filesystem;

namespace {

template <class F>
std::string message_of(F f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

void write(const fs::path& file, const std::string& text) { std::ofstream(file, std::ios::binary) << text; }
// What a book folder's manifest.json starts with (a folder is a book's when it holds one).
std::string fake_manifest(const std::string& tag) { return "{\"format\": \"hidato-manifest/1\", \"tag\": \"" + tag + "\"}"; }

}  // namespace

TEST(InputLimits, DescriptionOverTheSizeLimitIsRefusedBeforeAllocating) {
  EXPECT_EQ(message_of([] { parse_description("square8:1000x1000:.1000", "argument 1"); }),
            "argument 1, column 9: board too large: 1000 x 1000 (the limit is 65,536 cells, e.g. 256 x 256)");
  EXPECT_EQ(message_of([] { parse_description("square8:-1x3:.3"); }),
            "description, column 9: board size must be at least 1 x 1, got -1 x 3");
  EXPECT_EQ(parse_description("square8:256x256:" + [] {
              std::string rows;
              for (int r = 0; r < 256; ++r) rows += (r ? "/" : "") + std::string(".256");
              return rows;
            }()).board.size(), 65536);
}

TEST(InputLimits, TextOverTheSizeLimitNamesItsRealSize) {
  std::string text;
  for (int r = 0; r < 300; ++r) {
    for (int c = 0; c < 300; ++c) text += c ? " ." : ".";
    text += "\n";
  }
  // At the first row past the limit (row 219 of 300-cell rows), with its column: it said line 1.
  EXPECT_EQ(message_of([&] { parse_puzzle(text, "big.txt"); }),
            "big.txt:219:1: board too large: 300 x 300 (the limit is 65,536 cells, e.g. 256 x 256)");
  std::string square;  // 256 rows of 256 fit; a 257th row, whose tokens are not kept, does not
  for (int r = 0; r < 256; ++r) {
    for (int c = 0; c < 256; ++c) square += c ? " ." : ".";
    square += "\n";
  }
  EXPECT_EQ(message_of([&] { parse_puzzle(square + "  . .\n", "over.txt"); }),
            "over.txt:257:1: board too large: 257 x 256 (the limit is 65,536 cells, e.g. 256 x 256)");
}

// A single row over the limit: its tokens past the limit are not kept, but the size check must
// still see them (it used to read the kept 65,536 and solve a cut-off board, exit 0).
TEST(InputLimits, ARowOverTheSizeLimitIsRefusedWithItsRealWidth) {
  std::string row = "1 2";
  for (int c = 2; c < 65'536; ++c) row += " x";
  EXPECT_EQ(message_of([&] { parse_puzzle(row + "\n", "wide.txt"); }), "(no error)") << "65,536 cells fit";
  EXPECT_EQ(message_of([&] { parse_puzzle(row + " 1\n", "wide.txt"); }),
            "wide.txt:1:1: board too large: 1 x 65537 (the limit is 65,536 cells, e.g. 256 x 256)");
}

TEST(InputLimits, DescriptionErrorsNameTheColumnOfTheDescription) {
  EXPECT_EQ(message_of([] { parse_description("square8:2x2:1,./.,9", "argument 2"); }),
            "argument 2, column 19: value 9 is out of range 1..4 (the board has 4 playable cells)");
  EXPECT_EQ(message_of([] { parse_description("square8:2x2:1,./1,."); }),
            "description, column 17: value 1 is given twice (first at column 13)");
}

TEST(InputLimits, ReadsAreCappedAndNameTheReason) {
  EXPECT_EQ(message_of([] { read_text_file("/dev/zero", "file", 1 << 20); }),
            "/dev/zero: cannot read the file: larger than the limit of 1 MB");
  const test::TempDir scratch("limits-folder");
  const fs::path& dir = scratch.path;
  EXPECT_EQ(message_of([&] { read_text_file(dir, "manifest"); }), dir.string() + ": cannot read the manifest: it is a folder");
  // A line break in a file's name stays on the message's line (it split the message in two).
  EXPECT_EQ(message_of([&] { read_text_file(dir / "bad\nname.txt", "file"); }),
            (dir / "bad").string() + "\\x0aname.txt: cannot read the file: No such file or directory");
  std::ofstream(dir / "bad\nrow.txt") << "1 ? 3\n";
  EXPECT_EQ(message_of([&] { read_puzzle_file(dir / "bad\nrow.txt"); }),
            (dir / "bad").string() + "\\x0arow.txt:1:3: unknown token '?' (expected a number, '.' or 'x')");
}

TEST(InputLimits, AnyLineEndingAndABomReadTheSame) {
  const Puzzle lf = parse_puzzle("# topology: square4\n1 . 3\n. . .\n7 . 9\n", "p");
  EXPECT_EQ(parse_puzzle("# topology: square4\r1 . 3\r. . .\r7 . 9\r", "p").board, lf.board);
  EXPECT_EQ(parse_puzzle("\xEF\xBB\xBF# topology: square4\r\n1 . 3\r\n. . .\r\n7 . 9\r\n", "p").board, lf.board);
  EXPECT_EQ(parse_puzzle("# TOPOLOGY: square4\n1 . 3\n. . .\n7 . 9\n", "p").board.topology(), Topology::square4);
  EXPECT_EQ(parse_puzzle_collection("# PUZZLE: 1/2\n1 .\n. 4\n# Puzzle: 2/2\n1 2\n. .\n", "p").size(), 2u);
}

TEST(InputLimits, NumbersAreReportedAsWrittenAndBytesEscaped) {
  EXPECT_EQ(message_of([] { parse_puzzle("1 . 99999999999999999999\n", "p"); }),
            "p:1:5: value 99999999999999999999 is out of range 1..3 (the board has 3 playable cells)");
  EXPECT_EQ(message_of([] { parse_puzzle(std::string("1 . 3\0z\x1b[2J\n", 13), "p"); }),
            "p:1:5: unknown token '3\\x00z\\x1b[2J' (expected a number, '.' or 'x')");
  EXPECT_EQ(message_of([] { parse_number_in("-1", 0, 10, "--seed"); }), "--seed: expected a whole number from 0 to 10, got '-1'");
  EXPECT_EQ(message_of([] { parse_unsigned_in("-1", 0, 10, "--seed"); }), "--seed: expected a whole number from 0 to 10, got '-1'");
  EXPECT_EQ(message_of([] { parse_number_in("9223372036854775808", 0, 10, "--n"); }),
            "--n: expected a whole number from 0 to 10, got '9223372036854775808'");
  EXPECT_EQ(parse_unsigned_in("18446744073709551615", 0, ~0ull, "--seed"), ~0ull);
}

TEST(BookFolderTest, AnUncommittedBookLeavesTheEarlierOneAndNoStaging) {
  const test::TempDir scratch("limits-swap");
  const fs::path& dir = scratch.path;
  fs::create_directories(dir / "out");
  write(dir / "out" / "manifest.json", fake_manifest("old"));
  write(dir / "out" / "book.pdf", "old");
  {
    BookFolder f(dir / "out");
    write(f.staging() / "manifest.json", fake_manifest("new"));
  }
  EXPECT_TRUE(fs::exists(dir / "out" / "book.pdf"));
  EXPECT_FALSE(fs::exists(dir / ".out.hidato-new"));
  {
    BookFolder f(dir / "out");
    write(f.staging() / "manifest.json", fake_manifest("new"));
    EXPECT_EQ(f.commit(), std::nullopt);
  }
  EXPECT_FALSE(fs::exists(dir / "out" / "book.pdf"));  // the whole folder is the new book
  EXPECT_TRUE(fs::exists(dir / "out" / "manifest.json"));
  EXPECT_FALSE(fs::exists(dir / ".out.hidato-old"));
}

// A book folder reached through a symbolic link is written into the folder the link names; the
// link stays a link (it used to be replaced by a real folder, leaving the linked one empty).
TEST(BookFolderTest, ALinkedFolderGetsTheBookAndStaysALink) {
  const test::TempDir scratch("limits-link");
  const fs::path& dir = scratch.path;
  fs::create_directories(dir / "real");
  fs::create_directory_symlink("real", dir / "link");
  for (int round = 0; round < 2; ++round) {
    BookFolder f(dir / "link");
    write(f.staging() / "manifest.json", fake_manifest("round " + std::to_string(round)));
    EXPECT_EQ(f.commit(), std::nullopt);
  }
  EXPECT_TRUE(fs::is_symlink(dir / "link"));
  EXPECT_EQ(read_text_file(dir / "real" / "manifest.json"), fake_manifest("round 1"));
}

TEST(BookFolderTest, ACrashBetweenTheRenamesIsRecoveredByTheNextWriter) {
  const test::TempDir scratch("limits-recover");
  const fs::path& dir = scratch.path;
  fs::create_directories(dir / ".out.hidato-old");
  write(dir / ".out.hidato-old" / "manifest.json", fake_manifest("old"));
  write(dir / ".out.hidato-old" / "book.pdf", "old");
  fs::create_directories(dir / ".out.hidato-new");
  { BookFolder f(dir / "out"); }
  EXPECT_TRUE(fs::exists(dir / "out" / "book.pdf"));
  EXPECT_FALSE(fs::exists(dir / ".out.hidato-old"));
  EXPECT_FALSE(fs::exists(dir / ".out.hidato-new"));
}

// Runs `f` as the user nobody when this process is root (root may delete anything), as itself
// otherwise; the effective user only, so it comes back.
template <class F>
void as_non_root(F&& f) {
  const bool root = ::geteuid() == 0;
  if (root) {
    ASSERT_EQ(::seteuid(65534), 0);
  }
  f();
  if (root) {
    ASSERT_EQ(::seteuid(0), 0);
  }
}

// A read-only book folder: the new book used to be swapped in while the old one, moved aside,
// could not be deleted, and every later build then failed with exit 3 after all its work.
TEST(BookFolderTest, RefusesABookItCouldNotDeleteAndSaysWhatIsLeftOver) {
  const test::TempDir scratch("limits-readonly");
  const fs::path& dir = scratch.path;
  fs::permissions(dir, fs::perms::all);
  fs::create_directories(dir / "out");
  write(dir / "out" / "manifest.json", fake_manifest("old"));
  fs::permissions(dir / "out", fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                                   fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec);
  std::string refused;
  as_non_root([&] { refused = message_of([&] { BookFolder f(dir / "out"); }); });
  EXPECT_EQ(refused, (dir / "out").string() + ": the earlier book in it cannot be replaced: Permission denied");
  EXPECT_EQ(read_text_file(dir / "out" / "manifest.json"), fake_manifest("old"));
  // What an earlier writer swapped out but could not delete is named, not failed on later.
  fs::rename(dir / "out", dir / ".out.hidato-old");
  fs::create_directories(dir / "out");
  fs::permissions(dir / "out", fs::perms::all);
  as_non_root([&] { refused = message_of([&] { BookFolder f(dir / "out"); }); });
  EXPECT_EQ(refused, (dir / "out").string() + ": an earlier book left in " + (dir / ".out.hidato-old").string() +
                         " cannot be deleted (Permission denied); remove it by hand");
  fs::permissions(dir / ".out.hidato-old", fs::perms::owner_all);
}

// A mount point (a container's volume, `--out /out`) cannot be renamed: refused before any work
// (it used to fail with exit 3 once every puzzle was made).
TEST(BookFolderTest, RefusesAMountPoint) {
  const test::TempDir scratch("limits-mount");
  const fs::path mnt = scratch.path / "mnt";
  fs::create_directories(mnt);
  if (::mount("tmpfs", mnt.c_str(), "tmpfs", 0, "size=1m") != 0)
    GTEST_SKIP() << "cannot mount a tmpfs here (" << std::strerror(errno) << ")";
  const std::string refused = message_of([&] { BookFolder f(mnt); });
  ::umount(mnt.c_str());
  EXPECT_EQ(refused.substr(0, mnt.string().size() + 20), mnt.string() + ": is a mount point; ");
}

TEST(BookFolderTest, RefusesAFileAForeignFolderAndALockedFolder) {
  const test::TempDir scratch("limits-refuse");
  const fs::path& dir = scratch.path;
  write(dir / "file", "x");
  EXPECT_EQ(message_of([&] { BookFolder f(dir / "file"); }),
            (dir / "file").string() + ": is a file, not a folder (the book needs a folder of its own)");
  fs::create_directories(dir / "home");
  write(dir / "home" / "notes.txt", "mine");
  EXPECT_EQ(message_of([&] { BookFolder f(dir / "home"); }),
            (dir / "home").string() + ": holds files that are not part of a book (notes.txt); a book replaces its "
                                      "whole folder, so choose a new or empty folder");
  EXPECT_TRUE(fs::exists(dir / "home" / "notes.txt"));
  fs::create_directories(dir / "shelf");  // PDFs and SVGs, but no book's manifest
  write(dir / "shelf" / "book-2026-01.pdf", "mine");
  write(dir / "shelf" / "logo.svg", "<svg/>");
  EXPECT_EQ(message_of([&] { BookFolder f(dir / "shelf"); }),
            (dir / "shelf").string() + ": holds no manifest.json beside its files (book-2026-01.pdf, logo.svg), so "
                                       "it is not a book's; a book replaces its whole folder, so choose a new or empty folder");
  EXPECT_TRUE(fs::exists(dir / "shelf" / "logo.svg"));
  // JSON that is not ours, even named manifest.json (a web app's folder lost its other files).
  fs::create_directories(dir / "app");
  write(dir / "app" / "manifest.json", "{\"name\": \"app\"}");
  write(dir / "app" / "package.json", "{}");
  EXPECT_EQ(message_of([&] { BookFolder f(dir / "app"); }),
            (dir / "app").string() + ": holds files that are not part of a book (manifest.json, package.json); a book "
                                     "replaces its whole folder, so choose a new or empty folder");
  EXPECT_TRUE(fs::exists(dir / "app" / "package.json"));
  fs::create_directories(dir / "odd");  // names are shown escaped: a newline never reaches the terminal raw
  write(dir / "odd" / "a\nb.txt", "x");
  EXPECT_NE(message_of([&] { BookFolder f(dir / "odd"); }).find("(a\\x0ab.txt)"), std::string::npos);
  EXPECT_FALSE(fs::exists(dir / ".home.hidato-lock"));  // a refused folder gets nothing beside it
  BookFolder first(dir / "out");
  EXPECT_NE(message_of([&] { BookFolder second(dir / "out"); })
                .find("another hidato process (pid " + std::to_string(::getpid()) + ") is writing"),
            std::string::npos);
  EXPECT_TRUE(fs::exists(first.staging()));  // the refused writer did not touch the first one's files
}
