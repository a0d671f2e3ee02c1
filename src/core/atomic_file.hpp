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

// Where writing `path` lands: a symbolic link is followed to the file or folder it names (a link
// is never replaced by a file of its own; a dangling one names the file to create, relative
// links from the link's folder, at most 40 hops); a link to a pipe or device, and any other
// path, is itself.
std::filesystem::path output_target(const std::filesystem::path& path);

// Writes `content` to `path` atomically. Throws OutputError "PATH: cannot write: REASON" (the OS
// reason) on failure.
void write_file_atomic(const std::filesystem::path& path, std::string_view content);

// The program started with standard descriptor `fd` (1 or 2) closed: /dev/stdout (/dev/fd/1,
// /proc/self/fd/1) then names no output, though the descriptor is held open on /dev/null.
void note_standard_stream_closed(int fd);

// Before any work: throws InputError (exit 1) when `path` is a folder or its folder cannot be
// created or written, with the OS reason, or names a standard stream that was closed.
void check_output_file(const std::filesystem::path& path);

// Calls write(tmp) to produce the file at a temporary path, then renames it to `path` (to the
// file a symbolic link names: output_target). The temporary file is created new before write
// (never through a link someone placed at its name), takes the permissions of the file it
// replaces, and is removed if write throws.
// A target that exists and is neither a file nor a folder (a pipe, a device: /dev/stdout) is a
// stream, not a file to replace: write() writes to it directly.
void produce_file_atomic(const std::filesystem::path& path,
                         const std::function<void(const std::filesystem::path& tmp)>& write);

}  // namespace hidato
