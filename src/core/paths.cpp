#include "core/paths.hpp"

#include <cstdlib>
#include <system_error>

#ifndef HIDATO_SOURCE_DIR
#define HIDATO_SOURCE_DIR ""
#endif
#ifndef HIDATO_INSTALL_DATADIR
#define HIDATO_INSTALL_DATADIR ""
#endif

namespace hidato {

std::filesystem::path find_data_file(std::string_view relative) {
  std::error_code ec;
  const std::filesystem::path rel(relative);
  if (rel.is_absolute() || std::filesystem::exists(rel, ec)) return rel;
  const char* env = std::getenv("HIDATO_DATA_DIR");
  for (const char* root : {env ? env : "", HIDATO_SOURCE_DIR, HIDATO_INSTALL_DATADIR}) {
    if (root[0] == '\0') continue;
    const auto candidate = std::filesystem::path(root) / rel;
    if (std::filesystem::exists(candidate, ec)) return candidate;
  }
  return rel;
}

}  // namespace hidato
