#include "core/atomic_file.hpp"

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "core/errors.hpp"

namespace hidato {
namespace {

std::filesystem::path temp_path_for(const std::filesystem::path& path) {
  return path.string() + "." + std::to_string(::getpid()) + ".tmp-hidato";
}

}  // namespace

void produce_file_atomic(const std::filesystem::path& path,
                         const std::function<void(const std::filesystem::path&)>& write) {
  std::error_code ec;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
  if (ec) throw OutputError(path.parent_path().string() + ": cannot create folder: " + ec.message());
  const auto tmp = temp_path_for(path);
  try {
    write(tmp);
  } catch (...) {
    std::filesystem::remove(tmp, ec);
    throw;
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::filesystem::remove(tmp, ec);
    throw OutputError(path.string() + ": cannot write: " + ec.message());
  }
}

void write_file_atomic(const std::filesystem::path& path, std::string_view content) {
  produce_file_atomic(path, [&](const std::filesystem::path& tmp) {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    out.flush();
    if (!out) throw OutputError(path.string() + ": cannot write the file");
  });
}

void remove_stale_temporaries(const std::filesystem::path& dir) {
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    if (name.size() > 12 && name.ends_with(".tmp-hidato")) std::filesystem::remove(e.path(), ec);
  }
}

}  // namespace hidato
