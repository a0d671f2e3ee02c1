#include "pipeline/progress.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <ostream>

namespace hidato {
namespace {

std::string fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

// Characters, not bytes: a set named 'café' lines up with 'cafe' (UTF-8 continuation bytes are
// not counted).
std::size_t columns(const std::string& s) {
  return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::string pad(std::string s, std::size_t width, bool right = false) {
  const std::size_t used = columns(s);
  if (used >= width) return s;
  const std::string fill(width - used, ' ');
  return right ? fill + s : s + fill;
}


std::string grades_text(const SetTally& s) {
  std::string out;
  for (int l = 0; l < difficulty_count; ++l)
    if (s.by_level[l])
      out += (out.empty() ? "" : " ") + std::string(to_string(static_cast<Difficulty>(l))) + " " + std::to_string(s.by_level[l]);
  return out.empty() ? "-" : out;
}

// A failure's reason for the operator: the one-word reasons say what to change (the manifest
// keeps the word), and so does a budget's longer one ("budget: minimality not proven (...)");
// "deadline: N ms passed" names its limit already.
std::string explained(const Failure& failure, int deadline_ms) {
  const std::string& reason = failure.reason;
  if (reason == "deadline")
    return reason + " (its deadline_ms of " + std::to_string(deadline_ms) +
           " passed before a puzzle was made and proved; raise it for the set)";
  if (reason == "level")
    return reason + " (no attempt's puzzle had the set's difficulty; more attempts, budget.attempts, or a larger "
                    "board may reach it)";
  if (failure.kind() == "budget") return reason + " (no attempt proved its puzzle within budget.nodes; raise it, or budget.attempts)";
  return reason;
}

}  // namespace

std::optional<double> median_ms(const SetTally& s) {
  if (s.ms.empty()) return std::nullopt;
  std::vector<double> v = s.ms;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

ProgressMode progress_mode_for(int fd, bool quiet) {
  if (quiet) return ProgressMode::quiet;
  return ::isatty(fd) ? ProgressMode::bar : ProgressMode::lines;
}

Progress::Progress(const std::vector<BookJob>& jobs, ProgressMode mode, std::ostream& err)
    : mode_(mode), err_(err), run_start_(Clock::now()), last_draw_(Clock::now()) {
  for (const BookJob& j : jobs) {
    if (sets_.empty() || sets_.back().name != j.job.set_id) {
      SetTally t;
      t.name = j.job.set_id;
      sets_.push_back(std::move(t));
    }
    ++sets_.back().total;
  }
}

void Progress::on_outcome(const JobOutcome& o) {
  while (current_ < sets_.size() && sets_[current_].name != o.job.job.set_id) ++current_;
  if (current_ == sets_.size()) return;
  SetTally& s = sets_[current_];
  ++run_done_;
  if (o.made) {
    ++s.made;
    ++s.by_level[static_cast<int>(o.made->grade.level)];
    s.ms.push_back(o.ms);
  } else {
    ++s.failed;
    s.failures.push_back(s.name + "[" + std::to_string(o.job.job.index) + "]: " + explained(o.failure, o.job.job.budget.deadline_ms));
  }
  const bool set_done = s.made + s.failed == s.total;
  const auto now = Clock::now();
  const auto since = now - last_draw_;
  const bool due = mode_ == ProgressMode::bar ? since > std::chrono::milliseconds(100)
                                              : since > std::chrono::seconds(30);
  if (set_done || due) {
    draw(s, set_done);
    last_draw_ = now;
  }
}

void Progress::draw(const SetTally& s, bool final_line) {
  if (mode_ == ProgressMode::quiet) return;
  const int done = s.made + s.failed;
  // Jobs of later sets run while an earlier set's slow puzzle is still being made, so a per-set
  // rate would be meaningless; the rate is puzzles collected per second over the whole run.
  const double secs = std::chrono::duration<double>(Clock::now() - run_start_).count();
  const std::string rate = fixed(secs > 0 ? run_done_ / secs : 0.0, 1) + "/s";
  // "3/3  made 0  failed 3": jobs settled of the set's, then how they ended (a bare "3/3 ...
  // failed 3" read as three puzzles made).
  const std::string counts = std::to_string(done) + "/" + std::to_string(s.total) + "  made " +
                             std::to_string(s.made) + "  failed " + std::to_string(s.failed) + "  " + rate;
  if (mode_ == ProgressMode::lines) {
    err_ << "hidato: " << s.name << ": " << counts << (final_line ? "  done" : "") << "\n" << std::flush;
    return;
  }
  constexpr int width = 24;
  const int filled = s.total ? width * done / s.total : width;
  err_ << "\r" << pad(s.name, 16) << " [" << std::string(static_cast<std::size_t>(filled), '#')
       << std::string(static_cast<std::size_t>(width - filled), '.') << "] " << counts << "\x1b[K"
       << (final_line ? "\n" : "") << std::flush;
}

void Progress::finish() {
  if (mode_ == ProgressMode::bar && current_ < sets_.size()) {
    const SetTally& s = sets_[current_];
    if (s.made + s.failed != s.total) err_ << "\n" << std::flush;
  }
}

std::string summary_table(const std::vector<SetTally>& sets) {
  std::size_t name_w = 5;  // "total"
  for (const auto& s : sets) name_w = std::max(name_w, columns(s.name));
  std::string out = pad("set", name_w) + "  " + pad("made", 6, true) + "  " + pad("failed", 6, true) +
                    "  " + pad("median ms", 10, true) + "  grades\n";
  int made = 0, failed = 0;
  for (const auto& s : sets) {
    out += pad(s.name, name_w) + "  " + pad(std::to_string(s.made), 6, true) + "  " +
           pad(std::to_string(s.failed), 6, true) + "  " + pad(median_ms(s) ? fixed(*median_ms(s), 1) : "-", 10, true) +
           "  " + grades_text(s) + "\n";
    made += s.made;
    failed += s.failed;
  }
  out += pad("total", name_w) + "  " + pad(std::to_string(made), 6, true) + "  " +
         pad(std::to_string(failed), 6, true) + "\n";
  return out;
}

}  // namespace hidato
