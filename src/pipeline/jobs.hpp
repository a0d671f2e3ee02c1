#pragma once
// BookSpec -> jobs (pure), and the deterministic slice of them a shard builds.
#include <string>
#include <vector>

#include "generator/generator.hpp"
#include "pipeline/book_spec.hpp"

namespace hidato {

// One job and its ordinal: its position in the whole book's job list (stable across shards).
struct BookJob {
  int ordinal = 0;
  PuzzleJob job;
  friend bool operator==(const BookJob&, const BookJob&) = default;
};

// Shard `index` of `count` (0-based): it builds the jobs whose ordinal % count == index. A build
// has one only when asked (`--shard K/N`; std::optional elsewhere), and then writes a shard's
// manifest and no book, 0/1 too, so a script that splits a book N ways runs the same with N = 1
// (0/1 used to build the whole book, which merge then refused as no shard's).
struct Shard {
  int index = 0;
  int count = 1;
  friend bool operator==(const Shard&, const Shard&) = default;
};

// Parses "K/N" (0 <= K < N). Throws InputError naming the problem.
Shard parse_shard(const std::string& text);

// Every puzzle of the book in order: sets in config order, index 0..count-1 within a set.
// job.seed = job_seed(book seed, set name, index); the generator's attempt k uses derive(seed, k).
std::vector<BookJob> expand_jobs(const BookSpec& spec);

// The jobs of `shard`, in ordinal order.
std::vector<BookJob> shard_jobs(const std::vector<BookJob>& jobs, const Shard& shard);

}  // namespace hidato
