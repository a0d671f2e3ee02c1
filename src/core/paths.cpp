#include "core/paths.hpp"

#include <cstdlib>
#include <string>
#include <system_error>
#include <vector>

#ifndef HIDATO_SOURCE_DIR
#define HIDATO_SOURCE_DIR ""
#endif
#ifndef HIDATO_INSTALL_DATADIR
#define HIDATO_INSTALL_DATADIR ""
#endif

namespace hidato {

std::optional<std::filesystem::path> find_data_file(std::string_view relative) {
  std::error_code ec;
  const std::filesystem::path rel(relative);
  const char* env = std::getenv("HIDATO_DATA_DIR");
  for (const char* root : {env ? env : "", HIDATO_SOURCE_DIR, HIDATO_INSTALL_DATADIR}) {
    if (root[0] == '\0') continue;
    const auto candidate = std::filesystem::path(root) / rel;
    if (std::filesystem::exists(candidate, ec)) return candidate;
  }
  return std::nullopt;
}

std::string data_roots_text() {
  std::error_code ec;
  std::vector<std::string> set;
  if (const char* env = std::getenv("HIDATO_DATA_DIR"); env && env[0] != '\0')
    set.push_back(std::string("$HIDATO_DATA_DIR (") + env + (std::filesystem::is_directory(env, ec) ? ")" : ": no such folder)"));
  for (const char* root : {HIDATO_SOURCE_DIR, HIDATO_INSTALL_DATADIR})
    if (root[0] != '\0') set.push_back(root);
  std::string out;
  for (std::size_t i = 0; i < set.size(); ++i) out += (i == 0 ? "" : i + 1 == set.size() ? " and " : ", ") + set[i];
  return out.empty() ? "no data folder (set $HIDATO_DATA_DIR)" : out;
}

}  // namespace hidato
