#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <vector>

#include "core/rng.hpp"

using namespace hidato;

TEST(Rng, SplitMix64MatchesTheReferenceSequence) {
  // Reference: Vigna's splitmix64.c seeded with 0.
  std::uint64_t s = 0;
  EXPECT_EQ(splitmix64(s), 0xE220A8397B1DCDAFull);
  EXPECT_EQ(splitmix64(s), 0x6E789E6AA1B965F4ull);
}

TEST(Rng, SameSeedSameStream) {
  Rng a(42), b(42), c(43);
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    const auto x = a.next();
    EXPECT_EQ(x, b.next());
    differs |= x != c.next();
  }
  EXPECT_TRUE(differs);
}

TEST(Rng, BelowStaysInRangeAndCoversIt) {
  Rng rng(7);
  std::vector<int> hits(6, 0);
  for (int i = 0; i < 60000; ++i) {
    const int v = rng.below(6);
    ASSERT_GE(v, 0);
    ASSERT_LT(v, 6);
    ++hits[static_cast<std::size_t>(v)];
  }
  for (int h : hits) EXPECT_NEAR(h, 10000, 500);
  EXPECT_EQ(rng.below(1), 0);
}

TEST(Rng, ShuffleIsADeterministicPermutation) {
  std::vector<int> a(50), b(50);
  std::iota(a.begin(), a.end(), 0);
  b = a;
  Rng r1(9), r2(9);
  shuffle(std::span<int>(a), r1);
  shuffle(std::span<int>(b), r2);
  EXPECT_EQ(a, b);
  std::vector<int> sorted = a;
  std::sort(sorted.begin(), sorted.end());
  std::vector<int> expect(50);
  std::iota(expect.begin(), expect.end(), 0);
  EXPECT_EQ(sorted, expect);
  EXPECT_NE(a, expect);
}

TEST(Rng, JobSeedsDependOnEveryPart) {
  EXPECT_NE(job_seed(1, "a", 0), job_seed(2, "a", 0));
  EXPECT_NE(job_seed(1, "a", 0), job_seed(1, "b", 0));
  EXPECT_NE(job_seed(1, "a", 0), job_seed(1, "a", 1));
  EXPECT_EQ(job_seed(1, "a", 3), job_seed(1, "a", 3));
  EXPECT_EQ(derive(5, 0), 5u);
  EXPECT_NE(derive(5, 1), derive(5, 2));
}

TEST(Rng, UnitIsInHalfOpenInterval) {
  Rng rng(3);
  double lo = 1, hi = 0;
  for (int i = 0; i < 10000; ++i) {
    const double u = rng.unit();
    ASSERT_GE(u, 0.0);
    ASSERT_LT(u, 1.0);
    lo = std::min(lo, u);
    hi = std::max(hi, u);
  }
  EXPECT_LT(lo, 0.01);
  EXPECT_GT(hi, 0.99);
}
