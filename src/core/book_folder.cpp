#include "core/book_folder.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "core/atomic_file.hpp"
#include "core/errors.hpp"
#include "core/text.hpp"

namespace hidato {
namespace fs = std::filesystem;

namespace {

fs::path beside(const fs::path& target, const char* suffix) {
  return target.parent_path() / ("." + target.filename().string() + suffix);
}

// The target as an absolute path with a file name ("out/" and "." name their folder); a
// symbolic link to a folder is followed (output_target), so the book lands in that folder and the
// link stays.
fs::path normal_target(const fs::path& p) {
  fs::path t = fs::absolute(p).lexically_normal();
  if (t.filename().empty()) t = t.parent_path();
  return fs::absolute(output_target(t)).lexically_normal();
}

// Paths are shown as one line: a line break in a folder's name (`--out $'a\nb'`) split the message.
[[noreturn]] void refuse(const fs::path& dir, const std::string& why) {
  throw InputError(line_text(dir.string()) + ": " + line_text(why));
}

// The lock file is never opened through a link someone placed at its name, nor written when it is
// not a plain file of its own (a symbolic or hard link to /etc/shadow beside a root cron job's
// book folder was cut and overwritten with the pid, found from outside).
int take_lock(const fs::path& dir, const fs::path& lock) {
  const int fd = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0644);
  if (fd < 0 && errno == ELOOP)
    refuse(dir, "the lock file " + lock.string() + " is a symbolic link, which is never followed; remove it");
  if (fd < 0) refuse(dir, "cannot create the lock file " + lock.string() + ": " + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_nlink != 1) {
    ::close(fd);
    refuse(dir, "the lock file " + lock.string() + " is not a plain file of its own (a link or a special file); remove it");
  }
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    const int e = errno;
    char pid[32] = {};
    const ssize_t got = e == EWOULDBLOCK ? ::pread(fd, pid, sizeof pid - 1, 0) : 0;
    ::close(fd);
    std::string holder = got > 0 ? std::string(pid, static_cast<std::size_t>(got)) : "";
    if (holder.empty() || holder.back() != '\n' || holder.find_first_not_of("0123456789\n") != std::string::npos) holder.clear();
    else holder = " (pid " + holder.substr(0, holder.size() - 1) + ")";
    if (e == EWOULDBLOCK)
      refuse(dir, "another hidato process" + holder + " is writing a book into this folder (it holds " + lock.string() + ")");
    refuse(dir, "cannot lock " + lock.string() + ": " + std::strerror(e));
  }
  // The holder's process id, for the message of a writer refused meanwhile (best effort).
  const std::string pid = std::to_string(::getpid()) + "\n";
  const bool noted = ::ftruncate(fd, 0) == 0 && ::pwrite(fd, pid.data(), pid.size(), 0) == static_cast<ssize_t>(pid.size());
  (void)noted;  // without it a refused writer's message names no pid
  return fd;
}

// Under the lock: finish what a crashed writer left (see the header). What cannot be finished is
// refused, naming the folder left over.
void recover(const fs::path& shown, const fs::path& target, const fs::path& staging, const fs::path& old) {
  std::error_code ec;
  if (fs::exists(old, ec)) {
    const bool swapped_in = fs::exists(target, ec);  // the new book made it: the old one goes
    if (swapped_in) fs::remove_all(old, ec);
    else fs::rename(old, target, ec);
    if (ec)
      refuse(shown, "an earlier book left in " + old.string() + " cannot be " + (swapped_in ? "deleted" : "put back") +
                        " (" + ec.message() + "); remove it by hand");
  }
  fs::remove_all(staging, ec);
  if (ec) refuse(shown, "a staging folder left in " + staging.string() + " cannot be deleted (" + ec.message() + "); remove it by hand");
}

// A folder whose book can be swapped out: not a mount point (a mount point cannot be renamed),
// and, for a non-root user, writable (the earlier book's files are deleted after the swap).
void check_swappable(const fs::path& shown, const fs::path& target) {
  struct stat own {}, up {};
  if (::stat(target.c_str(), &own) != 0) return;  // not there yet: nothing to swap out
  const fs::path parent = target.parent_path();
  if (target == target.root_path() || (::stat(parent.c_str(), &up) == 0 && up.st_dev != own.st_dev))
    refuse(shown, "is a mount point; a book is written beside its folder and swapped in, which a mount point "
                  "does not allow, so give a folder inside it (such as " + (target / "book").string() + ")");
  if (::faccessat(AT_FDCWD, target.c_str(), W_OK | X_OK, AT_EACCESS) != 0)
    refuse(shown, "the earlier book in it cannot be replaced: " + std::string(std::strerror(errno)));
}

}  // namespace

std::optional<fs::path> interrupted_book(const fs::path& folder) {
  std::error_code ec;
  const fs::path target = normal_target(folder);
  const fs::path old = beside(target, ".hidato-old");
  if (fs::exists(target, ec) || !fs::is_directory(old, ec)) return std::nullopt;
  return old;
}

namespace {

// Whether `file` is one of ours: a hidato manifest names its format near its top (within the
// first megabyte even when a JSON tool sorted its keys). A folder with a web app's manifest.json
// was taken for a book, and its other files were deleted with the swap.
bool is_hidato_manifest(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::string head(1 << 20, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(std::max<std::streamsize>(0, in.gcount())));
  return head.find("\"hidato-manifest/") != std::string::npos;
}

// A file a book folder may hold: its PDFs and SVGs, timings.json, and hidato manifests.
bool book_file(const fs::directory_entry& e) {
  std::error_code ec;
  const auto ext = e.path().extension();
  if (!e.is_regular_file(ec) || (ext != ".json" && ext != ".pdf" && ext != ".svg")) return false;
  return ext != ".json" || e.path().filename() == "timings.json" || is_hidato_manifest(e.path());
}

// Calls f on `p` and on each folder above it, up to the root.
template <class F>
void walk_up(fs::path p, F&& f) {
  for (; !p.empty(); p = p.parent_path()) {
    f(p);
    if (p == p.root_path()) return;
  }
}

// Where a book folder cannot go, refused before any work:
//   a loop of symbolic links (found only when the book was moved into place, exit 3);
//   a file;
//   the current folder or one holding it: the swap moves it away, and a shell standing in it
//     (`cd out/book && hidato render manifest.json`) was left in a deleted folder;
//   inside another book's folder, whose next writer would refuse it for good (for the folder
//     and the lock file beside this one).
void check_place(const fs::path& shown, const fs::path& target) {
  std::error_code ec;
  (void)fs::status(target, ec);
  if (ec == std::errc::too_many_symbolic_link_levels) refuse(shown, "is a loop of symbolic links (" + ec.message() + ")");
  if (fs::exists(target, ec) && !fs::is_directory(target, ec))
    refuse(shown, "is a file, not a folder (the book needs a folder of its own)");
  const fs::path real = fs::weakly_canonical(target, ec);
  if (ec) return;
  const fs::path here = fs::weakly_canonical(fs::current_path(ec), ec);
  if (!ec)
    walk_up(here, [&](const fs::path& p) {
      if (p == real)
        refuse(shown, std::string(p == here ? "is" : "holds") + " the current folder, which the new book would " +
                          "replace under this shell; run the command from outside it (cd ..)");
    });
  walk_up(real.parent_path(), [&](const fs::path& p) {
    if (fs::is_regular_file(p / "manifest.json", ec) && is_hidato_manifest(p / "manifest.json"))
      refuse(shown, "is inside the book folder " + p.string() +
                        ", whose next build or render would refuse the folders beside its files; choose a folder "
                        "outside it");
  });
}

}  // namespace

bool is_book_folder(const fs::path& dir) {
  std::error_code ec;
  bool empty = true, manifest = false;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (!book_file(e)) return false;
    empty = false;
    manifest = manifest || e.path().filename() == "manifest.json";
  }
  return !ec && (empty || manifest);
}

namespace {

// Why a folder is no book's, naming what is there (is_book_folder is false).
std::string not_a_book(const fs::path& dir) {
  std::error_code ec;
  std::vector<std::string> foreign, files;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    const std::string name = printable(e.path().filename().string(), 80);  // a newline in a name stays escaped
    if (!book_file(e)) foreign.push_back(name);
    else files.push_back(name);
  }
  std::sort(foreign.begin(), foreign.end());
  std::sort(files.begin(), files.end());
  const auto listed = [](const std::vector<std::string>& names) {
    std::string out;
    for (std::size_t i = 0; i < names.size() && i < 3; ++i) out += (i ? ", " : "") + names[i];
    return names.size() > 3 ? out + " and " + std::to_string(names.size() - 3) + " more" : out;
  };
  if (!foreign.empty()) return "holds files that are not part of a book (" + listed(foreign) + ")";
  return "holds no manifest.json beside its files (" + listed(files) + "), so it is not a book's";
}

}  // namespace

BookFolder::BookFolder(fs::path target) : target_(normal_target(target)) {
  staging_ = beside(target_, ".hidato-new");
  old_ = beside(target_, ".hidato-old");
  const fs::path shown = target;
  std::error_code ec;
  check_place(shown, target_);
  const auto refuse_foreign = [&] {
    if (fs::is_directory(target_, ec) && !is_book_folder(target_))
      refuse(shown, not_a_book(target_) + "; a book replaces its whole folder, so choose a new or empty folder");
  };
  refuse_foreign();  // before anything is created; again below, once an interrupted swap is undone
  check_swappable(shown, target_);
  fs::create_directories(target_.parent_path(), ec);
  if (ec) refuse(shown, "cannot create the folder " + target_.parent_path().string() + ": " + ec.message());
  lock_fd_ = take_lock(shown, beside(target_, ".hidato-lock"));
  try {
    recover(shown, target_, staging_, old_);
    refuse_foreign();
    check_swappable(shown, target_);
    fs::create_directory(staging_, ec);
    if (ec) refuse(shown, "cannot write in " + target_.parent_path().string() + ": " + ec.message());
  } catch (...) {
    ::close(lock_fd_);
    throw;
  }
}

BookFolder::~BookFolder() {
  std::error_code ec;
  if (!committed_) fs::remove_all(staging_, ec);
  ::close(lock_fd_);
}

void BookFolder::carry_over(const std::string& name) {
  std::error_code ec;
  const fs::path from = target_ / name;
  if (!fs::is_regular_file(from, ec)) return;
  fs::copy_file(from, staging_ / name, fs::copy_options::overwrite_existing, ec);
  if (ec) throw OutputError((staging_ / name).string() + ": cannot copy " + from.string() + ": " + ec.message());
}

std::optional<std::string> BookFolder::commit() {
  std::error_code ec;
  const bool had_book = fs::exists(target_, ec);
  if (had_book) {
    fs::rename(target_, old_, ec);
    if (ec) throw OutputError(target_.string() + ": cannot move the earlier book aside: " + ec.message());
  }
  fs::rename(staging_, target_, ec);
  if (ec) {
    const std::string why = ec.message();
    if (had_book) fs::rename(old_, target_, ec);
    throw OutputError(target_.string() + ": cannot move the new book into place: " + why);
  }
  committed_ = true;
  if (!had_book) return std::nullopt;
  fs::remove_all(old_, ec);
  if (!ec) return std::nullopt;
  return "warning: the earlier book could not be deleted from " + old_.string() + " (" + ec.message() +
         "); the next book into " + target_.string() + " is refused until it is removed";
}

}  // namespace hidato
