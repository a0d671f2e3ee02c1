// Differential test of the engines: random medium boards of every topology (holes included) with
// clue subsets of a random Hamiltonian path, and some with a clue moved (often no solution). The
// native search, the hybrid engine (root propagation + CaDiCaL, tuned for models and, with
// expect_unique, for refutations) and the automatic portfolio must agree on every verdict, every
// answer must be a valid numbering, and where the SAT peer of ../shared/peers/sat is built (CMake
// builds it into the build tree when the source is there), its count must agree too.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "core/codec.hpp"
#include "core/rng.hpp"
#include "generator/fill.hpp"
#include "solver/solver.hpp"

namespace hidato {
namespace {

struct Case {
  Topology topology;
  std::uint64_t seed;
};

// A board of 5x5 to 9x9 cells, maybe with holes, its path, and givens drawn from the path.
Puzzle random_case(Topology t, Rng& rng) {
  const int rows = 5 + rng.below(5), cols = 5 + rng.below(5);
  const Board full(t, rows, cols, std::vector<bool>(static_cast<std::size_t>(rows * cols), true));
  CellOrder order = *find_hamiltonian_path(full, rng, 1'000'000);
  backbite(full, order, rng, rows * cols * 20);
  const int holes = rng.chance(0.4) ? rng.below(rows * cols / 8 + 1) : 0;
  CarvedBoard carved = carve_holes(full, order, holes, rng);
  const Values path = solution_of(carved.board, carved.order);
  Puzzle p{carved.board, Values(path.size(), 0), {}};
  const double rate = 0.15 + 0.35 * rng.unit();
  for (std::size_t c = 0; c < path.size(); ++c)
    if (rng.chance(rate) || path[c] == 1 || path[c] == static_cast<int>(path.size())) p.givens[c] = path[c];
  if (rng.chance(0.15)) {  // move one clue to a random blank cell: usually no solution left
    const auto from = static_cast<std::size_t>(rng.below(static_cast<int>(path.size())));
    const auto to = static_cast<std::size_t>(rng.below(static_cast<int>(path.size())));
    if (p.givens[from] != 0 && p.givens[to] == 0) std::swap(p.givens[from], p.givens[to]);
  }
  return p;
}

// The SAT peer's count (0, 1 or 2) of a puzzle, or -1 when the peer is not available.
int peer_count(const Puzzle& p, const std::filesystem::path& dir) {
  const std::string peer = HIDATO_SAT_PEER;
  if (peer.empty() || !std::filesystem::exists(peer)) return -1;
  const auto file = dir / "case.txt";
  std::ofstream(file) << format_puzzle(p);
  FILE* out = popen((peer + " " + file.string()).c_str(), "r");
  if (out == nullptr) return -1;
  int count = -1;
  if (std::fscanf(out, "solutions=%d", &count) != 1) count = -1;
  pclose(out);
  return count;
}

class EngineDiff : public ::testing::TestWithParam<Case> {};

TEST_P(EngineDiff, EnginesAndPeerAgree) {
  Rng rng(GetParam().seed);
  // One folder per process and seed: two test runs at once (a CI run beside a sanitizer run)
  // would otherwise overwrite each other's case file under the peer.
  const auto dir = std::filesystem::temp_directory_path() /
                   ("hidato-engine-diff-" + std::to_string(GetParam().seed) + "-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  int by_verdict[4] = {0, 0, 0, 0}, peer_checked = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const Puzzle p = random_case(GetParam().topology, rng);
    SolveLimits native;
    native.engine = Engine::native;
    native.max_nodes = 2'000'000;  // a native give-up is not a disagreement
    const SolveReport a = count_solutions(p, 2, native);
    SolveLimits hybrid;
    hybrid.engine = Engine::hybrid;
    const SolveReport b = count_solutions(p, 2, hybrid);
    const SolveReport c = count_solutions(p, 2);
    SolveLimits proof = hybrid;
    proof.expect_unique = true;  // a hint: other tuning, same verdict
    const SolveReport d = count_solutions(p, 2, proof);
    ASSERT_NE(b.verdict, Verdict::gave_up) << describe(p);
    ASSERT_EQ(to_string(c.verdict), to_string(b.verdict)) << describe(p);
    ASSERT_EQ(to_string(d.verdict), to_string(b.verdict)) << describe(p);
    if (a.verdict != Verdict::gave_up) {
      ASSERT_EQ(to_string(a.verdict), to_string(b.verdict)) << describe(p);
    }
    for (const SolveReport* r : {&a, &b, &c, &d}) {
      if (r->solution) {
        EXPECT_TRUE(is_valid_solution(p, *r->solution)) << describe(p);
      }
      if (r->second) {
        EXPECT_TRUE(is_valid_solution(p, *r->second)) << describe(p);
        EXPECT_NE(*r->solution, *r->second) << describe(p);
      }
    }
    ++by_verdict[static_cast<int>(b.verdict)];
    if (const int k = peer_count(p, dir); k >= 0) {
      const Verdict want = k == 0 ? Verdict::none : k == 1 ? Verdict::unique : Verdict::multiple;
      ASSERT_EQ(to_string(b.verdict), to_string(want)) << "SAT peer disagrees: " << describe(p);
      ++peer_checked;
    }
  }
  std::filesystem::remove_all(dir);
  EXPECT_GT(by_verdict[0] + by_verdict[1], 0);  // the case generator is not degenerate
  if (peer_checked == 0) GTEST_SKIP() << "SAT peer not built (../shared/peers/sat missing): engines compared only";
}

std::vector<Case> cases() {
  std::vector<Case> out;
  for (Topology t : {Topology::square8, Topology::square4, Topology::hex6})
    for (std::uint64_t s = 1; s <= 3; ++s) out.push_back({t, s * 7919 + static_cast<std::uint64_t>(t)});
  return out;
}

INSTANTIATE_TEST_SUITE_P(Random, EngineDiff, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& param_info) {
                           return std::string(to_string(param_info.param.topology)) + "_" +
                                  std::to_string(param_info.param.seed);
                         });

}  // namespace
}  // namespace hidato
