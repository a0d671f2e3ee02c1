#pragma once
// Where the bundled data (templates/, config/) lives at run time.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace hidato {

// The first existing `relative` under: $HIDATO_DATA_DIR, the source tree this binary was built
// from, and <prefix>/share/hidato; nullopt when none holds it. Never the working folder: a
// `templates/pages/a4.yaml` or `templates/shapes/cat.txt` there replaced the shipped one in
// silence (a 44-page book where the config made 26; a manifest's `"mask":"cat"` regenerated as
// another board), which returning `relative` itself as the not-found answer invited: a caller
// that opened it read the working folder's file after all.
std::optional<std::filesystem::path> find_data_file(std::string_view relative);

// Where find_data_file looks, for a "not found" message: "$HIDATO_DATA_DIR (/x: no such folder),
// /src/hidato and /usr/local/share/hidato" (the roots that are set).
std::string data_roots_text();

}  // namespace hidato
