// bench_grader: time grade() per topology, board size and clue density.
//
// Boards are full rectangles with a random Hamiltonian path; givens are a random share of the
// path (so many of these puzzles are not unique: the grader then runs until it is stuck, the
// slow case). Prints median and 95th percentile CPU milliseconds per grade and the grades reached.
// Usage: bench_grader [size ...]   (default 10 20)
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <cstdlib>
#include <vector>

#include "grader/grader.hpp"
#include "grader_support.hpp"

namespace {

using namespace hidato;

double cpu_ms(std::clock_t from) { return 1000.0 * static_cast<double>(std::clock() - from) / CLOCKS_PER_SEC; }

void bench(Topology t, int size, double keep, const GradeLimits& limits, const char* label) {
  Rng rng(42);
  const Board board(t, size, size, std::vector<bool>(static_cast<std::size_t>(size) * size, true));
  std::optional<Values> path;
  for (int i = 0; i < 20 && !path; ++i) path = testing::random_path(board, rng, 5'000'000);
  if (!path) return;
  std::vector<double> ms;
  int levels[5] = {0, 0, 0, 0, 0};
  for (int it = 0; it < 21; ++it) {
    std::vector<bool> shown(static_cast<std::size_t>(board.size()));
    for (std::size_t i = 0; i < shown.size(); ++i) shown[i] = rng.chance(keep);
    const Puzzle p{board, givens_from(*path, shown), {}};
    const std::clock_t start = std::clock();
    const Grade g = grade(p, limits);
    ms.push_back(cpu_ms(start));
    ++levels[g.needs_search ? 4 : static_cast<int>(g.level)];
  }
  std::sort(ms.begin(), ms.end());
  std::printf("%-8s %2dx%-2d keep %.2f %-12s median %7.3f ms  p95 %7.3f ms  easy/medium/hard/expert/search %d/%d/%d/%d/%d\n",
              std::string(to_string(t)).c_str(), size, size, keep, label, ms[ms.size() / 2],
              ms[ms.size() * 95 / 100], levels[0], levels[1], levels[2], levels[3], levels[4]);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> sizes;
  for (int i = 1; i < argc; ++i) sizes.push_back(std::atoi(argv[i]));
  if (sizes.empty()) sizes = {10, 20};
  GradeLimits full;
  GradeLimits no_what_ifs;
  no_what_ifs.what_ifs_per_cell = 0;
  GradeLimits upto_hard;
  upto_hard.max_tier = 3;
  for (Topology t : {Topology::square8, Topology::square4, Topology::hex6})
    for (int size : sizes)
      for (double keep : {0.6, 0.4, 0.25}) {
        bench(t, size, keep, full, "default");
        bench(t, size, keep, no_what_ifs, "no-what-ifs");
        bench(t, size, keep, upto_hard, "max-tier-3");
      }
}
