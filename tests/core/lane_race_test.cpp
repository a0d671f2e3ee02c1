#include "core/lane_race.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

namespace hidato {
namespace {

using namespace std::chrono_literals;

// One task of a synthetic race: the work it spends, and whether it ends its lane.
struct Plan {
  std::uint64_t work = 0;
  bool ends = false;
};

// What a task returned: its number, and whether it was stopped before its work was done.
struct Ran {
  std::int64_t k = 0;
  bool stopped = false;
};
using Race = LaneRace<Ran>;

// The race worked out by hand from the plans: each lane's total up to its first ending task, the
// lower total wins (lane 0 on a tie), and the other lane's tasks count while their total stays
// within the winner's.
struct Expected {
  std::optional<std::int64_t> winner;
  std::vector<std::int64_t> counted;
};

Expected expected(const std::vector<Plan>& plans) {
  std::optional<std::uint64_t> end[2];
  std::int64_t end_k[2] = {-1, -1};
  std::vector<std::pair<std::int64_t, std::uint64_t>> totals;  // k, its lane's total up to it
  for (int l = 0; l < 2; ++l) {
    std::uint64_t total = 0;
    for (std::size_t k = static_cast<std::size_t>(l); k < plans.size(); k += 2) {
      total += plans[k].work;
      totals.emplace_back(static_cast<std::int64_t>(k), total);
      if (plans[k].ends) {
        end[l] = total;
        end_k[l] = static_cast<std::int64_t>(k);
        break;
      }
    }
  }
  Expected e;
  std::optional<int> win;
  if (end[0] && (!end[1] || *end[0] <= *end[1])) win = 0;
  else if (end[1]) win = 1;
  if (win) e.winner = end_k[*win];
  for (auto [k, total] : totals) {
    const int l = static_cast<int>(k % 2);
    if (!win || l == *win || total < *end[*win] || (total == *end[*win] && l == 0)) e.counted.push_back(k);
  }
  std::sort(e.counted.begin(), e.counted.end());
  return e;
}

// A task that spends its planned work in steps of `step`, reporting each and stopping when told;
// `running` counts the tasks between two steps, and `most` keeps the highest count seen.
struct Worker {
  const std::vector<Plan>& plans;
  std::uint64_t step = 7;
  std::atomic<int> running{0};
  std::atomic<int> most{0};
  std::atomic<std::uint64_t> spent[2] = {0, 0};

  Race::Step operator()(std::int64_t k, const std::atomic<bool>* stop, const Race::Pace& pace) {
    const Plan& p = plans[static_cast<std::size_t>(k)];
    std::uint64_t done = 0;
    while (done < p.work) {
      if (stop->load()) return Race::Step{Ran{k, true}, done, true};
      const int now = ++running;
      for (int m = most.load(); now > m && !most.compare_exchange_weak(m, now);) {
      }
      const std::uint64_t d = std::min(step, p.work - done);
      done += d;
      spent[k % 2] += d;
      if (k % 5 == 3) std::this_thread::sleep_for(50us);  // scramble the timing a little
      --running;
      pace(done);
    }
    return Race::Step{Ran{k, false}, p.work, p.ends};
  }
};

std::vector<std::int64_t> ks(const Race::Outcome& out) {
  std::vector<std::int64_t> k;
  for (const auto& c : out.counted) k.push_back(c.k);
  return k;
}

// Plans from a small LCG: works of 0-400, about one task in three ends its lane.
std::vector<Plan> random_plans(std::uint64_t seed, int count) {
  std::vector<Plan> plans;
  std::uint64_t x = seed * 6364136223846793005ull + 1442695040888963407ull;
  for (int k = 0; k < count; ++k) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    plans.push_back(Plan{(x >> 33) % 401, (x >> 20) % 3 == 0});
  }
  return plans;
}

// The race of `plans` run (with `setup` applied first) is the one worked out by hand.
void expect_the_hand_worked_race(const std::vector<Plan>& plans, bool parallel, const std::string& where,
                                 const std::function<void(Race&)>& setup = {}) {
  const Expected want = expected(plans);
  Worker w{plans};
  Race race(static_cast<std::int64_t>(plans.size()), std::ref(w), nullptr, parallel, 20);
  if (setup) setup(race);
  const Race::Outcome out = race.run();
  EXPECT_EQ(out.winner, want.winner) << where;
  EXPECT_EQ(ks(out), want.counted) << where;
  for (const auto& c : out.counted) {
    EXPECT_FALSE(c.value.stopped) << "a counted task ran to its end; " << where;
    EXPECT_EQ(c.value.k, c.k);
    EXPECT_EQ(c.work, plans[static_cast<std::size_t>(c.k)].work);
  }
}

TEST(LaneRace, TheLaneThatEndsWithLessWorkWinsOnOneCoreOrTwo) {
  for (std::uint64_t seed = 1; seed <= 90; ++seed)
    for (bool parallel : {false, true})
      expect_the_hand_worked_race(random_plans(seed, 1 + static_cast<int>(seed % 9)), parallel,
                                  "seed " + std::to_string(seed) + " parallel " + std::to_string(parallel));
}

TEST(LaneRace, TiesGoToLaneZeroAndNoEndingMeansNoWinner) {
  const std::vector<Plan> tie = {{100, true}, {40, false}, {0, false}, {60, true}};
  for (bool parallel : {false, true}) {
    Worker w{tie};
    Race race(4, std::ref(w), nullptr, parallel, 10);
    const Race::Outcome out = race.run();
    EXPECT_EQ(out.winner, std::optional<std::int64_t>(0));
    EXPECT_EQ(ks(out), (std::vector<std::int64_t>{0, 1})) << "task 3 reaches 100, which loses the tie";
  }
  const std::vector<Plan> none = {{30, false}, {50, false}, {20, false}};
  Worker w{none};
  Race race(3, std::ref(w), nullptr, false, 10);
  const Race::Outcome out = race.run();
  EXPECT_FALSE(out.winner.has_value());
  EXPECT_EQ(ks(out), (std::vector<std::int64_t>{0, 1, 2}));
}

// On one core the lanes take turns: never two tasks at once, and a lane whose task never ends
// costs about the winner's work, not its own.
TEST(LaneRace, TakingTurnsRunsOneLaneAtATimeAndStopsTheLoserEarly) {
  const std::vector<Plan> plans = {{1'000'000, true}, {300, false}, {2'000'000, false}, {500, true}};
  Worker w{plans};
  Race race(4, std::ref(w), nullptr, false, 50);
  const Race::Outcome out = race.run();
  EXPECT_EQ(out.winner, std::optional<std::int64_t>(3));
  EXPECT_EQ(ks(out), (std::vector<std::int64_t>{1, 3}));
  EXPECT_EQ(w.most.load(), 1);
  EXPECT_LE(w.spent[0].load(), 800u + 50u + w.step) << "lane 0 ran past the winner's 800 and a quantum";
}

TEST(LaneRace, SideBySideBothLanesRun) {
  std::atomic<bool> both{false};
  std::atomic<int> in{0};
  Race race(2, [&](std::int64_t k, const std::atomic<bool>* stop, const Race::Pace& pace) {
    ++in;
    for (int i = 0; i < 5000 && in.load() < 2 && !stop->load(); ++i) std::this_thread::sleep_for(1ms);
    if (in.load() == 2) both = true;
    pace(10);
    return Race::Step{Ran{k, false}, static_cast<std::uint64_t>(10 + k), true};
  }, nullptr, true, 10);
  const Race::Outcome out = race.run();
  EXPECT_TRUE(both.load());
  EXPECT_EQ(out.winner, std::optional<std::int64_t>(0));
}

// Turns switch to side by side once more_cores says so: lane 0's task waits for lane 1's to run
// beside it, which turns alone never allow.
TEST(LaneRace, MoreCoresSwitchesTurnsToSideBySide) {
  std::atomic<int> in{0};
  std::atomic<int> asked{0};
  Race race(2, [&](std::int64_t k, const std::atomic<bool>* stop, const Race::Pace&) {
    ++in;
    while (in.load() < 2 && !stop->load()) std::this_thread::sleep_for(1ms);
    return Race::Step{Ran{k, false}, 5, true};
  }, nullptr, false, 10);
  const Race::Outcome out = race.run([&] { return ++asked >= 3; });
  EXPECT_GE(asked.load(), 3);
  EXPECT_EQ(in.load(), 2);
  EXPECT_EQ(out.winner, std::optional<std::int64_t>(0));
}

TEST(LaneRace, CancelStopsBothLanes) {
  std::atomic<bool> cancel{false};
  std::thread raiser([&] {
    std::this_thread::sleep_for(20ms);
    cancel = true;
  });
  Race race(6, [&](std::int64_t k, const std::atomic<bool>* stop, const Race::Pace& pace) {
    std::uint64_t done = 0;
    while (!stop->load()) {
      std::this_thread::sleep_for(100us);
      pace(++done);
    }
    return Race::Step{Ran{k, true}, done, true};
  }, &cancel, true, 10);
  const Race::Outcome out = race.run();
  raiser.join();
  ASSERT_TRUE(out.winner.has_value());
  for (const auto& c : out.counted) EXPECT_TRUE(c.value.stopped);
}

TEST(LaneRace, ATaskThatThrowsEndsTheRace) {
  for (bool parallel : {false, true}) {
    Race race(4, [](std::int64_t k, const std::atomic<bool>* stop, const Race::Pace& pace) -> Race::Step {
      if (k == 1) throw std::runtime_error("lane 1 broke");
      for (std::uint64_t w = 1; !stop->load(); ++w) {
        std::this_thread::sleep_for(100us);
        pace(w);
      }
      return Race::Step{Ran{k, true}, 0, false};
    }, nullptr, parallel, 10);
    EXPECT_THROW(race.run(), std::runtime_error);
  }
}

// A system short of threads: run() starts `threads` lanes' threads (0 or 1), and the next start
// fails; the lanes left run on the caller's thread, one after the other, to the same outcome.
TEST(LaneRace, WithoutThreadsTheLanesRunInPlaceToTheSameOutcome) {
  for (int threads : {0, 1}) {
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
      for (bool parallel : {false, true}) {
        int started = 0;
        const auto short_of_threads = [&](Race& race) {
          race.spawn_with([&](std::function<void()> body) {
            if (started == threads)
              throw std::system_error(std::make_error_code(std::errc::resource_unavailable_try_again));
            ++started;
            return std::thread(std::move(body));
          });
        };
        expect_the_hand_worked_race(random_plans(seed, 1 + static_cast<int>(seed % 9)), parallel,
                                    "seed " + std::to_string(seed) + " threads " + std::to_string(threads),
                                    short_of_threads);
        EXPECT_EQ(started, threads);
      }
    }
  }
}

}  // namespace
}  // namespace hidato
