#pragma once
// Seeded randomness that gives the same numbers on every platform and standard library.
// Never use std::uniform_int_distribution, std::shuffle & co. for seeded output.
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>

namespace hidato {

std::uint64_t splitmix64(std::uint64_t& state);
std::uint64_t mix64(std::uint64_t x);  // stateless finaliser of SplitMix64

// FNV-1a over bytes, finalised with mix64: our own stable string hash (not std::hash).
std::uint64_t hash_string(std::string_view s);

// Seed of job `index` of set `set_id` in a book seeded with `book_seed`.
std::uint64_t job_seed(std::uint64_t book_seed, std::string_view set_id, std::uint64_t index);
// Seed of attempt k of a job with seed `seed`.
std::uint64_t derive(std::uint64_t seed, std::uint64_t k);

// xoshiro256** seeded through SplitMix64.
class Rng {
 public:
  explicit Rng(std::uint64_t seed);
  std::uint64_t next();
  // Uniform in [0, n), n >= 1, by Lemire's multiply-and-reject: exact and portable.
  std::uint64_t below(std::uint64_t n);
  int below(int n) { return static_cast<int>(below(static_cast<std::uint64_t>(n))); }
  // Uniform in [0, 1) with 53 bits.
  double unit();
  bool chance(double p) { return unit() < p; }

 private:
  std::uint64_t s_[4];
};

// Fisher-Yates with Rng::below.
template <class T>
void shuffle(std::span<T> items, Rng& rng) {
  for (std::size_t i = items.size(); i > 1; --i) {
    const auto j = static_cast<std::size_t>(rng.below(static_cast<std::uint64_t>(i)));
    std::swap(items[i - 1], items[j]);
  }
}

}  // namespace hidato
