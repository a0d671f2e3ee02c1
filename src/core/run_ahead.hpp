#pragma once
// RunAhead<T>: numbered tasks 0, 1, 2, ... run on worker threads ahead of one consumer that takes
// their results in order: make_puzzle's attempts (the answer is the first that succeeds) and
// `hidato generate`'s puzzles (printed in order as they come). What the consumer sees is what
// running the tasks one after another would give, as long as each task's result depends only on
// its number (not on when it ran, nor on the others): the workers only save time.
//
// At most `window` tasks are started and not yet taken (memory stays bounded, and so does the
// work lost when the consumer stops early). Each task gets its own stop flag, raised when the
// consumer no longer needs it (the object is destroyed: the consumer has its answer, or gave up)
// and when the outside `cancel` flag is raised (take polls it while it waits). A task that throws
// hands its exception to take. The consumer is the object's owner: take and the destructor are
// called from one thread.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <vector>

namespace hidato {

// Cores a pool of workers has left idle, for a task that can use more threads to borrow: run_jobs
// lends the thread of a job that ends once every job has begun (the book's tail), and make_puzzle
// borrows such cores for its next attempts (RunAhead::add_worker) and gives them back when it
// returns. Thread-safe.
class IdleCores {
 public:
  void lend(int n = 1) { free_.fetch_add(n, std::memory_order_relaxed); }
  // One core, when one is free.
  bool borrow() {
    int f = free_.load(std::memory_order_relaxed);
    while (f > 0)
      if (free_.compare_exchange_weak(f, f - 1, std::memory_order_relaxed)) {
        borrowed_.fetch_add(1, std::memory_order_relaxed);
        return true;
      }
    return false;
  }
  int free() const { return free_.load(std::memory_order_relaxed); }
  // Cores borrowed so far, in all (each borrow counts, whether given back or not).
  int borrowed() const { return borrowed_.load(std::memory_order_relaxed); }

 private:
  std::atomic<int> free_{0};
  std::atomic<int> borrowed_{0};
};

// The tail of a pool running `total` jobs: a job that ends once every job has begun leaves its
// thread nothing to do, so end() lends that core to `idle` (run_jobs, generate --count).
class TailLender {
 public:
  TailLender(IdleCores& idle, std::size_t total) : idle_(idle), total_(total) {}
  void begin() { begun_.fetch_add(1, std::memory_order_relaxed); }
  void end() {
    if (begun_.load(std::memory_order_relaxed) == total_) idle_.lend(1);
  }

 private:
  IdleCores& idle_;
  const std::size_t total_;
  std::atomic<std::size_t> begun_{0};
};

template <class T>
class RunAhead {
 public:
  using Task = std::function<T(std::int64_t k, const std::atomic<bool>* stop)>;

  // Tasks 0..count-1 on `threads` workers (at least one, at most count and window), started at
  // once; `window` at least 1. When the system refuses a thread, the workers already started do
  // the work (none started: the std::system_error is thrown).
  RunAhead(std::int64_t count, int threads, std::int64_t window, Task task, const std::atomic<bool>* cancel)
      : task_(std::move(task)), cancel_(cancel), count_(std::max<std::int64_t>(count, 0)),
        window_(std::max<std::int64_t>(window, 1)) {
    const std::int64_t wanted = std::min({static_cast<std::int64_t>(std::max(threads, 1)), count_, window_});
    workers_.reserve(static_cast<std::size_t>(std::max<std::int64_t>(wanted, 0)));
    for (std::int64_t t = 0; t < wanted; ++t) {
      try {
        workers_.emplace_back([this] { work(); });
      } catch (const std::system_error&) {
        if (workers_.empty()) throw;
        break;
      }
    }
  }
  ~RunAhead() {
    {
      std::lock_guard lock(mutex_);
      closing_ = true;
      stop_all();
    }
    changed_.notify_all();
    for (auto& w : workers_) w.join();
  }
  RunAhead(const RunAhead&) = delete;
  RunAhead& operator=(const RunAhead&) = delete;

  // One more worker, and the window one task wider, for a core that fell idle elsewhere (called
  // by the consumer, as take is). False when every task has started or the system refuses the
  // thread (then nothing changed).
  bool add_worker() {
    {
      std::lock_guard lock(mutex_);
      if (closing_ || next_ >= count_) return false;
      ++window_;
    }
    try {
      workers_.emplace_back([this] { work(); });
    } catch (const std::system_error&) {
      std::lock_guard lock(mutex_);
      --window_;
      return false;
    }
    changed_.notify_all();
    return true;
  }
  // Workers running (those of the constructor and of add_worker).
  int workers() const { return static_cast<int>(workers_.size()); }

  // The next task's result in order (0 first), waiting for it; raises every stop flag once
  // `cancel` is raised. `waiting`, when given, is called every 10 ms while it waits, without the
  // lock (it may call add_worker).
  T take(const std::function<void()>& waiting = {}) {
    std::unique_lock lock(mutex_);
    if (taken_ >= count_) throw std::logic_error("RunAhead: every task was taken");
    const auto ready = [&] { return !slots_.empty() && slots_.front().done; };
    if (!cancel_ && !waiting) changed_.wait(lock, ready);
    while (!ready()) {
      if (cancel_ && cancel_->load(std::memory_order_relaxed)) stop_all();
      if (waiting) {
        lock.unlock();
        waiting();
        lock.lock();
        if (ready()) break;
      }
      changed_.wait_for(lock, std::chrono::milliseconds(10));
    }
    Slot slot = std::move(slots_.front());
    slots_.pop_front();
    ++taken_;
    lock.unlock();
    changed_.notify_all();  // a worker waiting for the window may start the next task
    if (slot.error) std::rethrow_exception(slot.error);
    return std::move(*slot.value);
  }

 private:
  struct Slot {
    bool done = false;
    std::optional<T> value;
    std::exception_ptr error;
    std::unique_ptr<std::atomic<bool>> stop = std::make_unique<std::atomic<bool>>(false);
  };

  // Under the lock.
  void stop_all() {
    for (auto& s : slots_) s.stop->store(true, std::memory_order_relaxed);
  }

  void work() {
    for (;;) {
      std::int64_t k = 0;
      const std::atomic<bool>* stop = nullptr;
      {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return closing_ || next_ >= count_ || next_ - taken_ < window_; });
        if (closing_ || next_ >= count_) return;
        k = next_++;
        slots_.emplace_back();
        stop = slots_.back().stop.get();
        if (cancel_ && cancel_->load(std::memory_order_relaxed)) slots_.back().stop->store(true);
      }
      std::optional<T> value;
      std::exception_ptr error;
      try {
        value.emplace(task_(k, stop));
      } catch (...) {
        error = std::current_exception();
      }
      {
        std::lock_guard lock(mutex_);
        Slot& s = slots_[static_cast<std::size_t>(k - taken_)];
        s.value = std::move(value);
        s.error = std::move(error);
        s.done = true;
      }
      changed_.notify_all();
    }
  }

  Task task_;
  const std::atomic<bool>* cancel_;
  const std::int64_t count_;
  std::int64_t window_;  // under the lock: add_worker widens it
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Slot> slots_;  // tasks taken_ .. next_-1
  std::int64_t taken_ = 0;
  std::int64_t next_ = 0;
  bool closing_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace hidato
