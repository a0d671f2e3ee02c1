#include "core/atomic_file.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <thread>

#include "core/errors.hpp"
#include "core/text_file.hpp"

namespace hidato {
namespace {

namespace fs = std::filesystem;

int file_count(const fs::path& dir) {
  int n = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++n;
  return n;
}

// Runs the test inside a fresh folder, so that file names without a folder land there.
class InFreshFolder : public ::testing::Test {
 protected:
  void SetUp() override {
    before_ = fs::current_path();
    dir_ = fs::temp_directory_path() / ("hidato-atomic-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    fs::current_path(dir_);
  }
  void TearDown() override {
    fs::current_path(before_);
    fs::remove_all(dir_);
  }
  fs::path before_, dir_;
};

// A bare file name (no folder part) is written in the current folder; it used to be refused with
// "cannot create the folder : No such file or directory".
TEST_F(InFreshFolder, BareFileNameIsWrittenInTheCurrentFolder) {
  EXPECT_NO_THROW(check_output_file("bare.txt"));
  write_file_atomic("bare.txt", "one\ntwo\n");
  EXPECT_EQ(read_text_file(dir_ / "bare.txt"), "one\ntwo\n");
  write_file_atomic("bare.txt", "three\n");
  EXPECT_EQ(read_text_file(dir_ / "bare.txt"), "three\n");
  int files = 0;
  for (const auto& e : fs::directory_iterator(dir_)) files += e.is_regular_file() ? 1 : 0;
  EXPECT_EQ(files, 1) << "no temporary file left behind";
}

// The check makes and removes the temporary file the write will use: nothing is left behind.
// In /proc no file can be made, though access() says yes to root there: refused before any work
// (`generate --out /proc/x` used to make every puzzle, then fail with exit 3).
TEST_F(InFreshFolder, TheCheckLeavesNothingAndRefusesAFolderThatTakesNoFile) {
  EXPECT_NO_THROW(check_output_file("probe.txt"));
  EXPECT_TRUE(fs::is_empty(dir_));
  if (!fs::is_directory("/proc/self")) GTEST_SKIP() << "no /proc here";
  try {
    check_output_file("/proc/hidato-no-such-file.txt");
    ADD_FAILURE() << "a file in /proc was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("/proc/hidato-no-such-file.txt: cannot write in /proc: ", 0), 0u) << e.what();
  }
}

TEST_F(InFreshFolder, MissingFoldersAreCreated) {
  write_file_atomic(fs::path("a") / "b" / "c.txt", "x");
  EXPECT_EQ(read_text_file(dir_ / "a" / "b" / "c.txt"), "x");
}

// Writing through a symbolic link writes the file it names and keeps the link (the rename used to
// replace the link with a file of its own); a dangling link creates the file it names.
TEST_F(InFreshFolder, ALinkIsWrittenThroughNotReplaced) {
  write_file_atomic("target.txt", "old\n");
  fs::create_symlink("target.txt", "link.txt");
  EXPECT_NO_THROW(check_output_file("link.txt"));
  write_file_atomic("link.txt", "new\n");
  EXPECT_TRUE(fs::is_symlink("link.txt"));
  EXPECT_EQ(read_text_file(dir_ / "target.txt"), "new\n");
  fs::create_directory("sub");
  fs::create_symlink("made.txt", fs::path("sub") / "link.txt");
  write_file_atomic(fs::path("sub") / "link.txt", "made\n");  // relative to the link's folder
  EXPECT_TRUE(fs::is_symlink(fs::path("sub") / "link.txt"));
  EXPECT_EQ(read_text_file(dir_ / "sub" / "made.txt"), "made\n");
}

// A pipe (or a device: /dev/stdout, /dev/null) is a stream, not a file to replace: the content
// goes into it and it stays what it was.
TEST_F(InFreshFolder, APipeIsWrittenIntoNotReplaced) {
  ASSERT_EQ(::mkfifo("pipe", 0600), 0);
  std::string got;
  std::thread reader([&] { got = read_text_file(dir_ / "pipe"); });
  EXPECT_NO_THROW(check_output_file("pipe"));
  write_file_atomic("pipe", "through\n");
  reader.join();
  EXPECT_EQ(got, "through\n");
  EXPECT_TRUE(fs::is_fifo("pipe"));
  EXPECT_EQ(output_target("pipe"), fs::path("pipe"));
}

// The temporary file is created new: a link someone placed at its (predictable) name is removed,
// never written through (the write used to open it with O_TRUNC and follow it).
TEST_F(InFreshFolder, ALinkAtTheTemporaryNameIsNeverWrittenThrough) {
  write_file_atomic("victim.txt", "victim\n");
  fs::create_symlink("victim.txt", temp_path_for(dir_ / "out.txt"));
  write_file_atomic(dir_ / "out.txt", "new\n");
  EXPECT_EQ(read_text_file(dir_ / "out.txt"), "new\n");
  EXPECT_EQ(read_text_file(dir_ / "victim.txt"), "victim\n");
  EXPECT_FALSE(fs::is_symlink(dir_ / "out.txt"));
  EXPECT_FALSE(fs::exists(fs::symlink_status(temp_path_for(dir_ / "out.txt"))));
}

// A file replaced keeps its permissions (it became 0644 whatever it was); a new one gets the
// usual ones.
TEST_F(InFreshFolder, AReplacedFileKeepsItsPermissions) {
  write_file_atomic("private.txt", "one\n");
  fs::permissions("private.txt", fs::perms::owner_read | fs::perms::owner_write);
  write_file_atomic("private.txt", "two\n");
  EXPECT_EQ(fs::status("private.txt").permissions(), fs::perms::owner_read | fs::perms::owner_write);
  EXPECT_EQ(read_text_file(dir_ / "private.txt"), "two\n");
  write_file_atomic("fresh.txt", "x");
  EXPECT_TRUE((fs::status("fresh.txt").permissions() & fs::perms::owner_write) != fs::perms::none);
}

// A file written piece by piece (generate --out, the manifest) is only in its temporary until
// commit; abandoned, it leaves the old file and no temporary.
TEST_F(InFreshFolder, AFileWrittenPieceByPieceAppearsWholeOrNotAtAll) {
  write_file_atomic("book.txt", "old\n");
  {
    AtomicFileWriter w("book.txt");
    w.write("one\n");
    w.write("two\n");
    EXPECT_EQ(read_text_file(dir_ / "book.txt"), "old\n");
    EXPECT_TRUE(fs::exists(temp_path_for(dir_ / "book.txt")));
  }
  EXPECT_EQ(read_text_file(dir_ / "book.txt"), "old\n");
  EXPECT_FALSE(fs::exists(temp_path_for(dir_ / "book.txt")));
  AtomicFileWriter w("book.txt");
  w.write("one\n");
  w.write("two\n");
  w.commit();
  EXPECT_EQ(read_text_file(dir_ / "book.txt"), "one\ntwo\n");
  EXPECT_EQ(file_count(dir_), 1);
  AtomicFileWriter fresh("fresh.txt");  // a bare name that does not exist yet
  fresh.write("new\n");
  fresh.commit();
  EXPECT_EQ(read_text_file(dir_ / "fresh.txt"), "new\n");
}

// Refused before any work: a name ending in '/' (it made the folder, then failed after the work)
// and a loop of links (replaced by a plain file). The standard streams' names are streams.
TEST_F(InFreshFolder, ANameEndingInASlashOrALinkLoopIsRefusedBeforeWork) {
  EXPECT_THROW(check_output_file("newfile/"), InputError);
  EXPECT_FALSE(fs::exists("newfile"));
  fs::create_symlink("b", "a");
  fs::create_symlink("a", "b");
  try {
    check_output_file("a");
    ADD_FAILURE() << "a link loop passed";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("a loop of symbolic links"), std::string::npos) << e.what();
  }
  EXPECT_THROW(write_file_atomic("a", "x"), OutputError);
  EXPECT_TRUE(fs::is_symlink("a"));
  EXPECT_EQ(standard_stream_named("/dev/stdout"), 1);
  EXPECT_EQ(standard_stream_named("/proc/self/fd/2"), 2);
  EXPECT_EQ(standard_stream_named("/dev/fd/3"), 0);
  EXPECT_EQ(standard_stream_named("stdout"), 0);
}

}  // namespace
}  // namespace hidato
