#pragma once
// A happens-before edge ThreadSanitizer can see. Debian's oneTBB is not built with TSan, so the
// synchronisation by which it hands a token from one pipeline stage (or task) to the next is
// invisible, and every value passed between threads would be reported as a race. Each stage
// calls sync() after writing what it hands on and before reading what it was handed: mutex
// unlock -> lock is an edge TSan tracks. Uncontended, it costs a few tens of nanoseconds per
// stage, nothing next to generating a puzzle.
#include <mutex>

namespace hidato {

class Handoff {
 public:
  void sync() { std::lock_guard<std::mutex> lock(mutex_); }

 private:
  std::mutex mutex_;
};

}  // namespace hidato
