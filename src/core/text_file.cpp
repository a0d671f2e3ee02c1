#include "core/text_file.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>

#include "core/errors.hpp"
#include "core/text.hpp"

namespace hidato {

std::string read_text_file(const std::filesystem::path& file, std::string_view what, std::size_t max_bytes) {
  const std::string name = line_text(file.string());  // a line break in a file name stays on its line
  std::error_code ec;
  if (std::filesystem::is_directory(file, ec))
    throw InputError(name + ": cannot read the " + std::string(what) + ": it is a folder");
  errno = 0;
  std::ifstream in(file, std::ios::binary);
  if (!in)
    throw InputError(name + ": cannot read the " + std::string(what) + ": " +
                     (errno ? std::strerror(errno) : "cannot open"));
  return read_text_stream(in, file.string(), what, max_bytes);
}

std::string read_text_stream(std::istream& in, const std::string& source, std::string_view what, std::size_t max_bytes) {
  const std::string name = line_text(source);
  std::string text;
  char chunk[1 << 16];
  errno = 0;
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
    text.append(chunk, static_cast<std::size_t>(in.gcount()));
    if (text.size() > max_bytes)
      throw InputError(name + ": cannot read the " + std::string(what) + ": larger than the limit of " +
                       std::to_string(max_bytes >> 20) + " MB");
  }
  if (in.bad())
    throw InputError(name + ": cannot read the " + std::string(what) + ": " + std::strerror(errno ? errno : EIO));
  return normalized_text(text);
}

}  // namespace hidato
