#include "core/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>

#include "core/errors.hpp"

namespace hidato {
std::filesystem::path temp_path_for(const std::filesystem::path& path) {
  return path.string() + "." + std::to_string(::getpid()) + ".tmp-hidato";
}

namespace {

// The temporary files being written, for remove_temp_files_now (a signal handler: no locks, no
// allocation). A slot is free (0), being filled (1) or holds a path (2).
struct TempSlot {
  std::atomic<int> state{0};
  char path[4096];
};
constexpr std::size_t temp_slot_count = 32;
TempSlot temp_slots[temp_slot_count];

// The slot now holding `tmp`, or -1 (all taken, or a path too long: that file is only removed
// the usual way).
int hold_temp(const std::filesystem::path& tmp) {
  const std::string& name = tmp.native();
  if (name.size() >= sizeof(TempSlot::path)) return -1;
  for (std::size_t i = 0; i < temp_slot_count; ++i) {
    int free = 0;
    if (!temp_slots[i].state.compare_exchange_strong(free, 1)) continue;
    std::memcpy(temp_slots[i].path, name.c_str(), name.size() + 1);
    temp_slots[i].state.store(2);
    return static_cast<int>(i);
  }
  return -1;
}

void release_temp(int slot) {
  if (slot >= 0) temp_slots[static_cast<std::size_t>(slot)].state.store(0);
}

// An existing path that is not a file or a folder: a pipe, a device, a socket.
bool is_stream(const std::filesystem::path& path) {
  std::error_code ec;
  const auto st = std::filesystem::status(path, ec);
  return !ec && std::filesystem::exists(st) && !std::filesystem::is_regular_file(st) &&
         !std::filesystem::is_directory(st);
}

// Creates temp_path_for(path) new, empty (see AtomicFileWriter); throws OutputError when it cannot.
std::filesystem::path create_temp_for(const std::filesystem::path& path) {
  const std::filesystem::path tmp = temp_path_for(path);
  for (int tries = 0;; ++tries) {
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0666);
    if (fd >= 0) {
      ::close(fd);
      return tmp;
    }
    const int err = errno;
    std::error_code ec;
    if (err != EEXIST || tries > 0 || !std::filesystem::remove(tmp, ec))
      throw OutputError(path.string() + ": cannot write: cannot create " + tmp.string() + ": " + std::strerror(err));
  }
}

// The temporary `tmp` takes the permissions of the file at `path` it is to replace, if any.
void keep_permissions(const std::filesystem::path& tmp, const std::filesystem::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return;
  // The owner and group first (only root may give a file away; for others this fails and the file
  // is theirs), then the mode, which chown may have cleared of set-id bits.
  [[maybe_unused]] const int owned = ::chown(tmp.c_str(), st.st_uid, st.st_gid);
  ::chmod(tmp.c_str(), st.st_mode & 07777);
}

}  // namespace

std::filesystem::path output_target(const std::filesystem::path& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  // Not a link, or a link to a pipe or device: the path itself (/dev/stdout -> /proc/self/fd/1
  // -> "pipe:[...]" has no real name to write to).
  if (!fs::is_symlink(path, ec) || is_stream(path)) return path;
  if (fs::exists(path, ec)) {  // a file or folder: by its real name
    const fs::path real = fs::canonical(path, ec);
    return ec ? path : real;
  }
  fs::path p = path;  // a dangling link: the file it names, to be created
  for (int hop = 0; hop < 40 && fs::is_symlink(p, ec); ++hop) {
    const fs::path to = fs::read_symlink(p, ec);
    if (ec) break;
    p = to.is_absolute() ? to : p.parent_path() / to;
  }
  return p;
}

namespace {

bool closed_at_start[3] = {false, false, false};  // set once by main, before any thread starts

// Whether `path` names standard descriptor 1 or 2 and that one was closed when the program started.
bool names_a_closed_stream(const std::filesystem::path& path) {
  const int fd = standard_stream_named(path);
  return fd != 0 && closed_at_start[fd];
}

// A symbolic link still, once followed: a loop (or more than 40 hops).
void refuse_link_loop(const std::filesystem::path& given, const std::filesystem::path& target, bool before_work) {
  std::error_code ec;
  if (!std::filesystem::is_symlink(target, ec)) return;
  const std::string why = given.string() + ": a loop of symbolic links (or more than 40 of them), not a file to write";
  if (before_work) throw InputError(why);
  throw OutputError(why);
}

// The rename that puts a file in place replaces the old one, and in a sticky folder (/tmp) only
// the old file's owner, the folder's or root may: found out after the work otherwise.
void refuse_foreign_file_in_sticky_folder(const std::filesystem::path& path, const std::string& folder) {
  struct stat file {}, dir {};
  const uid_t me = ::geteuid();
  if (me == 0 || ::lstat(path.c_str(), &file) != 0 || ::stat(folder.c_str(), &dir) != 0) return;
  if ((dir.st_mode & S_ISVTX) && file.st_uid != me && dir.st_uid != me)
    throw InputError(path.string() + ": belongs to another user in a sticky folder (" + folder +
                     "), where only its owner may replace it; write another file");
}

}  // namespace

int standard_stream_named(const std::filesystem::path& path) {
  const std::string p = path.lexically_normal().string();
  for (int fd : {1, 2}) {
    const std::string n = std::to_string(fd);
    if (p == "/dev/fd/" + n || p == "/proc/self/fd/" + n || p == "/proc/" + std::to_string(::getpid()) + "/fd/" + n ||
        p == (fd == 1 ? "/dev/stdout" : "/dev/stderr"))
      return fd;
  }
  return 0;
}

void note_standard_stream_closed(int fd) {
  if (fd >= 0 && fd <= 2) closed_at_start[fd] = true;
}

void check_output_file(const std::filesystem::path& link) {
  if (names_a_closed_stream(link)) throw InputError(link.string() + ": the standard stream it names is closed");
  if (standard_stream_named(link) != 0) return;  // written into as it is, nothing to create
  const std::string given = link.string();
  if (!given.empty() && given.back() == '/')
    throw InputError(given + ": names a folder (it ends in '/'); expected the name of a file to write");
  const std::filesystem::path path = output_target(link);
  refuse_link_loop(link, path, true);
  if (is_stream(path)) return;
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw InputError(path.string() + ": is a folder (expected the name of a file to write)");
  const std::string folder = path.has_parent_path() ? path.parent_path().string() : ".";
  if (path.has_parent_path()) {
    std::filesystem::create_directories(path.parent_path(), ec);
    if (ec) throw InputError(path.string() + ": cannot create the folder " + folder + ": " + ec.message());
  }
  // access() says yes to root anywhere, yet /proc, /sys or a read-only mount refuse new files all
  // the same: the temporary file the write will use is created and removed again.
  const std::filesystem::path probe = temp_path_for(path);
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0 && errno != EEXIST)
    throw InputError(path.string() + ": cannot write in " + folder + ": " + std::strerror(errno));
  if (fd >= 0) {
    ::close(fd);
    std::filesystem::remove(probe, ec);
  }
  refuse_foreign_file_in_sticky_folder(path, folder);
}

AtomicFileWriter::AtomicFileWriter(const std::filesystem::path& path) : target_(output_target(path)) {
  std::error_code ec;
  refuse_link_loop(path, target_, false);
  if (!is_stream(target_)) {
    if (std::filesystem::is_directory(target_, ec))
      throw OutputError(target_.string() + ": cannot write: it is a folder");
    if (target_.has_parent_path() && (std::filesystem::create_directories(target_.parent_path(), ec), ec))
      throw OutputError(target_.string() + ": cannot create the folder " + target_.parent_path().string() + ": " +
                        ec.message());
    tmp_ = create_temp_for(target_);
    slot_ = hold_temp(tmp_);
  }
  errno = 0;
  out_.open(tmp_.empty() ? target_ : tmp_, std::ios::binary | std::ios::trunc);
  if (!out_) {
    const std::string why = std::strerror(errno ? errno : EIO);
    if (!tmp_.empty()) std::filesystem::remove(tmp_, ec);
    release_temp(slot_);
    throw OutputError(target_.string() + ": cannot write: " + why);
  }
}

AtomicFileWriter::~AtomicFileWriter() {
  if (committed_ || tmp_.empty()) return;
  out_.close();
  std::error_code ec;
  std::filesystem::remove(tmp_, ec);
  release_temp(slot_);
}

void AtomicFileWriter::write(std::string_view text) {
  errno = 0;
  out_.write(text.data(), static_cast<std::streamsize>(text.size()));
  if (!out_ && error_.empty()) error_ = std::strerror(errno ? errno : EIO);
}

void AtomicFileWriter::commit() {
  out_.flush();
  if (!out_ && error_.empty()) error_ = std::strerror(errno ? errno : EIO);
  out_.close();
  if (!out_ && error_.empty()) error_ = std::strerror(errno ? errno : EIO);
  if (!error_.empty()) throw OutputError(target_.string() + ": cannot write: " + error_);
  if (!tmp_.empty()) {
    keep_permissions(tmp_, target_);
    std::error_code ec;
    std::filesystem::rename(tmp_, target_, ec);
    if (ec) throw OutputError(target_.string() + ": cannot write: " + ec.message());
    release_temp(slot_);
  }
  committed_ = true;
}

void remove_temp_files_now() noexcept {
  for (TempSlot& slot : temp_slots)
    if (slot.state.load() == 2) ::unlink(slot.path);
}

void write_file_atomic(const std::filesystem::path& path, std::string_view content) {
  AtomicFileWriter file(path);
  file.write(content);
  file.commit();
}

}  // namespace hidato
