#pragma once
// Reading a whole input file, with the one error message every reader gives.
#include <filesystem>
#include <string>
#include <string_view>

namespace hidato {

// The bytes of `file`. Throws InputError "FILE: cannot read the <what> (does it exist?)" when it
// cannot be opened or is a folder.
std::string read_text_file(const std::filesystem::path& file, std::string_view what = "file");

}  // namespace hidato
