// bench_generator: time per puzzle, clue ratio and grade distribution of make_puzzle.
//
//   bench_generator [--quick] [--n PUZZLES] [--only TOPOLOGY] [--size N] [--level L] [--paths]
//   bench_generator --speed [--n PUZZLES]   the goal table (square8 hard/expert 10..30, hex6/square4 20x20)
//   bench_generator --hits [--n SEEDS]      the hit table (level on attempt 0 or 1)
//
// Prints one line per (topology, size, level): median and 95th percentile milliseconds per
// puzzle, median clue ratio (givens / cells), median grader score, failures, and how many
// puzzles landed at each level. --paths times the random Hamiltonian path alone (fill) on 40x40.
// Single-threaded; the goals are in /work/notes/generator-readme.md.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "generator/fill.hpp"
#include "generator/generator.hpp"

namespace {

using namespace hidato;

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const auto i = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
  return v[std::min(i, v.size() - 1)];
}

void bench_spec(Topology t, int rows, int cols, Difficulty level, int n) {
  std::vector<double> ms, ratio, score;
  int levels[5] = {0, 0, 0, 0, 0};
  int failed = 0, undecided = 0;
  for (int i = 0; i < n; ++i) {
    PuzzleJob job;
    job.board.topology = t;
    job.board.rows = rows;
    job.board.cols = cols;
    job.target = level;
    job.seed = job_seed(2026, "bench", static_cast<std::uint64_t>(i));
    const auto start = std::chrono::steady_clock::now();
    const auto r = make_puzzle(job);
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    if (!r) {
      ++failed;
      continue;
    }
    const auto& g = r.value();
    ratio.push_back(static_cast<double>(count_givens(g.puzzle.givens)) / g.puzzle.board.size());
    score.push_back(g.grade.score);
    undecided += g.stats.undecided > 0 ? 1 : 0;
    ++levels[static_cast<int>(g.grade.level)];
  }
  std::printf("%-8s %3dx%-3d %-7s n=%-3d median %9.2f ms  p95 %9.2f ms  clues %5.1f%%  score %6.1f  failed %d  "
              "levels e/m/h/x/X %d/%d/%d/%d/%d  not-proven-minimal %d\n",
              std::string(to_string(t)).c_str(), rows, cols, std::string(to_string(level)).c_str(), n,
              percentile(ms, 0.5), percentile(ms, 0.95), 100 * percentile(ratio, 0.5), percentile(score, 0.5),
              failed, levels[0], levels[1], levels[2], levels[3], levels[4], undecided);
  std::fflush(stdout);
}

void bench_paths(Topology t, int side, int n) {
  Board board(t, side, side, std::vector<bool>(static_cast<std::size_t>(side * side), true));
  std::vector<double> find_ms, mix_ms;
  for (int i = 0; i < n; ++i) {
    Rng rng(job_seed(7, "paths", static_cast<std::uint64_t>(i)));
    auto t0 = std::chrono::steady_clock::now();
    auto order = find_hamiltonian_path(board, rng, 100'000'000);
    auto t1 = std::chrono::steady_clock::now();
    if (order) backbite(board, *order, rng, 2 * board.size());
    auto t2 = std::chrono::steady_clock::now();
    find_ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    mix_ms.push_back(std::chrono::duration<double, std::milli>(t2 - t1).count());
  }
  std::printf("path     %-8s %dx%d  find median %.2f ms p95 %.2f ms   mix (2 backbites/cell) median %.2f ms\n",
              std::string(to_string(t)).c_str(), side, side, percentile(find_ms, 0.5), percentile(find_ms, 0.95),
              percentile(mix_ms, 0.5));
}

// The hit table: share of requests that got their level within the first two attempts, over
// sizes 7..20, the three topologies, 0% and 15% holes and the shapes rect, circle and heart.
void bench_hits(const std::vector<int>& sides, int n, const std::string& only) {
  std::printf("\nhit table: requests that got their level on attempt 0 or 1 (shapes rect/circle/heart, holes 0%%/15%%, %d seeds each)\n", n);
  std::printf("%-8s %5s  %-7s %-7s %-7s %-7s\n", "topology", "size", "easy", "medium", "hard", "expert");
  int all = 0, all_hits = 0;
  for (Topology t : {Topology::square8, Topology::hex6, Topology::square4}) {
    if (!only.empty() && only != to_string(t)) continue;
    for (int side : sides) {
      std::printf("%-8s %2dx%-2d ", std::string(to_string(t)).c_str(), side, side);
      for (Difficulty d : {Difficulty::easy, Difficulty::medium, Difficulty::hard, Difficulty::expert}) {
        int asked = 0, hits = 0;
        for (const char* shape : {"rect", "circle", "heart"})
          for (double holes : {0.0, 0.15})
            for (int i = 0; i < n; ++i) {
              PuzzleJob job;
              job.board = BoardSpec{t, shape, "", side, side, holes, false};
              job.target = d;
              job.seed = job_seed(2026, std::string("hits-") + shape, static_cast<std::uint64_t>(i));
              job.budget.max_attempts = 2;
              const auto r = make_puzzle(job);
              ++asked;
              hits += r.ok() && r.value().grade.level == d ? 1 : 0;
            }
        std::printf(" %5.1f%%", 100.0 * hits / asked);
        std::fflush(stdout);
        all += asked;
        all_hits += hits;
      }
      std::printf("\n");
    }
  }
  std::printf("overall %d of %d requests (%.1f%%)\n", all_hits, all, 100.0 * all_hits / std::max(1, all));
}

}  // namespace

int main(int argc, char** argv) {
  bool quick = false, paths = false, hits = false, speed = false;
  int n = 20;
  std::string only, level;
  int size = 0;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--quick")) quick = true, n = 5;
    else if (!std::strcmp(argv[i], "--paths")) paths = true;
    else if (!std::strcmp(argv[i], "--hits")) hits = true;
    else if (!std::strcmp(argv[i], "--speed")) speed = true;
    else if (!std::strcmp(argv[i], "--n") && i + 1 < argc) n = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
    else if (!std::strcmp(argv[i], "--size") && i + 1 < argc) size = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--level") && i + 1 < argc) level = argv[++i];
    else {
      std::fprintf(stderr, "usage: bench_generator [--quick] [--n PUZZLES] [--only TOPOLOGY] [--size N] [--level L] [--paths] [--speed] [--hits]\n");
      return 1;
    }
  }
  if (hits) {
    const std::vector<int> sides = quick ? std::vector<int>{7, 10} : std::vector<int>{7, 10, 15, 20};
    bench_hits(size ? std::vector<int>{size} : sides, quick ? 1 : n, only);
    return 0;
  }
  if (speed) {  // the goal table: square8 hard/expert, and hex6/square4 at about the same cell count
    struct Row { Topology t; int side; };
    const std::vector<Row> rows = {{Topology::square8, 10}, {Topology::square8, 15}, {Topology::square8, 20},
                                   {Topology::square8, 30}, {Topology::hex6, 20},    {Topology::square4, 20}};
    for (const Row r : rows)
      if ((only.empty() || only == to_string(r.t)) && (size == 0 || size == r.side))
        for (Difficulty d : {Difficulty::hard, Difficulty::expert})
          if (level.empty() || level == to_string(d)) bench_spec(r.t, r.side, r.side, d, r.side >= 30 ? std::max(1, n / 4) : n);
    return 0;
  }
  for (Topology t : {Topology::square8, Topology::hex6, Topology::square4})
    if ((only.empty() || only == to_string(t)) && (paths || size == 0)) bench_paths(t, 40, quick ? 5 : 20);
  if (paths) return 0;
  struct Size { int rows, cols; };
  const std::vector<Size> sizes = quick ? std::vector<Size>{{7, 7}, {10, 10}} : std::vector<Size>{{7, 7}, {10, 10}, {15, 15}, {20, 20}, {30, 30}};
  for (Topology t : {Topology::square8, Topology::hex6, Topology::square4}) {
    if (!only.empty() && only != to_string(t)) continue;
    for (const Size s : sizes)
      for (Difficulty d : {Difficulty::easy, Difficulty::medium, Difficulty::hard, Difficulty::expert, Difficulty::extreme})
        if ((size == 0 || size == s.rows) && (level.empty() || level == to_string(d)))
          bench_spec(t, s.rows, s.cols, d, s.rows >= 30 ? std::max(1, n / 4) : n);
  }
  return 0;
}
