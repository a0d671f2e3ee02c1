#pragma once
// Watch: the solver's cooperative stop test (node budget, wall-clock deadline, cancel flag).
// Reading the clock costs ~20 ns: propagation polls it every 128 steps, the search at every node
// (a node costs at least microseconds, so that is noise, and on big boards where a node can take
// a millisecond or two, polling less often would overshoot the deadline).
#include "solver/solver.hpp"

namespace hidato::solver_detail {

class Watch {
 public:
  // `rival`: raised when another worker of the same count has decided it (solver.cpp's race).
  explicit Watch(const SolveLimits& limits, const std::atomic<bool>* rival = nullptr)
      : limits_(limits), rival_(rival) {}

  // True (and remembers why) once the deadline has passed or a cancel flag is raised.
  bool expired() {
    if (reason_ != StopReason::none) return true;
    if ((limits_.cancel && limits_.cancel->load(std::memory_order_relaxed)) ||
        (rival_ && rival_->load(std::memory_order_relaxed)))
      reason_ = StopReason::cancelled;
    else if (limits_.deadline && Clock::now() >= *limits_.deadline)
      reason_ = StopReason::deadline;
    return reason_ != StopReason::none;
  }
  // Counts one propagation step; polls the clock every 128 steps.
  bool step_expired() { return (++steps_ & 127U) == 0 ? expired() : reason_ != StopReason::none; }
  // Counts one search node against the budget and polls the clock.
  bool node_expired() {
    if (++nodes_ > limits_.max_nodes) {
      reason_ = StopReason::budget;
      return true;
    }
    return expired();
  }
  // The hybrid engine's conflict budget ran out (CaDiCaL counts those, not this watch).
  void budget_spent() {
    if (reason_ == StopReason::none) reason_ = StopReason::budget;
  }
  void add_nodes(std::uint64_t k) { nodes_ += k; }
  std::uint64_t nodes_left() const { return nodes_ >= limits_.max_nodes ? 0 : limits_.max_nodes - nodes_; }
  Engine engine() const { return limits_.engine; }
  bool expect_unique() const { return limits_.expect_unique; }
  bool stopped() const { return reason_ != StopReason::none; }
  StopReason reason() const { return reason_; }
  std::uint64_t nodes() const { return nodes_; }
  std::uint64_t steps() const { return steps_; }

 private:
  const SolveLimits& limits_;
  const std::atomic<bool>* rival_;
  std::uint64_t steps_ = 0;
  std::uint64_t nodes_ = 0;
  StopReason reason_ = StopReason::none;
};

}  // namespace hidato::solver_detail
