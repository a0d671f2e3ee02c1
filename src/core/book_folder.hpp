#pragma once
// One book per folder: a book is written whole into a staging folder beside its target and
// swapped in at the end, so the target holds either the earlier book or the new one, never a mix
// (interrupt, SIGKILL, full disk, a failed render, a shorter book, fewer formats).
//
// Beside the target DIR (same parent, so renames never cross file systems):
//   .DIR.hidato-lock  flock()ed while a process writes DIR; a second build into DIR is refused
//                     (the kernel drops the lock when its holder dies, so it never goes stale)
//   .DIR.hidato-new   the staging folder being written
//   .DIR.hidato-old   the earlier book during the swap
// The swap is two renames: DIR -> .DIR.hidato-old, .DIR.hidato-new -> DIR, then the old book is
// deleted. A crash between the two renames leaves no DIR and the old book in .DIR.hidato-old; the
// next writer of DIR (holding the lock, so no live process owns these names) puts it back first,
// and deletes a leftover staging folder. Nothing else in the parent folder is ever touched.
#include <filesystem>
#include <optional>
#include <string>

namespace hidato {

class BookFolder {
 public:
  // Checks `target` before any work and takes the lock. Throws InputError (exit 1) when target
  // is a file, is a folder holding something other than a book (a book replaces its whole
  // folder), is a mount point (it cannot be swapped), cannot be created or written (with the OS
  // reason), is locked by another process, or when what an interrupted writer left beside it
  // cannot be cleared (naming the folder left over).
  explicit BookFolder(std::filesystem::path target);
  ~BookFolder();  // without commit(): the staging folder is removed, the target left as it was
  BookFolder(const BookFolder&) = delete;
  BookFolder& operator=(const BookFolder&) = delete;

  // Where to write every file of the book.
  const std::filesystem::path& staging() const { return staging_; }
  const std::filesystem::path& target() const { return target_; }

  // Copies file `name` of the current target (when it has one) into the staging folder.
  void carry_over(const std::string& name);

  // Swaps the staging folder in. Throws OutputError with the OS reason when a rename fails (the
  // earlier book is then put back). Returns a warning when the earlier book, swapped out, could
  // not be deleted (the new book is in place; the next writer refuses until it is removed).
  [[nodiscard]] std::optional<std::string> commit();

 private:
  std::filesystem::path target_;
  std::filesystem::path staging_;
  std::filesystem::path old_;
  int lock_fd_ = -1;
  bool committed_ = false;
};

// Where an interrupted swap left the earlier book of `folder` (.NAME.hidato-old beside it) when
// `folder` itself is missing: a reader of its manifest can say where the book is.
std::optional<std::filesystem::path> interrupted_book(const std::filesystem::path& folder);

// True when `dir` holds a manifest.json and every entry is a regular file named *.json, *.pdf or
// *.svg (what books are made of), so replacing the folder loses nothing else (a folder of PDFs
// and a package.json is no book). An empty folder is a book folder.
bool is_book_folder(const std::filesystem::path& dir);

}  // namespace hidato
