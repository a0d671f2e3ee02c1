#pragma once
// The oneTBB pipeline: serial_in_order source -> parallel generate+check -> serial_in_order
// collect. Outcomes reach `collect` in job order whatever the thread count, so everything written
// from it (the manifest) is identical for --threads 1 and --threads 8.
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "core/result.hpp"
#include "generator/generator.hpp"
#include "pipeline/jobs.hpp"

namespace hidato {

struct JobOutcome {
  BookJob job;
  std::optional<GeneratedPuzzle> made;  // set when the puzzle was made and verified
  Failure failure;                      // why not, otherwise ("deadline", "budget", "verify", ...)
  std::uint64_t nodes = 0;              // generator's solver nodes (deterministic)
  double ms = 0;                        // wall time of generate + check (not deterministic)
  bool cancelled = false;               // the run was interrupted while this job ran
};

struct RunOptions {
  int threads = 0;                           // 0 = every core
  const std::atomic<bool>* cancel = nullptr; // raised by SIGHUP/SIGINT/SIGTERM: drain and stop
};

// Generates one puzzle and checks it: make_puzzle proved it unique with a fresh count_solutions
// run on the finished clue set (its `confirm`), and is_valid_solution must accept the recorded
// solution. The job fails with reason "deadline" when this took longer than budget.deadline_ms.
// `attempt_threads`: make_puzzle's threads (its next attempts run ahead; the puzzle is the same);
// `idle`: cores it may borrow for them (make_puzzle).
JobOutcome make_and_verify(const BookJob& job, const std::atomic<bool>* cancel, int attempt_threads = 1,
                           IdleCores* idle = nullptr);

// Runs every job; `collect` sees the outcomes in job order, one at a time. Jobs still running
// when `cancel` is raised are dropped (not collected). Exceptions propagate after the drain.
void run_jobs(const std::vector<BookJob>& jobs, const RunOptions& options,
              const std::function<void(JobOutcome&&)>& collect);

int default_threads();

}  // namespace hidato
