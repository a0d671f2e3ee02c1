#include "grader_support.hpp"

#include <algorithm>

#include "grader/grader.hpp"
#include "grader/ladder.hpp"
#include "solver/solver.hpp"

namespace hidato::testing {

std::vector<Symmetry> symmetries(Topology t, int rows, int cols) {
  const int R = rows, C = cols;
  if (t == Topology::hex6) {
    // Odd-r rows: x = col + (row odd ? 1/2 : 0). A vertical flip keeps row parity only when the
    // number of rows is odd; a horizontal mirror needs one more column and odd rows shifted.
    std::vector<Symmetry> out;
    if (R % 2 == 1) out.push_back({"hex-flip-rows", R, C, [R](Coord c) { return Coord{R - 1 - c.row, c.col}; }});
    out.push_back({"hex-mirror-cols", R, C + 1, [C](Coord c) {
                     return Coord{c.row, c.row % 2 == 1 ? C - 1 - c.col : C - c.col};
                   }});
    if (R % 2 == 1)
      out.push_back({"hex-rotate-180", R, C + 1, [R, C](Coord c) {
                       const int r = R - 1 - c.row;
                       return Coord{r, r % 2 == 1 ? C - 1 - c.col : C - c.col};
                     }});
    return out;
  }
  return {
      {"rotate-90", C, R, [R](Coord c) { return Coord{c.col, R - 1 - c.row}; }},
      {"rotate-180", R, C, [R, C](Coord c) { return Coord{R - 1 - c.row, C - 1 - c.col}; }},
      {"rotate-270", C, R, [C](Coord c) { return Coord{C - 1 - c.col, c.row}; }},
      {"mirror-cols", R, C, [C](Coord c) { return Coord{c.row, C - 1 - c.col}; }},
      {"flip-rows", R, C, [R](Coord c) { return Coord{R - 1 - c.row, c.col}; }},
      {"transpose", C, R, [](Coord c) { return Coord{c.col, c.row}; }},
  };
}

Puzzle transformed(const Puzzle& p, const Symmetry& s) {
  std::vector<bool> playable(static_cast<std::size_t>(s.rows) * s.cols, false);
  for (CellId c = 0; c < p.board.size(); ++c) {
    const Coord to = s.map(p.board.coord(c));
    playable[static_cast<std::size_t>(to.row) * s.cols + to.col] = true;
  }
  Puzzle out{Board(p.board.topology(), s.rows, s.cols, playable), {}, {}};
  out.givens = transformed_values(p, out, s, p.givens);
  return out;
}

Values transformed_values(const Puzzle& p, const Puzzle& image, const Symmetry& s, const Values& v) {
  Values out(static_cast<std::size_t>(image.board.size()), 0);
  for (CellId c = 0; c < p.board.size(); ++c) out[image.board.cell_at(s.map(p.board.coord(c)))] = v[c];
  return out;
}

bool keeps_adjacency(const Puzzle& p, const Puzzle& image, const Symmetry& s) {
  if (image.board.size() != p.board.size()) return false;
  for (CellId a = 0; a < p.board.size(); ++a)
    for (CellId b = 0; b < p.board.size(); ++b) {
      const CellId ia = image.board.cell_at(s.map(p.board.coord(a)));
      const CellId ib = image.board.cell_at(s.map(p.board.coord(b)));
      if (p.board.is_adjacent(a, b) != image.board.is_adjacent(ia, ib)) return false;
    }
  return true;
}

namespace {

struct PathSearch {
  const Board& board;
  Rng& rng;
  long budget;
  Values order;  // cell -> step, 0 = unused

  int free_degree(CellId c) const {
    int d = 0;
    for (CellId nb : board.neighbours(c)) d += order[nb] == 0;
    return d;
  }

  bool extend(CellId at, int step) {
    order[at] = step;
    if (step == board.size()) return true;
    if (--budget > 0) {
      std::vector<std::pair<int, CellId>> next;
      for (CellId nb : board.neighbours(at))
        if (order[nb] == 0) next.emplace_back(free_degree(nb) * 16 + rng.below(16), nb);
      std::sort(next.begin(), next.end());
      for (const auto& [key, nb] : next)
        if (extend(nb, step + 1)) return true;
    }
    order[at] = 0;
    return false;
  }
};

}  // namespace

std::optional<Values> random_path(const Board& board, Rng& rng, long budget) {
  PathSearch search{board, rng, budget, Values(static_cast<std::size_t>(board.size()), 0)};
  if (search.extend(rng.below(board.size()), 1)) return search.order;
  return std::nullopt;
}

std::optional<Puzzle> random_unique_puzzle(const Board& board, const Values& solution, Rng& rng,
                                           double keep, bool strip) {
  const int n = board.size();
  std::vector<bool> shown(static_cast<std::size_t>(n));
  for (CellId c = 0; c < n; ++c) shown[c] = rng.chance(keep);
  SolveLimits limits;
  limits.max_nodes = 400000;
  auto verdict_of = [&](const std::vector<bool>& k) {
    return count_solutions(Puzzle{board, givens_from(solution, k), {}}, 2, limits);
  };
  for (int round = 0; round < n; ++round) {
    const SolveReport r = verdict_of(shown);
    if (r.verdict == Verdict::unique) break;
    if (r.verdict != Verdict::multiple) return std::nullopt;
    const Values& a = *r.solution;
    const Values& b = *r.second;
    CellId differ = no_cell;
    for (CellId c = 0; c < n && differ == no_cell; ++c)
      if (a[c] != b[c]) differ = c;
    shown[differ] = true;
  }
  if (verdict_of(shown).verdict != Verdict::unique) return std::nullopt;
  if (strip) {
    std::vector<CellId> cells;
    for (CellId c = 0; c < n; ++c)
      if (shown[c]) cells.push_back(c);
    shuffle(std::span<CellId>(cells), rng);
    for (CellId c : cells) {
      shown[c] = false;
      if (verdict_of(shown).verdict != Verdict::unique) shown[c] = true;
    }
  }
  return Puzzle{board, givens_from(solution, shown), {}};
}

std::string soundness_error(const Puzzle& p, const Values& solution) {
  grading::GradeState state(p);
  grading::run_ladder(state, GradeLimits{});
  if (state.broken()) return "the grader found a contradiction in a solvable puzzle";
  std::vector<CellId> cell_of(static_cast<std::size_t>(p.board.size()) + 1, no_cell);
  for (CellId c = 0; c < p.board.size(); ++c) cell_of[solution[c]] = c;
  for (int v = 1; v <= p.board.size(); ++v) {
    if (state.is_placed(v) && state.cell_of(v) != cell_of[v])
      return "placed " + std::to_string(v) + " at the wrong cell";
    if (!state.has(v, cell_of[v])) return "crossed off the true cell of " + std::to_string(v);
  }
  for (CellId c = 0; c < p.board.size(); ++c) {
    int holders = 0;
    for (int v = 1; v <= p.board.size(); ++v) holders += state.has(v, c);
    if (holders != state.values_count(c)) return "cell index out of step at cell " + std::to_string(c);
  }
  return {};
}

}  // namespace hidato::testing
