#include "pipeline/jobs.hpp"

#include <limits>

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/rng.hpp"
#include "core/text.hpp"

namespace hidato {
namespace {

// Digits with an optional '-' (the range check names a negative K); a number past a long long is
// out of range, not malformed.
bool parse_number(std::string_view s, long long& out) {
  const std::string_view digits = s.starts_with('-') ? s.substr(1) : s;
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos) return false;
  out = parse_whole_number(s).value_or(s.starts_with('-') ? std::numeric_limits<long long>::min()
                                                          : std::numeric_limits<long long>::max());
  return true;
}

}  // namespace

Shard parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  long long index = 0, count = 0;
  if (slash == std::string::npos || !parse_number(std::string_view(text).substr(0, slash), index) ||
      !parse_number(std::string_view(text).substr(slash + 1), count)) {
    throw InputError("--shard: expected K/N such as 0/4, got '" + text + "'");
  }
  // As many shards as a manifest may record (shard.count); the numbers as written in messages.
  const std::string k = text.substr(0, slash), n = text.substr(slash + 1);
  if (count < 1 || count > max_shards) throw InputError("--shard: N must be from 1 to " + std::to_string(max_shards) + ", got " + n);
  if (index < 0 || index >= count)
    throw InputError("--shard: K must be from 0 to " + std::to_string(count - 1) + " (shards are numbered from 0), got " + k);
  Shard s;
  s.count = static_cast<int>(count);
  s.index = static_cast<int>(index);
  return s;
}

std::vector<BookJob> expand_jobs(const BookSpec& spec) {
  std::vector<BookJob> jobs;
  int ordinal = 0;
  for (const SetSpec& set : spec.sets) {
    for (int i = 0; i < set.count; ++i) {
      PuzzleJob job;
      job.set_id = set.name;
      job.index = i;
      job.board = set.board;
      job.target = set.difficulty;
      job.seed = job_seed(spec.book.seed, set.name, static_cast<std::uint64_t>(i));
      job.budget = set.budget;
      job.order_by_score = set.order_by_score;
      jobs.push_back(BookJob{ordinal++, std::move(job)});
    }
  }
  return jobs;
}

std::vector<BookJob> shard_jobs(const std::vector<BookJob>& jobs, const Shard& shard) {
  std::vector<BookJob> out;
  for (const BookJob& j : jobs)
    if (j.ordinal % shard.count == shard.index) out.push_back(j);
  return out;
}

}  // namespace hidato
