#include "pipeline/jobs.hpp"

#include <charconv>

#include "core/errors.hpp"
#include "core/rng.hpp"

namespace hidato {
namespace {

bool parse_int(std::string_view s, int& out) {
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && end == s.data() + s.size();
}

}  // namespace

Shard parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  Shard s;
  if (slash == std::string::npos || !parse_int(std::string_view(text).substr(0, slash), s.index) ||
      !parse_int(std::string_view(text).substr(slash + 1), s.count)) {
    throw InputError("--shard: expected K/N such as 0/4, got '" + text + "'");
  }
  if (s.count < 1 || s.count > 100000) throw InputError("--shard: N must be from 1 to 100000");
  if (s.index < 0 || s.index >= s.count)
    throw InputError("--shard: K must be from 0 to " + std::to_string(s.count - 1) +
                     " (shards are numbered from 0), got " + std::to_string(s.index));
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
