#pragma once
// LaneRace<T>: numbered tasks in two lanes -- lane 0 runs 0, 2, 4, ..., lane 1 runs 1, 3, 5, ...,
// each one task after another until a task *ends* its lane -- and the race goes to the lane that
// ended having spent less work in all (its tasks' work summed; lane 0 on a tie). Work is a
// deterministic count the tasks report (solver nodes), never time, so the winner and what is
// counted are the same whether the lanes run side by side on two cores or take turns on one:
// make_puzzle's hex6 extreme attempts, where one attempt may spend seconds before it is given up
// while the next would have ended in one (generator.cpp, race_attempts).
//
// A task reports its work as it goes (`pace`): a lane that can no longer win -- the other ended
// with less -- gets its stop flag raised and its running task's result is dropped. With `parallel`
// false the lanes take turns (a baton): the one running passes it once its work is `quantum`
// ahead of the other's, so one core does the work of both interleaved, and what it spends is about
// twice the winner's work rather than whatever the first lane's tasks cost. `more_cores`, polled
// every 10 ms while the lanes take turns, may switch them to running side by side.
//
// The outside `cancel` flag raises every stop flag (polled every 10 ms, and at every report); a
// task stopped that way returns what it has (ended, usually), and the race is settled as usual. A
// task that throws ends the race and its exception is rethrown by run(). Requires T movable; each
// task's result must depend only on its number, and its reported work only on its number and how
// far it has got, never more than the work it returns.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <system_error>
#include <thread>
#include <vector>

namespace hidato {

template <class T>
class LaneRace {
 public:
  struct Step {
    T value;
    std::uint64_t work = 0;
    bool ends = false;  // the lane stops here: this is its answer
  };
  using Pace = std::function<void(std::uint64_t work_so_far)>;
  using Task = std::function<Step(std::int64_t k, const std::atomic<bool>* stop, const Pace& pace)>;

  struct Counted {
    std::int64_t k = 0;
    T value;
    std::uint64_t work = 0;   // this task's
    std::uint64_t total = 0;  // its lane's, up to and including it
  };
  struct Outcome {
    // The tasks that count, in order of k: every task of the winning lane, and those of the other
    // lane that finished within the winner's total (below it for lane 1, at most it for lane 0);
    // with no winner, every task of both lanes.
    std::vector<Counted> counted;
    std::optional<std::int64_t> winner;  // the k of the task that ended the winning lane
  };

  LaneRace(std::int64_t count, Task task, const std::atomic<bool>* cancel, bool parallel, std::uint64_t quantum)
      : task_(std::move(task)), cancel_(cancel), count_(std::max<std::int64_t>(count, 0)), quantum_(quantum),
        parallel_(parallel) {}
  LaneRace(const LaneRace&) = delete;
  LaneRace& operator=(const LaneRace&) = delete;

  // How run() starts a lane's thread: std::thread, unless a test makes it fail (std::system_error)
  // as a system short of threads does; the lanes not started then run on the caller's thread.
  using Spawn = std::function<std::thread(std::function<void()>)>;
  void spawn_with(Spawn spawn) { spawn_ = std::move(spawn); }

  // Runs the race to its end (call once).
  Outcome run(const std::function<bool()>& more_cores = {}) {
    std::vector<std::thread> threads;
    threads.reserve(2);  // only the threads themselves may fail to start below
    try {
      for (int l = 0; l < 2; ++l) {
        std::function<void()> body = [this, l] { lane(l); };
        threads.push_back(spawn_ ? spawn_(std::move(body)) : std::thread(std::move(body)));
      }
    } catch (const std::system_error&) {
      run_in_place(threads);  // no second thread: one lane after the other, on this one
      return outcome();
    }
    {
      std::unique_lock lock(mutex_);
      while (!decided()) {
        changed_.wait_for(lock, std::chrono::milliseconds(10));
        if (cancel_ && cancel_->load(std::memory_order_relaxed))
          for (Lane& l : lanes_) l.stop.store(true, std::memory_order_relaxed);
        if (!parallel_ && more_cores) {
          lock.unlock();
          const bool more = more_cores();
          lock.lock();
          if (more) parallel_ = true;
          changed_.notify_all();
        }
      }
      for (Lane& l : lanes_) l.stop.store(true, std::memory_order_relaxed);  // the loser, if still running
    }
    changed_.notify_all();
    for (auto& t : threads) t.join();
    return outcome();
  }

 private:
  struct Lane {
    std::uint64_t done = 0;  // work of its finished tasks
    std::uint64_t live = 0;  // done + what its running task has reported
    std::optional<std::uint64_t> end;
    bool lost = false;
    bool over = false;  // its thread has left its loop
    std::vector<Counted> finished;
    std::exception_ptr error;
    std::atomic<bool> stop{false};
  };

  // Whether lane `a`, ended at `va`, beats lane `b` at `vb`.
  static bool beats(int a, std::uint64_t va, std::uint64_t vb) { return va < vb || (va == vb && a == 0); }

  // Under the lock: marks a lane that can no longer win, and raises its stop flag.
  void judge() {
    for (int b = 0; b < 2; ++b) {
      Lane& lb = lanes_[b];
      const Lane& la = lanes_[1 - b];
      if (lb.lost || !la.end) continue;
      const bool beaten = lb.end ? beats(1 - b, *la.end, *lb.end) : !beats(b, lb.live, *la.end) || lb.over;
      if (!beaten) continue;
      lb.lost = true;
      lb.stop.store(true, std::memory_order_relaxed);
    }
  }

  // Under the lock.
  bool decided() const {
    const bool error = lanes_[0].error || lanes_[1].error;
    const bool both_over = lanes_[0].over && lanes_[1].over;
    return error || both_over || lanes_[0].lost || lanes_[1].lost;
  }

  // Under the lock: whether lane `l` may run now.
  bool may_run(int l) const {
    const Lane& other = lanes_[1 - l];
    return parallel_ || holder_ == l || other.over || other.lost || lanes_[l].lost ||
           lanes_[l].stop.load(std::memory_order_relaxed);
  }

  void pace(int l, std::uint64_t work) {
    std::unique_lock lock(mutex_);
    Lane& me = lanes_[l];
    if (cancel_ && cancel_->load(std::memory_order_relaxed)) me.stop.store(true, std::memory_order_relaxed);
    me.live = std::max(me.live, work);
    judge();
    const Lane& other = lanes_[1 - l];
    if (parallel_ || me.lost || other.over || other.lost || me.live <= other.live + quantum_) return;
    holder_ = 1 - l;
    changed_.notify_all();
    changed_.wait(lock, [&] { return may_run(l); });
  }

  // Runs lane l's tasks; returns when it ended, ran out, lost or failed.
  void lane(int l) {
    Lane& me = lanes_[l];
    for (std::int64_t k = l; k < count_; k += 2) {
      std::uint64_t base = 0;
      {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return may_run(l); });
        if (me.lost) break;
        base = me.done;
      }
      const Pace report = [this, l, base](std::uint64_t w) { pace(l, base + w); };
      std::optional<Step> step;
      try {
        step.emplace(task_(k, &me.stop, report));
      } catch (...) {
        std::lock_guard lock(mutex_);
        me.error = std::current_exception();
        break;
      }
      std::lock_guard lock(mutex_);
      if (me.lost) break;  // what it returned cannot count
      me.done += step->work;
      me.live = me.done;
      me.finished.push_back(Counted{k, std::move(step->value), step->work, me.done});
      if (step->ends) me.end = me.done;
      judge();
      if (step->ends) break;
    }
    {
      std::lock_guard lock(mutex_);
      me.over = true;
      holder_ = 1 - l;
      judge();
    }
    changed_.notify_all();
  }

  void run_in_place(std::vector<std::thread>& started) {
    {
      std::lock_guard lock(mutex_);
      parallel_ = true;  // no turns: lane 0 to its end, then lane 1 until it cannot win
    }
    changed_.notify_all();
    for (auto& t : started) t.join();
    for (int l = static_cast<int>(started.size()); l < 2; ++l) lane(l);
  }

  Outcome outcome() {
    std::lock_guard lock(mutex_);
    for (const Lane& l : lanes_)
      if (l.error) std::rethrow_exception(l.error);
    Outcome out;
    std::optional<int> win;
    for (int l = 0; l < 2; ++l)
      if (lanes_[l].end && !lanes_[l].lost) win = l;
    if (win) out.winner = lanes_[*win].finished.back().k;  // the task that ended it
    for (int l = 0; l < 2; ++l)
      for (Counted& c : lanes_[l].finished)
        if (!win || l == *win || beats(l, c.total, *lanes_[*win].end)) out.counted.push_back(std::move(c));
    std::sort(out.counted.begin(), out.counted.end(), [](const Counted& a, const Counted& b) { return a.k < b.k; });
    return out;
  }

  Task task_;
  Spawn spawn_;
  const std::atomic<bool>* cancel_;
  const std::int64_t count_;
  const std::uint64_t quantum_;
  std::mutex mutex_;
  std::condition_variable changed_;
  Lane lanes_[2];
  int holder_ = 0;  // with turns: the lane whose turn it is
  bool parallel_;
};

}  // namespace hidato
