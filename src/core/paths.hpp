#pragma once
// Where the bundled data (templates/, config/) lives at run time.
#include <filesystem>
#include <string>
#include <string_view>

namespace hidato {

// The first existing `relative` under: $HIDATO_DATA_DIR, the source tree this binary was built
// from, and <prefix>/share/hidato. Returns `relative` itself when none exists (so that the
// error message names what was looked for).
std::filesystem::path find_data_file(std::string_view relative);

// Where find_data_file looks, for a "not found" message: "the working folder, $HIDATO_DATA_DIR
// (/x: no such folder), /src/hidato and /usr/local/share/hidato" (the roots that are set).
std::string data_roots_text();

}  // namespace hidato
