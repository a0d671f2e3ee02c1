#include "core/atomic_file.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "core/text_file.hpp"

namespace hidato {
namespace {

namespace fs = std::filesystem;

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

TEST_F(InFreshFolder, MissingFoldersAreCreated) {
  write_file_atomic(fs::path("a") / "b" / "c.txt", "x");
  EXPECT_EQ(read_text_file(dir_ / "a" / "b" / "c.txt"), "x");
}

}  // namespace
}  // namespace hidato
