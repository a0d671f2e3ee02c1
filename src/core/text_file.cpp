#include "core/text_file.hpp"

#include <fstream>
#include <sstream>

#include "core/errors.hpp"

namespace hidato {

std::string read_text_file(const std::filesystem::path& file, std::string_view what) {
  std::ifstream in(file, std::ios::binary);
  std::error_code ec;
  if (!in || std::filesystem::is_directory(file, ec))
    throw InputError(located(file.string(), 0, 0, "cannot read the " + std::string(what) + " (does it exist?)"));
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace hidato
