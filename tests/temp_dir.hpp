#pragma once
// A fresh folder under the system's temporary folder for one test, removed with everything in it when
// the test ends, so test runs leave nothing behind in /tmp.
#include <unistd.h>

#include <filesystem>
#include <string>
#include <system_error>

namespace hidato::test {

struct TempDir {
  std::filesystem::path path;
  explicit TempDir(const std::string& name)
      : path(std::filesystem::temp_directory_path() / ("hidato-" + name + "-" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
};

}  // namespace hidato::test
