#include "pipeline/run.hpp"

#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/parallel_pipeline.h>

#include <algorithm>
#include <chrono>

#include "core/run_ahead.hpp"
#include "pipeline/handoff.hpp"
#include "solver/solver.hpp"

namespace hidato {
namespace {

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

bool raised(const std::atomic<bool>* flag) { return flag && flag->load(std::memory_order_relaxed); }

// The rule check of a finished puzzle. Its uniqueness needs no second proof here: make_puzzle
// ends every attempt with a fresh count_solutions on the finished clue set (`confirm`, apart
// from the tests that built the set), and a repeat with the same engine, limits and puzzle is
// the same deterministic run, which the pipeline used to repeat (a book of 6 square4 and 6 hex6
// 20x20 extreme puzzles: 42 -> 39 s of CPU; README, pipeline "Figures"). `hidato verify`
// repeats it from the manifest.
std::optional<std::string> rule_problem(const GeneratedPuzzle& g) {
  if (!is_valid_solution(g.puzzle, g.solution)) return "verify: the solution breaks the rules";
  return std::nullopt;
}

}  // namespace

int default_threads() { return std::max(1, tbb::info::default_concurrency()); }

JobOutcome make_and_verify(const BookJob& job, const std::atomic<bool>* cancel, int attempt_threads, IdleCores* idle) {
  const auto start = Clock::now();
  JobOutcome out;
  out.job = job;
  Result<GeneratedPuzzle> r = make_puzzle(job.job, cancel, attempt_threads, idle);
  const int deadline_ms = job.job.budget.deadline_ms;
  if (r.ok()) {
    out.nodes = r.value().stats.nodes;
    if (auto why = rule_problem(r.value())) out.failure = Failure{*why, r.value().attempt + 1};
    else out.made = std::move(r).value();
  } else {
    out.failure = r.failure();
  }
  out.ms = ms_since(start);
  out.cancelled = raised(cancel);
  // The deadline is a hard stop: a puzzle that arrived late is a failure, never a quiet success.
  if (out.made && deadline_ms > 0 && out.ms > deadline_ms) {
    out.failure = Failure{"deadline: " + std::to_string(deadline_ms) + " ms passed", out.made->attempt + 1};
    out.made.reset();
  }
  return out;
}

void run_jobs(const std::vector<BookJob>& jobs, const RunOptions& options,
              const std::function<void(JobOutcome&&)>& collect) {
  const int threads = options.threads > 0 ? options.threads : default_threads();
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                            static_cast<std::size_t>(threads));
  // Fewer jobs than threads (a one-puzzle set, `regenerate --index`): the spare threads run each
  // job's next attempts ahead (make_puzzle), which changes no puzzle, only when it comes; at most
  // one thread a core (more would slow the attempt that is settled next).
  const auto n = static_cast<int>(std::min<std::size_t>(jobs.size(), static_cast<std::size_t>(threads)));
  const int attempt_threads = n > 0 ? std::max(1, std::min(threads, default_threads()) / n) : 1;
  // The tail: a thread whose job ends once every job has begun has nothing left to do, so it
  // lends its core to the jobs still running (their next attempts, make_puzzle), which changes
  // no puzzle either. A book of six square4 20x20 extreme puzzles on two threads: README, pipeline.
  IdleCores idle;
  TailLender tail(idle, jobs.size());
  std::size_t next = 0;
  Handoff handoff;
  handoff.sync();
  const auto source = [&](tbb::flow_control& fc) -> std::size_t {
    handoff.sync();
    if (next == jobs.size() || raised(options.cancel)) {
      fc.stop();
      return 0;
    }
    const std::size_t i = next++;
    handoff.sync();
    return i;
  };
  const auto work = [&](std::size_t i) {
    handoff.sync();
    tail.begin();
    JobOutcome outcome = make_and_verify(jobs[i], options.cancel, attempt_threads, &idle);
    tail.end();
    handoff.sync();
    return outcome;
  };
  const auto sink = [&](JobOutcome outcome) {
    handoff.sync();
    if (!outcome.cancelled && !raised(options.cancel)) collect(std::move(outcome));
    handoff.sync();
  };
  // Eight tokens per thread keep every thread busy while the in-order collector waits for a
  // slow job (durations within a set vary by 100x); memory stays bounded by the tokens (a few
  // KB each), not by the number of puzzles.
  tbb::parallel_pipeline(
      static_cast<std::size_t>(8 * threads),
      tbb::make_filter<void, std::size_t>(tbb::filter_mode::serial_in_order, source) &
          tbb::make_filter<std::size_t, JobOutcome>(tbb::filter_mode::parallel, work) &
          tbb::make_filter<JobOutcome, void>(tbb::filter_mode::serial_in_order, sink));
  handoff.sync();
}

}  // namespace hidato
