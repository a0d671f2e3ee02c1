#pragma once
// Progress on stderr while a book is built, and the summary table at the end.
//   bar:   one redrawn line per set when stderr is a terminal (done/total, failures, rate)
//   lines: plain lines for cron logs: one when each set finishes, one every 30 s otherwise
//   quiet: nothing
#include <chrono>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "grader/grader.hpp"
#include "pipeline/jobs.hpp"
#include "pipeline/run.hpp"

namespace hidato {

enum class ProgressMode { bar, lines, quiet };

// bar when `fd` is a terminal, lines otherwise (quiet wins over both).
ProgressMode progress_mode_for(int fd, bool quiet);

struct SetTally {
  std::string name;
  int total = 0;
  int made = 0;
  int failed = 0;
  int by_level[difficulty_count] = {};  // puzzles made, by their grade's level
  std::vector<double> ms;  // per puzzle made, for the median
  std::vector<std::string> failures;  // "name[index]: reason", explained (level, budget)
};

// The median time of the puzzles a set made (the mean of the middle two for an even count);
// nullopt when it made none. The summary table and timings.json both show this one.
std::optional<double> median_ms(const SetTally& s);

class Progress {
 public:
  Progress(const std::vector<BookJob>& jobs, ProgressMode mode, std::ostream& err);
  void on_outcome(const JobOutcome& outcome);  // called by the in-order collector
  void finish();                               // ends the bar line
  const std::vector<SetTally>& tallies() const { return sets_; }

 private:
  using Clock = std::chrono::steady_clock;
  void draw(const SetTally& set, bool final_line);
  ProgressMode mode_;
  std::ostream& err_;
  std::vector<SetTally> sets_;
  std::size_t current_ = 0;
  Clock::time_point run_start_;  // the rate is over the whole run: sets overlap in the pipeline
  Clock::time_point last_draw_;
  int run_done_ = 0;
};

// Per set: made, failed, median ms, grades; then the failures, one per line.
std::string summary_table(const std::vector<SetTally>& sets);

}  // namespace hidato
