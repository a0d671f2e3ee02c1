#pragma once
// Every output file is written to a temporary file beside it and renamed into place, so a reader
// (or a crash, or Ctrl-C) never sees a half-written file.
#include <filesystem>
#include <functional>
#include <string_view>

namespace hidato {

// The temporary file beside `path` that this process writes before renaming it into place
// (`PATH.PID.tmp-hidato`: never another process's).
std::filesystem::path temp_path_for(const std::filesystem::path& path);

// Writes `content` to `path` atomically. Throws OutputError "PATH: cannot write: REASON" (the OS
// reason) on failure.
void write_file_atomic(const std::filesystem::path& path, std::string_view content);

// Before any work: throws InputError (exit 1) when `path` is a folder or its folder cannot be
// created or written, with the OS reason.
void check_output_file(const std::filesystem::path& path);

// Calls write(tmp) to produce the file at a temporary path, then renames it to `path`.
// The temporary file is removed if write throws.
void produce_file_atomic(const std::filesystem::path& path,
                         const std::function<void(const std::filesystem::path& tmp)>& write);

}  // namespace hidato
