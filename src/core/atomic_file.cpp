#include "core/atomic_file.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>

#include "core/errors.hpp"

namespace hidato {
std::filesystem::path temp_path_for(const std::filesystem::path& path) {
  return path.string() + "." + std::to_string(::getpid()) + ".tmp-hidato";
}

void produce_file_atomic(const std::filesystem::path& path,
                         const std::function<void(const std::filesystem::path&)>& write) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw OutputError(path.string() + ": cannot write: it is a folder");
  if (path.has_parent_path()) {
    std::filesystem::create_directories(path.parent_path(), ec);
    if (ec) throw OutputError(path.string() + ": cannot create the folder " + path.parent_path().string() + ": " + ec.message());
  }
  const auto tmp = temp_path_for(path);
  try {
    write(tmp);
  } catch (...) {
    std::filesystem::remove(tmp, ec);
    throw;
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    const std::string why = ec.message();
    std::filesystem::remove(tmp, ec);
    throw OutputError(path.string() + ": cannot write: " + why);
  }
}

void check_output_file(const std::filesystem::path& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw InputError(path.string() + ": is a folder (expected the name of a file to write)");
  if (!path.has_parent_path()) return;
  std::filesystem::create_directories(path.parent_path(), ec);
  if (ec) throw InputError(path.string() + ": cannot create the folder " + path.parent_path().string() + ": " + ec.message());
  if (::access(path.parent_path().c_str(), W_OK) != 0)
    throw InputError(path.string() + ": cannot write in " + path.parent_path().string() + ": " + std::strerror(errno));
}

void write_file_atomic(const std::filesystem::path& path, std::string_view content) {
  produce_file_atomic(path, [&](const std::filesystem::path& tmp) {
    errno = 0;
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw OutputError(path.string() + ": cannot write: " + std::strerror(errno ? errno : EIO));
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    out.flush();
    if (!out) throw OutputError(path.string() + ": cannot write: " + std::strerror(errno ? errno : EIO));
    out.close();
    if (!out) throw OutputError(path.string() + ": cannot write: " + std::strerror(errno ? errno : EIO));
  });
}

}  // namespace hidato
