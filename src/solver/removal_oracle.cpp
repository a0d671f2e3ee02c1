#include "solver/removal_oracle.hpp"

#include <algorithm>
#include <iterator>

#include "solver/sat_count.hpp"
#include "solver/search.hpp"

namespace hidato {

using solver_detail::Layout;
using solver_detail::SatCount;
using solver_detail::Search;
using solver_detail::Watch;

struct RemovalOracle::Impl {
  Impl(const Puzzle& p, const SolveLimits& l) : puzzle(p), limits(l), layout(p.board), watch(limits) {}
  Puzzle puzzle;
  SolveLimits limits;
  Layout layout;
  Watch watch;
  std::vector<char> root_none;              // per cell: that test has no solution at the root
  std::vector<std::pair<int, int>> givens;  // (value, position) of every given
  std::unique_ptr<SatCount> sat;
};

// Plan: root-propagate every test on its own (puzzle minus the given, the given's value excluded
// from its cell) and merge the surviving pairs; a test whose root fails is answered `none` now.
// The merged pairs are encoded once.
RemovalOracle::RemovalOracle(const Puzzle& puzzle, const SolveLimits& limits)
    : impl_(std::make_unique<Impl>(puzzle, limits)) {
  Impl& m = *impl_;
  const int n = puzzle.board.size();
  m.root_none.assign(static_cast<std::size_t>(n), 0);
  SatCount::Candidates merged(static_cast<std::size_t>(n) + 1);
  SatCount::Candidates one;
  std::vector<int> tmp;
  for (CellId c = 0; c < n; ++c) {
    const int v = puzzle.givens[static_cast<std::size_t>(c)];
    if (v == 0) continue;
    m.givens.emplace_back(v, m.layout.pos_of(c));
    Puzzle without = puzzle;
    without.givens[static_cast<std::size_t>(c)] = 0;
    Search search(without, 1, m.limits);
    const Exclusion ex{c, v};
    search.exclude(std::span<const Exclusion>(&ex, 1));
    if (!search.root(one)) {
      if (search.stopped() || m.watch.expired()) return;  // no encoding: every test gives up
      m.root_none[static_cast<std::size_t>(c)] = 1;
      continue;
    }
    for (std::size_t u = 1; u < merged.size(); ++u) {
      tmp.clear();
      std::set_union(merged[u].begin(), merged[u].end(), one[u].begin(), one[u].end(), std::back_inserter(tmp));
      merged[u].swap(tmp);
    }
  }
  if (m.watch.expired()) return;
  for (std::size_t u = 1; u < merged.size(); ++u)
    if (merged[u].empty()) return;  // every test failed at the root: no encoding needed
  auto sat = std::make_unique<SatCount>(m.puzzle, m.layout, merged, m.watch);
  if (sat->encoded()) m.sat = std::move(sat);
}

RemovalOracle::~RemovalOracle() = default;
RemovalOracle::RemovalOracle(RemovalOracle&&) noexcept = default;
RemovalOracle& RemovalOracle::operator=(RemovalOracle&&) noexcept = default;

SolveReport RemovalOracle::other_solution_without(CellId cell) {
  Impl& m = *impl_;
  const auto start = Clock::now();
  SolveReport rep;
  const int v = m.puzzle.givens[static_cast<std::size_t>(cell)];
  if (m.root_none[static_cast<std::size_t>(cell)]) {
    rep.verdict = Verdict::none;
  } else if (m.sat && v != 0) {
    const std::pair<int, int> banned{v, m.layout.pos_of(cell)};
    std::vector<std::pair<int, int>> fixed;
    for (const auto& g : m.givens)
      if (g != banned) fixed.push_back(g);
    Puzzle without = m.puzzle;
    without.givens[static_cast<std::size_t>(cell)] = 0;
    const std::uint64_t before = m.sat->conflicts();
    bool decided = false;
    rep.solution = m.sat->solve_assuming(fixed, banned, without, m.limits.max_nodes, &decided);
    rep.stats.conflicts = rep.stats.nodes = m.sat->conflicts() - before;
    rep.verdict = !decided ? Verdict::gave_up : rep.solution ? Verdict::unique : Verdict::none;
    if (!decided) rep.stats.stop = m.watch.stopped() ? m.watch.reason() : StopReason::budget;
  } else {
    m.watch.expired();
    rep.stats.stop = m.watch.stopped() ? m.watch.reason() : StopReason::budget;
  }
  rep.stats.ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  return rep;
}

}  // namespace hidato
