#pragma once
// Every output file is written to a temporary file beside it and renamed into place, so a reader
// (or a crash, or Ctrl-C) never sees a half-written file.
#include <filesystem>
#include <functional>
#include <string_view>

namespace hidato {

// Writes `content` to `path` atomically. Throws OutputError naming the path on failure.
void write_file_atomic(const std::filesystem::path& path, std::string_view content);

// Calls write(tmp) to produce the file at a temporary path, then renames it to `path`.
// The temporary file is removed if write throws.
void produce_file_atomic(const std::filesystem::path& path,
                         const std::function<void(const std::filesystem::path& tmp)>& write);

// Removes temporary files left by an interrupted process in `dir` (names ending in .tmp-hidato).
void remove_stale_temporaries(const std::filesystem::path& dir);

}  // namespace hidato
