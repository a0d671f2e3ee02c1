// bench_solver: time-to-verdict of count_solutions(puzzle, 2) per family of puzzles.
//
// Families: the shared reference puzzles (published, Hidoku sat, Hidoku unsat) and random boards
// built here from a fixed seed: square8/hex6/square4, sizes 10..30, 20% or 35% of the cells given,
// with or without 10% holes, plus puzzles made unique by adding clues until the solver says unique
// (timed on the final, unique puzzle), and blank boards (strips of 3,000 cells, 64x64 and
// smaller open boards: no givens at all). Prints per family: count, median and max ms, median nodes,
// and verdict counts (u unique, m multiple, n none, g gave up).
//
//   bench_solver [--quick] [--family SUBSTRING] [--deadline-ms MS] [--limit 1|2] [--engine E] [--list]
//   bench_solver --removal FILE...   (minimality proof: removal tests per given, two ways)
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "core/codec.hpp"
#include "core/rng.hpp"
#include "solver/removal_oracle.hpp"
#include "solver/solver.hpp"

namespace {

using namespace hidato;

struct Family {
  std::string name;
  std::function<std::vector<Puzzle>()> make;
  bool make_unique = false;
};

// ---- random boards and paths -------------------------------------------------------------------

Board largest_component(Topology t, int rows, int cols, const std::vector<bool>& playable) {
  const Board full(t, rows, cols, playable);
  std::vector<int> comp(static_cast<std::size_t>(full.size()), -1);
  int best = -1, best_size = 0, id = 0;
  for (CellId s = 0; s < full.size(); ++s) {
    if (comp[static_cast<std::size_t>(s)] >= 0) continue;
    std::vector<CellId> stack{s};
    comp[static_cast<std::size_t>(s)] = id;
    int size = 0;
    while (!stack.empty()) {
      const CellId c = stack.back();
      stack.pop_back();
      ++size;
      for (CellId n : full.neighbours(c))
        if (comp[static_cast<std::size_t>(n)] < 0) {
          comp[static_cast<std::size_t>(n)] = id;
          stack.push_back(n);
        }
    }
    if (size > best_size) best = id, best_size = size;
    ++id;
  }
  std::vector<bool> keep(playable.size(), false);
  for (CellId c = 0; c < full.size(); ++c)
    if (comp[static_cast<std::size_t>(c)] == best) {
      const Coord co = full.coord(c);
      keep[static_cast<std::size_t>(co.row * cols + co.col)] = true;
    }
  return Board(t, rows, cols, keep);
}

// Random Hamiltonian path: grow from a random cell, preferring the unvisited neighbour with the
// fewest unvisited neighbours (Warnsdorff, random ties); when the end is stuck, a backbite move
// (join the end to a path neighbour and reverse the tail) moves the end elsewhere.
std::optional<Values> random_path(const Board& b, Rng& rng, long max_steps) {
  const int n = b.size();
  std::vector<CellId> path{static_cast<CellId>(rng.below(n))};
  std::vector<int> index(static_cast<std::size_t>(n), -1);
  index[static_cast<std::size_t>(path[0])] = 0;
  auto free_degree = [&](CellId c) {
    int d = 0;
    for (CellId m : b.neighbours(c)) d += index[static_cast<std::size_t>(m)] < 0 ? 1 : 0;
    return d;
  };
  for (long step = 0; static_cast<int>(path.size()) < n && step < max_steps; ++step) {
    const CellId end = path.back();
    CellId next = no_cell;
    int best = 1 << 20;
    for (CellId m : b.neighbours(end))
      if (index[static_cast<std::size_t>(m)] < 0) {
        const int key = free_degree(m) * 16 + rng.below(16);
        if (key < best) best = key, next = m;
      }
    if (next != no_cell) {
      index[static_cast<std::size_t>(next)] = static_cast<int>(path.size());
      path.push_back(next);
      continue;
    }
    if (rng.chance(0.1)) {  // work on the other end for a while
      std::reverse(path.begin(), path.end());
    } else {
      std::vector<CellId> joins;
      for (CellId m : b.neighbours(end))
        if (path.size() < 2 || m != path[path.size() - 2]) joins.push_back(m);
      if (joins.empty()) continue;
      const int i = index[static_cast<std::size_t>(joins[static_cast<std::size_t>(rng.below(static_cast<int>(joins.size())))])];
      std::reverse(path.begin() + i + 1, path.end());
    }
    for (std::size_t k = 0; k < path.size(); ++k) index[static_cast<std::size_t>(path[k])] = static_cast<int>(k);
  }
  if (static_cast<int>(path.size()) < n) return std::nullopt;
  Values sol(static_cast<std::size_t>(n), 0);
  for (std::size_t k = 0; k < path.size(); ++k) sol[static_cast<std::size_t>(path[k])] = static_cast<int>(k) + 1;
  return sol;
}

struct Generated {
  Puzzle puzzle;
  Values solution;
};

Generated random_puzzle(Topology t, int side, double holes, double clues, Rng& rng) {
  for (;;) {
    std::vector<bool> playable(static_cast<std::size_t>(side * side));
    for (std::size_t i = 0; i < playable.size(); ++i) playable[i] = !rng.chance(holes);
    const Board b = largest_component(t, side, side, playable);
    const auto path = random_path(b, rng, 200L * b.size());
    if (!path) continue;
    Puzzle p{b, Values(static_cast<std::size_t>(b.size()), 0), {}};
    std::vector<CellId> cells(static_cast<std::size_t>(b.size()));
    for (CellId c = 0; c < b.size(); ++c) cells[static_cast<std::size_t>(c)] = c;
    shuffle(std::span<CellId>(cells), rng);
    const auto k = static_cast<std::size_t>(clues * b.size() + 0.5);
    for (std::size_t i = 0; i < k && i < cells.size(); ++i)
      p.givens[static_cast<std::size_t>(cells[i])] = (*path)[static_cast<std::size_t>(cells[i])];
    return {p, *path};
  }
}

// Adds the true value of a cell where the second witness disagrees, until the solver says unique
// (or gives up); returns nullopt when it gave up.
std::optional<Puzzle> made_unique(Generated g, Rng& rng) {
  for (;;) {
    SolveLimits limits;
    limits.deadline = Clock::now() + std::chrono::seconds(10);
    const SolveReport r = count_solutions(g.puzzle, 2, limits);
    if (r.verdict == Verdict::unique) return g.puzzle;
    if (r.verdict != Verdict::multiple) return std::nullopt;
    std::vector<CellId> differ;
    for (CellId c = 0; c < g.puzzle.board.size(); ++c) {
      const auto i = static_cast<std::size_t>(c);
      if ((*r.solution)[i] != (*r.second)[i]) differ.push_back(c);
    }
    const auto c = static_cast<std::size_t>(differ[static_cast<std::size_t>(rng.below(static_cast<int>(differ.size())))]);
    g.puzzle.givens[c] = g.solution[c];
  }
}

// Signpost-style strip: from the full solution, drop clues in random order, keeping each drop only
// while the solver still proves the puzzle unique; the result is a minimal unique clue set.
std::optional<Puzzle> stripped(const Generated& g, Rng& rng) {
  Puzzle p = g.puzzle;
  p.givens = g.solution;
  std::vector<CellId> cells(static_cast<std::size_t>(p.board.size()));
  for (CellId c = 0; c < p.board.size(); ++c) cells[static_cast<std::size_t>(c)] = c;
  shuffle(std::span<CellId>(cells), rng);
  for (CellId c : cells) {
    const int keep = p.givens[static_cast<std::size_t>(c)];
    p.givens[static_cast<std::size_t>(c)] = 0;
    SolveLimits limits;
    limits.deadline = Clock::now() + std::chrono::seconds(2);
    if (count_solutions(p, 2, limits).verdict != Verdict::unique) p.givens[static_cast<std::size_t>(c)] = keep;
  }
  return p;
}

std::vector<Family> families(bool quick) {
  std::vector<Family> out;
  const std::string shared = HIDATO_SHARED_DIR "/puzzles";
  auto files = [shared](std::function<bool(const std::string&)> keep) {
    return [shared, keep] {
      std::vector<std::string> names;
      // Beside a clone without ../shared the shared families are empty, not a crash.
      std::error_code missing;
      if (!std::filesystem::is_directory(shared, missing)) {
        std::fprintf(stderr, "bench_solver: %s: no such folder, the shared families are skipped\n", shared.c_str());
        return std::vector<Puzzle>{};
      }
      for (const auto& e : std::filesystem::recursive_directory_iterator(shared))
        if (e.path().extension() == ".txt" && keep(e.path().string())) names.push_back(e.path().string());
      std::sort(names.begin(), names.end());
      std::vector<Puzzle> ps;
      for (const auto& f : names) ps.push_back(read_puzzle_file(f));
      return ps;
    };
  };
  out.push_back({"shared published", files([](const std::string& f) { return f.find("/published/") != std::string::npos; })});
  out.push_back({"shared hidoku sat", files([](const std::string& f) {
                   return f.find("/hidoku/hidoku-") != std::string::npos;
                 })});
  out.push_back({"shared hidoku unsat", files([](const std::string& f) { return f.find("/unsat-") != std::string::npos; })});

  const int count = quick ? 3 : 10;
  // unique: 1 = add clues until unique, 2 = strip clues from the full solution while unique
  auto random_family = [&](Topology t, int side, double holes, double clues, int unique, int k) {
    std::ostringstream name;
    name << to_string(t) << " " << side << "x" << side << " ";
    if (unique != 2) name << static_cast<int>(clues * 100) << "%";
    name << (holes > 0 ? " holes10%" : "") << (unique == 1 ? " made-unique" : unique == 2 ? "minimal-unique" : "");
    const std::uint64_t seed = hash_string(name.str());
    out.push_back({name.str(),
                   [=] {
                     Rng rng(seed);
                     std::vector<Puzzle> ps;
                     for (int i = 0; i < k; ++i) {
                       Generated g = random_puzzle(t, side, holes, clues, rng);
                       if (unique == 0) {
                         ps.push_back(g.puzzle);
                       } else if (auto u = unique == 1 ? made_unique(g, rng) : stripped(g, rng)) {
                         ps.push_back(*u);
                       }
                     }
                     return ps;
                   },
                   unique != 0});
  };
  const std::vector<int> sides = quick ? std::vector<int>{10, 20} : std::vector<int>{10, 15, 20, 30};
  for (int side : sides)
    for (double holes : {0.0, 0.1})
      for (double clues : {0.2, 0.35})
        random_family(Topology::square8, side, holes, clues, 0, side >= 30 ? count / 2 + 1 : count);
  for (Topology t : {Topology::hex6, Topology::square4})
    for (int side : quick ? std::vector<int>{10} : std::vector<int>{10, 20})
      for (double clues : {0.2, 0.35}) random_family(t, side, 0.0, clues, 0, count);
  for (int side : quick ? std::vector<int>{10} : std::vector<int>{10, 20})
    random_family(Topology::square8, side, 0.0, 0.3, 1, count);
  random_family(Topology::hex6, quick ? 10 : 15, 0.0, 0.2, 1, count);
  random_family(Topology::square4, quick ? 10 : 15, 0.0, 0.2, 1, count);
  for (int side : quick ? std::vector<int>{10} : std::vector<int>{10, 20})
    random_family(Topology::square8, side, 0.0, 0.0, 2, quick ? 2 : 5);
  random_family(Topology::hex6, quick ? 10 : 15, 0.0, 0.0, 2, quick ? 2 : 5);
  random_family(Topology::square4, quick ? 10 : 15, 0.0, 0.0, 2, quick ? 2 : 5);
  // Boards without givens (every one `multiple` or `none`): long strips, whose root propagation
  // settles one cell a round from each end, and big open boards, whose first run must reach a leaf.
  out.push_back({"blank boards", [quick] {
                   std::vector<Puzzle> ps;
                   const auto blank = [&](Topology t, int rows, int cols) {
                     const Board b(t, rows, cols, std::vector<bool>(static_cast<std::size_t>(rows * cols), true));
                     ps.push_back(Puzzle{b, Values(static_cast<std::size_t>(b.size()), 0), {}});
                   };
                   blank(Topology::square8, 1, quick ? 1000 : 3000);
                   blank(Topology::square4, quick ? 1000 : 3000, 1);
                   blank(Topology::square8, quick ? 40 : 64, quick ? 40 : 64);
                   blank(Topology::square4, 40, 40);
                   blank(Topology::hex6, 30, 30);
                   return ps;
                 }});
  return out;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

// --removal FILE...: the minimality proof of each unique puzzle (one removal test per given), as
// count_solutions with an exclusion per test and as one RemovalOracle; prints both totals.
int removal_tests(int argc, char** argv, int first) {
  for (int i = first; i < argc; ++i) {
    const Puzzle p = read_puzzle_file(argv[i]);
    int needed_a = 0, needed_b = 0, open_a = 0, open_b = 0;
    const auto t0 = Clock::now();
    for (CellId c = 0; c < p.board.size(); ++c) {
      const int v = p.givens[static_cast<std::size_t>(c)];
      if (v == 0) continue;
      Puzzle without = p;
      without.givens[static_cast<std::size_t>(c)] = 0;
      const Exclusion ex{c, v};
      SolveLimits limits;
      limits.deadline = Clock::now() + std::chrono::seconds(10);
      const Verdict r = count_solutions(without, 1, limits, std::span<const Exclusion>(&ex, 1)).verdict;
      needed_a += r == Verdict::unique ? 1 : 0;
      open_a += r == Verdict::gave_up ? 1 : 0;
    }
    const auto t1 = Clock::now();
    SolveLimits limits;
    limits.deadline = Clock::now() + std::chrono::seconds(60);
    RemovalOracle oracle(p, limits);
    for (CellId c = 0; c < p.board.size(); ++c) {
      if (p.givens[static_cast<std::size_t>(c)] == 0) continue;
      const Verdict r = oracle.other_solution_without(c).verdict;
      needed_b += r == Verdict::unique ? 1 : 0;
      open_b += r == Verdict::gave_up ? 1 : 0;
    }
    const auto t2 = Clock::now();
    auto ms = [](auto a, auto b) { return std::chrono::duration<double, std::milli>(b - a).count(); };
    std::printf("%s: %d givens; count_solutions per test %.1f ms (%d needed, %d open); oracle %.1f ms (%d needed, %d open)\n",
                argv[i], count_givens(p.givens), ms(t0, t1), needed_a, open_a, ms(t1, t2), needed_b, open_b);
  }
  return 0;
}

// A whole number from lo to hi, all of `text` (a bad flag value is a usage error, not a crash).
bool whole(const char* text, long lo, long hi, long& out) {
  char* end = nullptr;
  errno = 0;
  const long v = std::strtol(text, &end, 10);
  if (end == text || *end != '\0' || errno != 0 || v < lo || v > hi) return false;
  out = v;
  return true;
}

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "--removal") return removal_tests(argc, argv, 2);
  bool quick = false, list = false;
  std::string filter;
  long deadline_ms = 5000;
  long solve_limit = 2;  // count_solutions limit: 2 proves unique/multiple, 1 finds one solution
  Engine engine = Engine::automatic;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--quick") quick = true;
    else if (a == "--list") list = true;
    else if (a == "--family" && i + 1 < argc) filter = argv[++i];
    else if (a == "--deadline-ms" && i + 1 < argc && whole(argv[i + 1], 1, 86'400'000, deadline_ms)) ++i;
    else if (a == "--limit" && i + 1 < argc && whole(argv[i + 1], 1, 2, solve_limit)) ++i;
    else if (a == "--engine" && i + 1 < argc && std::string(argv[i + 1]) == "native") engine = Engine::native, ++i;
    else if (a == "--engine" && i + 1 < argc && std::string(argv[i + 1]) == "hybrid") engine = Engine::hybrid, ++i;
    else if (a == "--engine" && i + 1 < argc && std::string(argv[i + 1]) == "auto") engine = Engine::automatic, ++i;
    else {
      std::fprintf(stderr, "usage: bench_solver [--quick] [--family SUBSTRING] [--deadline-ms MS] [--limit 1|2] "
                           "[--engine auto|native|hybrid] [--list]\n");
      return 1;
    }
  }
  std::printf("%-32s %5s %10s %10s %10s %6s  %s\n", "family", "count", "median ms", "max ms", "med nodes",
              "clues%", "verdicts (u/m/n/g)");
  int gave_up_total = 0;
  for (const Family& f : families(quick)) {
    if (!filter.empty() && f.name.find(filter) == std::string::npos) continue;
    if (list) {
      std::printf("%s\n", f.name.c_str());
      continue;
    }
    const std::vector<Puzzle> puzzles = f.make();
    std::vector<double> ms, nodes, clue_pct;
    int verdicts[4] = {0, 0, 0, 0};
    for (const Puzzle& p : puzzles) {
      SolveLimits limits;
      limits.engine = engine;
      limits.deadline = Clock::now() + std::chrono::milliseconds(deadline_ms);
      const auto start = Clock::now();
      const SolveReport r = count_solutions(p, static_cast<int>(solve_limit), limits);
      ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
      nodes.push_back(static_cast<double>(r.stats.nodes));
      clue_pct.push_back(100.0 * count_givens(p.givens) / p.board.size());
      ++verdicts[static_cast<int>(r.verdict)];
      if ((r.solution && !is_valid_solution(p, *r.solution)) || (r.second && !is_valid_solution(p, *r.second))) {
        std::fprintf(stderr, "bench_solver: INVALID SOLUTION in family %s: %s\n", f.name.c_str(), describe(p).c_str());
        return 3;
      }
    }
    gave_up_total += verdicts[3];
    if (std::getenv("BENCH_DUMP"))
      for (const Puzzle& p : puzzles) std::fprintf(stderr, "%s\n", describe(p).c_str());
    std::printf("%-32s %5zu %10.3f %10.3f %10.0f %6.1f  %d/%d/%d/%d\n", f.name.c_str(), puzzles.size(), median(ms),
                ms.empty() ? 0.0 : *std::max_element(ms.begin(), ms.end()), median(nodes), median(clue_pct), verdicts[0],
                verdicts[1], verdicts[2], verdicts[3]);
    std::fflush(stdout);
  }
  std::printf("deadline per puzzle %ld ms; gave up: %d\n", deadline_ms, gave_up_total);
  if (filter.empty() && !list) {
    // Deadline promptness: open 40x40 square8 board with two clues, 50 ms deadline, 5 runs.
    Puzzle open{Board(Topology::square8, 40, 40, std::vector<bool>(1600, true)), Values(1600, 0), {}};
    open.givens[0] = 500;
    open.givens[1599] = 1100;
    double worst = 0;
    for (int i = 0; i < 5; ++i) {
      SolveLimits limits;
      const auto start = Clock::now();
      limits.deadline = start + std::chrono::milliseconds(50);
      count_solutions(open, 2, limits);
      worst = std::max(worst, std::chrono::duration<double, std::milli>(Clock::now() - start).count() - 50.0);
    }
    std::printf("deadline overshoot (40x40 open, 50 ms deadline, worst of 5): %.2f ms\n", worst);
  }
  return 0;
}
