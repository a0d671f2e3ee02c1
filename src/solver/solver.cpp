// PLACEHOLDER: plain depth-first search, correct but slow. Replaced by the real solver.
#include "solver/solver.hpp"

#include <functional>

namespace hidato {

std::string_view to_string(Verdict v) {
  switch (v) {
    case Verdict::unique: return "unique";
    case Verdict::multiple: return "multiple";
    case Verdict::none: return "none";
    case Verdict::gave_up: return "gave_up";
  }
  return "gave_up";
}

std::string_view to_string(StopReason r) {
  switch (r) {
    case StopReason::none: return "none";
    case StopReason::budget: return "budget";
    case StopReason::deadline: return "deadline";
    case StopReason::cancelled: return "cancelled";
  }
  return "none";
}

SolveReport count_solutions(const Puzzle& p, int limit, const SolveLimits& limits) {
  const auto start = Clock::now();
  const int n = p.board.size();
  std::vector<CellId> at(static_cast<std::size_t>(n) + 1, no_cell);
  for (CellId c = 0; c < n; ++c)
    if (p.givens[c]) at[p.givens[c]] = c;
  Values cur(static_cast<std::size_t>(n), 0);
  std::vector<Values> found;
  SolveReport rep;
  bool stop = false;
  std::function<void(CellId, int)> dfs = [&](CellId c, int v) {
    if (stop) return;
    if (++rep.stats.nodes > limits.max_nodes) { rep.stats.stop = StopReason::budget; stop = true; return; }
    cur[c] = v;
    if (v == n) {
      found.push_back(cur);
      if (static_cast<int>(found.size()) >= limit) stop = true;
    } else if (at[v + 1] != no_cell) {
      if (p.board.is_adjacent(c, at[v + 1])) dfs(at[v + 1], v + 1);
    } else {
      for (CellId nb : p.board.neighbours(c))
        if (cur[nb] == 0 && p.givens[nb] == 0) dfs(nb, v + 1);
    }
    cur[c] = 0;
  };
  for (CellId c = 0; c < n && !stop; ++c)
    if (at[1] == c || (at[1] == no_cell && p.givens[c] == 0)) dfs(c, 1);
  rep.stats.ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  if (rep.stats.stop != StopReason::none) return rep;
  if (found.empty()) rep.verdict = Verdict::none;
  else {
    rep.verdict = found.size() == 1 ? Verdict::unique : Verdict::multiple;
    rep.solution = found[0];
    if (found.size() > 1) rep.second = found[1];
  }
  return rep;
}

}  // namespace hidato
