#pragma once
// Every output file is written to a temporary file beside it and renamed into place, so a reader
// (or a crash, or Ctrl-C) never sees a half-written file.
#include <filesystem>
#include <fstream>
#include <string>
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

// 1 or 2 when `path` names standard output or standard error (/dev/stdout, /dev/fd/1,
// /proc/self/fd/1, /proc/PID/fd/1, and the same for 2), else 0: a caller writes into that
// stream itself (following the name would replace the file behind a `>> log` redirection).
int standard_stream_named(const std::filesystem::path& path);

// Before any work: throws InputError (exit 1) when `path` is a folder (or ends in '/'), a loop of
// symbolic links, or its folder cannot be created or written, with the OS reason, or names a
// standard stream that was closed. A standard stream that is open passes as it is.
void check_output_file(const std::filesystem::path& path);

// A file written a piece at a time (a manifest as its entries come, `generate --out` as its
// puzzles come: memory does not grow with the file) into a temporary file beside it, renamed
// into place by commit(). The temporary is created new (O_EXCL: never through a link someone
// placed at its predictable name; a leftover of a killed run with the same pid is removed
// first), and takes the permissions of the file it replaces (a 0600 book stays private). Destroyed without commit (an exception, a
// stop) it removes the temporary, and the file at `path` stays as it was. A target that is a
// stream (a pipe, /dev/stdout) is written into directly.
class AtomicFileWriter {
 public:
  // Throws OutputError when the folder or the temporary file cannot be created.
  explicit AtomicFileWriter(const std::filesystem::path& path);
  ~AtomicFileWriter();
  AtomicFileWriter(const AtomicFileWriter&) = delete;
  AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;
  // A failed write (the disk is full) is remembered and reported by commit.
  void write(std::string_view text);
  // Flushes, renames. Throws OutputError "PATH: cannot
  // write: REASON" (the OS reason of the first failed write), leaving the old file in place.
  void commit();
  // Where the file lands (output_target of the path given).
  const std::filesystem::path& target() const { return target_; }

 private:
  std::filesystem::path target_;
  std::filesystem::path tmp_;  // empty for a stream
  std::ofstream out_;
  std::string error_;
  bool committed_ = false;
  int slot_ = -1;  // where remove_temp_files_now finds the temporary
};

// Removes the temporary file of every AtomicFileWriter not yet committed or destroyed, at once
// and nothing else: async-signal-safe, for a handler about to end the process (a second Ctrl-C
// used to leave `FILE.PID.tmp-hidato` behind). The writers' files at their paths stay as they were.
void remove_temp_files_now() noexcept;

}  // namespace hidato
