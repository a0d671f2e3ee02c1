#include "solver/removal_oracle.hpp"

#include <algorithm>
#include <iterator>
#include <stdexcept>

#include "solver/sat_count.hpp"
#include "solver/search.hpp"

namespace hidato {

using solver_detail::Layout;
using solver_detail::SatCount;
using solver_detail::Search;
using solver_detail::Watch;

struct RemovalOracle::Impl {
  enum class Cover { clue_set, above };
  Impl(const Puzzle& p, const SolveLimits& l, Cover c) : puzzle(p), limits(l), layout(p.board), watch(limits), cover(c) {}
  Puzzle puzzle;  // the clue set, or the floor
  SolveLimits limits;
  Layout layout;
  Watch watch;
  Cover cover;
  std::vector<char> tested;     // clue set: per cell, its test was root-propagated
  std::vector<char> root_none;  // clue set: per cell, that test has no solution at the root
  std::vector<std::uint64_t> test_pairs;  // clue set: per cell, that test's root pairs
  std::unique_ptr<SatCount> sat;
  std::uint64_t pairs = 0;      // root pairs encoded, or left unencoded for being too many

  // Encodes `candidates` unless there are more than max_pairs of them (or than SatCount's cap).
  void encode(const SatCount::Candidates& candidates, std::uint64_t max_pairs = SatCount::max_pairs);
  void check_covered(const Puzzle& current, CellId cell) const;
  // Why a test gave up: the deadline or cancel flag when raised, otherwise the budget (the
  // conflict cap, or no encoding).
  StopReason stop_reason() { return watch.expired() ? watch.reason() : StopReason::budget; }
};

namespace {

std::uint64_t pair_count(const SatCount::Candidates& candidates) {
  std::uint64_t total = 0;
  for (const auto& cells : candidates) total += cells.size();
  return total;
}

void merge_into(SatCount::Candidates& merged, const SatCount::Candidates& one) {
  std::vector<int> tmp;
  for (std::size_t u = 1; u < merged.size(); ++u) {
    tmp.clear();
    std::set_union(merged[u].begin(), merged[u].end(), one[u].begin(), one[u].end(), std::back_inserter(tmp));
    merged[u].swap(tmp);
  }
}

enum class TestRoot { pairs, none, stopped };

// The root propagation of one test: `without` is the clue set minus the given `removed` (value at
// cell), whose value is excluded from its cell. `pairs`: the root holds, and with `out` the
// surviving pairs are there.
TestRoot test_root(const Puzzle& without, const Exclusion& removed, const SolveLimits& limits,
                   SatCount::Candidates* out = nullptr) {
  Search search(without, 1, limits);
  search.exclude(std::span<const Exclusion>(&removed, 1));
  if (out ? search.root(*out) : search.root_holds()) return TestRoot::pairs;
  return search.stopped() ? TestRoot::stopped : TestRoot::none;
}

Puzzle without_given(Puzzle p, CellId cell) {
  p.givens[static_cast<std::size_t>(cell)] = 0;
  return p;
}

// Whether `clues` holds every given of `floor` (same values).
bool contains(const Puzzle& clues, const Puzzle& floor) {
  for (std::size_t c = 0; c < floor.givens.size(); ++c)
    if (floor.givens[c] != 0 && clues.givens[c] != floor.givens[c]) return false;
  return true;
}

std::vector<CellId> given_cells(const Puzzle& p) {
  std::vector<CellId> out;
  for (CellId c = 0; c < p.board.size(); ++c)
    if (p.givens[static_cast<std::size_t>(c)] != 0) out.push_back(c);
  return out;
}

}  // namespace

// No encoding when the watch expired, when some value has no place at all (every test failed at
// the root; those answer none without it) or when the pairs are too many (tests then give up).
void RemovalOracle::Impl::encode(const SatCount::Candidates& candidates, std::uint64_t max_pairs) {
  if (watch.expired()) return;
  pairs = pair_count(candidates);
  if (pairs > std::min(max_pairs, SatCount::max_pairs)) return;
  for (std::size_t u = 1; u < candidates.size(); ++u)
    if (candidates[u].empty()) return;
  auto s = std::make_unique<SatCount>(puzzle, layout, candidates, watch, SatCount::Tuning::refutations);
  if (s->encoded()) sat = std::move(s);
}

void RemovalOracle::Impl::check_covered(const Puzzle& current, CellId cell) const {
  const auto n = puzzle.givens.size();
  const auto at = static_cast<std::size_t>(cell);
  if (current.givens.size() != n || cell < 0 || at >= n || current.givens[at] == 0)
    throw std::logic_error("RemovalOracle: the test is not a given of the puzzle");
  if (cover == Cover::clue_set) {
    if (current.givens != puzzle.givens || !tested[at])
      throw std::logic_error("RemovalOracle: the test is not one this oracle was built for");
    return;
  }
  if (puzzle.givens[at] != 0) throw std::logic_error("RemovalOracle: removing a given of the floor");
  if (!contains(current, puzzle)) throw std::logic_error("RemovalOracle: the clue set does not contain the floor");
}

RemovalOracle::RemovalOracle(const Puzzle& puzzle, const SolveLimits& limits)
    : RemovalOracle(puzzle, given_cells(puzzle), limits) {}

// Plan: root-propagate every test on its own (puzzle minus the given, the given's value excluded
// from its cell) and merge the surviving pairs; a test whose root fails is answered `none` now.
// The merged pairs are encoded once.
RemovalOracle::RemovalOracle(const Puzzle& puzzle, std::span<const CellId> tests, const SolveLimits& limits)
    : impl_(std::make_unique<Impl>(puzzle, limits, Impl::Cover::clue_set)) {
  Impl& m = *impl_;
  const int n = puzzle.board.size();
  m.tested.assign(static_cast<std::size_t>(n), 0);
  m.root_none.assign(static_cast<std::size_t>(n), 0);
  m.test_pairs.assign(static_cast<std::size_t>(n), 0);
  for (CellId c : tests) {
    if (c < 0 || c >= n || puzzle.givens[static_cast<std::size_t>(c)] == 0)
      throw std::logic_error("RemovalOracle: a test that is not a given");
    m.tested[static_cast<std::size_t>(c)] = 1;
  }
  SatCount::Candidates merged(static_cast<std::size_t>(n) + 1);
  SatCount::Candidates one;
  for (CellId c : tests) {
    const Exclusion removed{c, puzzle.givens[static_cast<std::size_t>(c)]};
    const TestRoot root = test_root(without_given(puzzle, c), removed, m.limits, &one);
    if (root == TestRoot::stopped || m.watch.expired()) return;  // no encoding: every test gives up
    if (root == TestRoot::none) {
      m.root_none[static_cast<std::size_t>(c)] = 1;
    } else {
      merge_into(merged, one);
      m.test_pairs[static_cast<std::size_t>(c)] = pair_count(one);
    }
  }
  m.encode(merged);
}

// Plan: one root propagation of the floor; its pairs hold every solution of every clue set above it.
RemovalOracle RemovalOracle::above(const Puzzle& floor, const SolveLimits& limits, std::uint64_t max_pairs) {
  auto m = std::make_unique<Impl>(floor, limits, Impl::Cover::above);
  Search search(floor, 1, m->limits);
  SatCount::Candidates candidates;
  if (search.root(candidates)) m->encode(candidates, max_pairs);
  // A floor without solutions leaves no encoding: every test then gives up (none would be true,
  // but a floor of a real clue set always has one, so this only happens when stopped).
  return RemovalOracle(std::move(m));
}

RemovalOracle::RemovalOracle(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
RemovalOracle::~RemovalOracle() = default;
RemovalOracle::RemovalOracle(RemovalOracle&&) noexcept = default;
RemovalOracle& RemovalOracle::operator=(RemovalOracle&&) noexcept = default;

bool RemovalOracle::encoded() const { return impl_->sat != nullptr; }
std::uint64_t RemovalOracle::pairs() const { return impl_->pairs; }

std::uint64_t RemovalOracle::test_pairs(CellId cell) const {
  const auto at = static_cast<std::size_t>(cell);
  return at < impl_->test_pairs.size() ? impl_->test_pairs[at] : 0;
}

void RemovalOracle::prefer(const Values& solution) {
  if (impl_->sat) impl_->sat->prefer(solution);
}

void RemovalOracle::report_progress(std::function<void(std::uint64_t)> progress) {
  if (impl_->sat) impl_->sat->report_progress(std::move(progress));
}

// Plan: the new floor's root propagation; the encoded pairs it leaves out become false for good.
std::uint64_t RemovalOracle::raise_floor(const Puzzle& floor) {
  Impl& m = *impl_;
  if (m.cover != Impl::Cover::above) throw std::logic_error("RemovalOracle: raising the floor of a clue set's oracle");
  if (floor.givens.size() != m.puzzle.givens.size()) throw std::logic_error("RemovalOracle: a floor of another board");
  if (!contains(floor, m.puzzle)) throw std::logic_error("RemovalOracle: the new floor does not contain the old one");
  m.puzzle = floor;  // from now on every test must contain it (check_covered)
  if (!m.sat) return 0;
  Search search(floor, 1, m.limits);
  SatCount::Candidates root;
  // No solution at the root (or stopped): nothing is forbidden, and the tests stay exact.
  return search.root(root) ? m.sat->forbid_outside(root) : 0;
}

SolveReport RemovalOracle::other_solution_without(CellId cell) {
  return other_solution_without(impl_->puzzle, cell);
}

SolveReport RemovalOracle::other_solution_without(const Puzzle& current, CellId cell) {
  return other_solution_without(current, cell, impl_->limits.max_nodes);
}

SolveReport RemovalOracle::other_solution_without(const Puzzle& current, CellId cell, std::uint64_t max_conflicts) {
  Impl& m = *impl_;
  m.check_covered(current, cell);
  const auto start = Clock::now();
  SolveReport rep;
  const auto at = static_cast<std::size_t>(cell);
  if (m.cover == Impl::Cover::clue_set && m.root_none[at]) {
    rep.verdict = Verdict::none;
  } else if (m.sat) {
    const Puzzle without = without_given(current, cell);
    // Above a floor, the test's own root propagation first: it may settle the test (no
    // solution). Its surviving pairs are not handed to CaDiCaL: as a guard (binary clauses on an
    // activation literal, retired after the call) it cost more than it saved once the floor
    // rose with every needed given (RemovalOracle::raise_floor). Square4 20x20 extreme,
    // generator 30, `-j 1`, alternating seed by seed: seeds 1-10 27.9 -> 20.2 s, 9 of 10 faster;
    // hex6 seeds 1-30 56.8 -> 51.6 s; square8 seeds 1-30 21.0 -> 22.0 s (README, "Figures").
    const TestRoot r = m.cover == Impl::Cover::above
                           ? test_root(without, Exclusion{cell, current.givens[at]}, m.limits)
                           : TestRoot::pairs;
    if (r != TestRoot::pairs) {
      if (r == TestRoot::none) rep.verdict = Verdict::none;
      else rep.stats.stop = m.stop_reason();
      rep.stats.ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
      return rep;
    }
    const std::pair<int, int> banned{current.givens[at], m.layout.pos_of(cell)};
    std::vector<std::pair<int, int>> fixed;
    for (CellId c = 0; c < current.board.size(); ++c)
      if (const int v = current.givens[static_cast<std::size_t>(c)]; v != 0 && c != cell)
        fixed.emplace_back(v, m.layout.pos_of(c));
    const std::uint64_t before = m.sat->conflicts();
    bool decided = false;
    rep.solution = m.sat->solve_assuming(fixed, banned, without, max_conflicts, &decided);
    rep.stats.conflicts = rep.stats.nodes = m.sat->conflicts() - before;
    rep.verdict = !decided ? Verdict::gave_up : rep.solution ? Verdict::unique : Verdict::none;
    if (!decided) rep.stats.stop = m.stop_reason();
  } else {
    rep.stats.stop = m.stop_reason();
  }
  rep.stats.ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  return rep;
}

}  // namespace hidato
