#include "generator/strip.hpp"

#include <algorithm>

namespace hidato {

bool interrupted(StripBudget& budget) {
  if (budget.interrupted != StopReason::none) return true;
  if (budget.limits.cancel && budget.limits.cancel->load()) budget.interrupted = StopReason::cancelled;
  else if (budget.limits.deadline && Clock::now() >= *budget.limits.deadline) budget.interrupted = StopReason::deadline;
  return budget.interrupted != StopReason::none;
}

std::uint64_t charge(StripBudget& budget, const SolveStats& stats) {
  ++budget.calls;
  const std::uint64_t used = std::min(stats.nodes, budget.nodes_left);
  budget.nodes_used += used;
  budget.nodes_left -= used;
  if (stats.stop == StopReason::deadline || stats.stop == StopReason::cancelled) budget.interrupted = stats.stop;
  return used;
}

bool proved_unique(const Puzzle& puzzle, StripBudget& budget, std::optional<Exclusion> removed) {
  if (budget.interrupted != StopReason::none) return false;
  if (budget.nodes_left == 0) {  // a call the spent budget never made is undecided too
    ++budget.undecided;
    return false;
  }
  SolveLimits limits = budget.limits;
  limits.max_nodes = std::min(budget.nodes_left, budget.per_call);
  limits.expect_unique = true;
  const SolveReport r = removed ? count_solutions(puzzle, 1, limits, std::span<const Exclusion>(&*removed, 1))
                                : count_solutions(puzzle, 2, limits);
  const std::uint64_t used = charge(budget, r.stats);
  if (r.stats.stop == StopReason::budget) {
    ++budget.undecided;
    if (limits.max_nodes == budget.nodes_left + used) budget.nodes_left = 0;
  }
  return removed ? r.verdict == Verdict::none : r.verdict == Verdict::unique;
}

namespace {

// The default window (NearWindow): whole rings of neighbours around the removed cell until it
// holds 60 cells -- 4 steps on square8 (81 cells) and hex6 (61), 5 on square4 (61), searched
// with at most 2,000 nodes. Measured with bench_generator --speed (expert, 20x20, one run each)
// on square8 / hex6 / square4: 2 steps (25 / 19 / 13 cells) 395 / 456 / 474 ms, 40 cells 392 /
// 372 / 421, 60 cells 370 / 367 / 394, 90 cells 368 / 525 / 382: a larger window finds more
// second solutions and costs more per search.
constexpr std::size_t near_max_block = 4;  // larger blocks: more windows than one grade costs

// The cells of whole rings of neighbours around `c`, until there are at least `cells` of them (or
// the board's part around c ends).
std::vector<char> window_around(const Board& board, CellId c, std::size_t cells) {
  std::vector<char> in(static_cast<std::size_t>(board.size()), 0);
  std::vector<CellId> frontier{c}, next;
  in[static_cast<std::size_t>(c)] = 1;
  for (std::size_t count = 1; count < cells && !frontier.empty();) {
    next.clear();
    for (CellId x : frontier)
      for (CellId y : board.neighbours(x))
        if (!in[static_cast<std::size_t>(y)]) {
          in[static_cast<std::size_t>(y)] = 1;
          next.push_back(y);
        }
    count += next.size();
    frontier.swap(next);
  }
  return in;
}

}  // namespace

bool near_other_solution(const Puzzle& puzzle, const Values& solution, std::span<const CellId> around,
                         NearWindow size) {
  SolveLimits limits;
  limits.engine = Engine::native;
  limits.max_nodes = size.nodes;
  Puzzle window = puzzle;  // one copy of the board; only the givens change from window to window
  for (CellId c : around) {
    const std::vector<char> in = window_around(puzzle.board, c, size.cells);
    for (std::size_t x = 0; x < in.size(); ++x) window.givens[x] = in[x] ? puzzle.givens[x] : solution[x];
    const Exclusion other{c, solution[static_cast<std::size_t>(c)]};
    if (count_solutions(window, 1, limits, std::span<const Exclusion>(&other, 1)).verdict == Verdict::unique) return true;
  }
  return false;
}

std::vector<bool> strip_givens(Puzzle puzzle, const Values& solution, std::vector<bool> keep,
                               const std::vector<CellId>& removal_order, const Acceptable& accept,
                               int min_keep, bool unique_first, const StopCheck& stop) {
  puzzle.givens = givens_from(solution, keep);
  int kept = count_givens(puzzle.givens);
  const auto m = removal_order.size();
  std::size_t i = 0;
  std::size_t block = std::max<std::size_t>(1, m / 16);
  while (i < m && kept > min_keep && !(stop && stop())) {
    block = std::min({block, m - i, static_cast<std::size_t>(kept - min_keep)});
    for (std::size_t k = i; k < i + block; ++k) puzzle.givens[static_cast<std::size_t>(removal_order[k])] = 0;
    const auto removed = std::span<const CellId>(removal_order).subspan(i, block);
    const bool refused = unique_first && block <= near_max_block && near_other_solution(puzzle, solution, removed);
    if (!refused && accept(puzzle)) {
      for (std::size_t k = i; k < i + block; ++k) keep[static_cast<std::size_t>(removal_order[k])] = false;
      kept -= static_cast<int>(block);
      i += block;
      block *= 2;
      continue;
    }
    for (std::size_t k = i; k < i + block; ++k) {
      const auto c = static_cast<std::size_t>(removal_order[k]);
      puzzle.givens[c] = solution[c];
    }
    if (block == 1) ++i;  // this given stays
    block = std::max<std::size_t>(1, block / 2);
  }
  return keep;
}

}  // namespace hidato
