#pragma once
// Reading a whole input file, with the one error message every reader gives.
#include <filesystem>
#include <istream>
#include <string>
#include <string_view>

#include "core/limits.hpp"

namespace hidato {

// The text of `file`, normalized (normalized_text: no BOM, LF line endings). Throws InputError
// "FILE: cannot read the <what>: REASON" (strerror) when it cannot be opened or is a folder, and
// "FILE: the <what> is larger than N MB (the limit for a <what>)" past `max_bytes` -- read in
// chunks, so /dev/zero or a huge file costs at most max_bytes of memory.
std::string read_text_file(const std::filesystem::path& file, std::string_view what = "file",
                           std::size_t max_bytes = max_input_bytes);
// The same for a stream already open (standard input, named `name` in messages).
std::string read_text_stream(std::istream& in, const std::string& name, std::string_view what = "file",
                             std::size_t max_bytes = max_input_bytes);

}  // namespace hidato
