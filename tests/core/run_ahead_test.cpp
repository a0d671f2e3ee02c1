#include "core/run_ahead.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

namespace hidato {
namespace {

using namespace std::chrono_literals;

// Waits up to five seconds for `done`; true when it came.
template <class F>
bool eventually(F done) {
  for (int i = 0; i < 5000 && !done(); ++i) std::this_thread::sleep_for(1ms);
  return done();
}

TEST(RunAhead, ResultsComeInOrderWhateverFinishesFirst) {
  for (int threads : {1, 2, 4}) {
    // Later tasks often finish first: task k sleeps (7k mod 5) ms.
    RunAhead<long> ahead(40, threads, 8, [](std::int64_t k, const std::atomic<bool>*) {
      std::this_thread::sleep_for(std::chrono::milliseconds((7 * k) % 5));
      return static_cast<long>(k * k);
    }, nullptr);
    for (long k = 0; k < 40; ++k) EXPECT_EQ(ahead.take(), k * k) << "threads " << threads;
    EXPECT_THROW(ahead.take(), std::logic_error);
  }
}

TEST(RunAhead, StartsAtMostTheWindowAheadOfWhatWasTaken) {
  std::atomic<int> started{0};
  std::atomic<bool> release{false};
  RunAhead<int> ahead(100, 4, 3, [&](std::int64_t k, const std::atomic<bool>*) {
    ++started;
    while (!release.load()) std::this_thread::sleep_for(1ms);
    return static_cast<int>(k);
  }, nullptr);
  ASSERT_TRUE(eventually([&] { return started.load() == 3; }));
  std::this_thread::sleep_for(50ms);
  EXPECT_EQ(started.load(), 3) << "four workers, but a window of three";
  release = true;
  EXPECT_EQ(ahead.take(), 0);
  ASSERT_TRUE(eventually([&] { return started.load() == 4; }));
  std::this_thread::sleep_for(50ms);
  EXPECT_EQ(started.load(), 4);
}

// A worker added while the consumer waits widens the window by one: task 0 only ends once task 1
// has started, which one worker with a window of one never does.
TEST(RunAhead, AWorkerAddedWhileWaitingRunsTheNextTask) {
  std::atomic<bool> second_started{false};
  RunAhead<int> ahead(3, 1, 1, [&](std::int64_t k, const std::atomic<bool>* stop) {
    if (k == 1) second_started = true;
    if (k == 0)
      while (!second_started.load() && !stop->load()) std::this_thread::sleep_for(1ms);
    return static_cast<int>(k);
  }, nullptr);
  EXPECT_EQ(ahead.workers(), 1);
  int calls = 0;
  bool added = false;
  EXPECT_EQ(ahead.take([&] {
              ++calls;
              if (!added) added = ahead.add_worker();
            }),
            0);
  EXPECT_TRUE(added);
  EXPECT_GE(calls, 1);
  EXPECT_TRUE(second_started.load());
  EXPECT_EQ(ahead.workers(), 2);
  EXPECT_EQ(ahead.take(), 1);
  EXPECT_EQ(ahead.take(), 2);
  EXPECT_FALSE(ahead.add_worker()) << "every task has started";
}

TEST(IdleCores, LentCoresAreBorrowedOnce) {
  IdleCores idle;
  EXPECT_FALSE(idle.borrow());
  idle.lend(2);
  std::atomic<int> got{0};
  std::vector<std::thread> takers;
  for (int t = 0; t < 4; ++t)
    takers.emplace_back([&] {
      for (int i = 0; i < 1000; ++i)
        if (idle.borrow()) ++got;
    });
  for (auto& t : takers) t.join();
  EXPECT_EQ(got.load(), 2);
  EXPECT_EQ(idle.free(), 0);
  EXPECT_EQ(idle.borrowed(), 2);
}

TEST(RunAhead, RaisesTheStopFlagsOfTasksNoLongerNeeded) {
  std::atomic<int> stopped{0};
  std::atomic<bool> running{false};
  {
    RunAhead<int> ahead(10, 2, 2, [&](std::int64_t k, const std::atomic<bool>* stop) {
      if (k == 0) return 0;
      running = true;
      while (!stop->load()) std::this_thread::sleep_for(1ms);
      ++stopped;
      return -1;
    }, nullptr);
    EXPECT_EQ(ahead.take(), 0);
    ASSERT_TRUE(eventually([&] { return running.load(); }));
    // Task 1 runs until its flag is raised by the destructor.
  }
  EXPECT_GE(stopped.load(), 1);
}

TEST(RunAhead, PassesTheOutsideCancelFlagOnWhileWaiting) {
  std::atomic<bool> cancel{false};
  RunAhead<int> ahead(4, 2, 2, [&](std::int64_t, const std::atomic<bool>* stop) {
    while (!stop->load()) std::this_thread::sleep_for(1ms);
    return 7;
  }, &cancel);
  std::thread raiser([&] {
    std::this_thread::sleep_for(20ms);
    cancel = true;
  });
  EXPECT_EQ(ahead.take(), 7);  // returns only once task 0 saw its flag
  raiser.join();
  EXPECT_EQ(ahead.take(), 7);  // task 1 was stopped too
}

TEST(RunAhead, ACancelRaisedBeforehandStopsEveryTaskAndNoTasksIsNoWork) {
  std::atomic<bool> cancel{true};
  RunAhead<int> ahead(3, 2, 2, [&](std::int64_t k, const std::atomic<bool>* stop) {
    while (!stop->load()) std::this_thread::sleep_for(1ms);
    return static_cast<int>(k);
  }, &cancel);
  for (int k = 0; k < 3; ++k) EXPECT_EQ(ahead.take(), k);
  RunAhead<int> none(0, 2, 2, [](std::int64_t, const std::atomic<bool>*) { return 1; }, nullptr);
  EXPECT_THROW(none.take(), std::logic_error);
}

TEST(RunAhead, HandsATasksExceptionToTake) {
  RunAhead<int> ahead(3, 2, 3, [](std::int64_t k, const std::atomic<bool>*) -> int {
    if (k == 1) throw std::runtime_error("task one failed");
    return static_cast<int>(k);
  }, nullptr);
  EXPECT_EQ(ahead.take(), 0);
  EXPECT_THROW(ahead.take(), std::runtime_error);
  EXPECT_EQ(ahead.take(), 2);
}

}  // namespace
}  // namespace hidato
