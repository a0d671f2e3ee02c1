// make_puzzle: attempts k = 0, 1, ... each seeded derive(job.seed, k), each running
// fill -> strip -> (add back for easy/medium) -> confirm -> grade, until the grade is the target.
#include "generator/generator.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>

#include "core/errors.hpp"
#include "core/rng.hpp"
#include "generator/base_board.hpp"
#include "generator/fill.hpp"
#include "generator/strip.hpp"

namespace hidato {
namespace {

constexpr int mix_moves_per_cell = 2;  // backbite moves per cell after the first path
constexpr int anneal_moves_per_cell = 20;  // slack-biased backbite moves per cell
constexpr double anneal_temperature = 0.5;

struct Attempt {
  Puzzle puzzle;
  Values solution;
  Grade grade;
  int undecided = 0;
};

int distance(Difficulty a, Difficulty b) { return std::abs(static_cast<int>(a) - static_cast<int>(b)); }

// fill: a path over the shape, mixed, with the obstacles carved off it and mixed again, then
// annealed towards low slack: a forced path needs far fewer givens (10x10 square8: about 30%
// of the cells for a freely mixed path, 21% after annealing).
// Polls `stop` (deadline, cancel) throughout; the caller discards the result once it fired.
std::optional<CarvedBoard> fill(const Board& base, double obstacles, Rng& rng, const StopCheck& stop) {
  auto order = find_hamiltonian_path(base, rng, 4000ull * static_cast<std::uint64_t>(base.size()) + 100000, stop);
  if (!order) return std::nullopt;
  backbite(base, *order, rng, mix_moves_per_cell * base.size(), stop);
  const int holes = obstacle_count(obstacles, base.size());
  CarvedBoard carved = holes == 0 ? CarvedBoard{base, std::move(*order)} : carve_holes(base, std::move(*order), holes, rng, stop);
  if (holes > 0) backbite(carved.board, carved.order, rng, mix_moves_per_cell * carved.board.size(), stop);
  anneal_slack(carved.board, carved.order, rng, anneal_moves_per_cell * carved.board.size(), anneal_temperature, stop);
  return carved;
}

// Givens strip may remove: all but the protected ends, and only those still shown in `keep`.
// Least slack first (a given whose path neighbours leave it one place is the most redundant),
// seeded random order within equal slack; the ends go last.
std::vector<CellId> removal_order(const Board& board, const CellOrder& path, const std::vector<bool>& keep,
                                  bool hide_ends, Rng& rng) {
  const int n = static_cast<int>(path.size());
  std::vector<CellId> order;
  for (int i = 0; i < n; ++i)
    if (keep[static_cast<std::size_t>(path[static_cast<std::size_t>(i)])] && (hide_ends || (i != 0 && i != n - 1)))
      order.push_back(path[static_cast<std::size_t>(i)]);
  shuffle(std::span<CellId>(order), rng);
  std::vector<int> key(static_cast<std::size_t>(board.size()), 0);
  for (int i = 0; i < n; ++i)
    key[static_cast<std::size_t>(path[static_cast<std::size_t>(i)])] = (i == 0 || i == n - 1) ? 1000 : slack_at(board, path, i);
  std::stable_sort(order.begin(), order.end(),
                   [&](CellId a, CellId b) { return key[static_cast<std::size_t>(a)] < key[static_cast<std::size_t>(b)]; });
  return order;
}

// Fewest givens (as a share of the cells) the easier levels keep: easy and medium puzzles stop
// stripping there even when the grader would allow fewer.
double min_clue_ratio(Difficulty d) {
  switch (d) {
    case Difficulty::easy: return 0.42;
    case Difficulty::medium: return 0.30;
    default: return 0.0;
  }
}

// confirm: a fresh solver call must prove the final puzzle unique with our solution.
bool confirm(const Puzzle& p, const Values& solution, const SolveLimits& limits, std::uint64_t& nodes) {
  const SolveReport r = count_solutions(p, 2, limits);
  nodes += r.stats.nodes;
  return r.verdict == Verdict::unique && r.solution && *r.solution == solution && is_valid_solution(p, solution);
}

// Node cap of one removal test: a test the solver cannot settle within it keeps the given.
std::uint64_t per_call_nodes(const WorkBudget& b) { return std::max<std::uint64_t>(20'000, b.nodes_per_attempt / 100); }

// The removal as an exclusion when it is a single given (see proved_unique).
std::optional<Exclusion> removal_of(const std::vector<CellId>& removed, const Values& solution) {
  if (removed.size() != 1) return std::nullopt;
  return Exclusion{removed[0], solution[static_cast<std::size_t>(removed[0])]};
}

// strip in two phases. Phase 1 (grader): drop givens while a person can still finish by
// deduction at no more than the target level (the grader stops at the target's tier) -- a puzzle
// the grader finishes is unique, and grading is cheaper than proving. Phase 2 (solver, hard and
// expert only): drop any remaining given whose removal the solver still proves unique, which
// makes the set minimal; a single-given test the per-call cap left open is retried once with ten
// times the cap, and `open` counts those still open (their givens stay; minimality unproven).
// The easier levels stop at min_clue_ratio. With `doomed_if_removed` (a hard target that already
// has an expert fallback), the first phase-2 removal proves the attempt cannot be hard (fewer
// givens never make deduction easier), so phase 2 stops and `doomed` is set.
std::vector<bool> strip(const Puzzle& base, const CellOrder& path, const Values& solution, const PuzzleJob& job,
                        Rng& rng, StripBudget& budget, bool doomed_if_removed, bool& doomed, int& open) {
  const int n = static_cast<int>(solution.size());
  GradeLimits only_up_to_target;  // a deeper tier would be needed -> graded as needing search
  only_up_to_target.max_tier = static_cast<int>(job.target) + 1;
  const Acceptable deducible = [&](const Puzzle& p) {
    if (interrupted(budget)) return false;
    const Grade g = grade(p, only_up_to_target);
    return !g.needs_search && g.level <= job.target;
  };
  std::vector<bool> keep(solution.size(), true);
  const int min_keep = static_cast<int>(min_clue_ratio(job.target) * n);
  const bool hide = job.board.hide_ends;
  keep = strip_givens(base, solution, keep, removal_order(base.board, path, keep, hide, rng), deducible, min_keep);
  if (job.target < Difficulty::hard) return keep;
  std::vector<bool> shown = keep;  // phase 2's current set, followed from outside strip_givens
  std::vector<CellId> open_tests;
  const Acceptable unique = [&](const Puzzle& p) {
    if (doomed) return false;
    const int undecided_before = budget.undecided;
    std::vector<CellId> removed;
    for (CellId c = 0; c < n; ++c)
      if (shown[static_cast<std::size_t>(c)] && p.givens[static_cast<std::size_t>(c)] == 0) removed.push_back(c);
    const bool ok = proved_unique(p, budget, removal_of(removed, solution));
    if (ok)
      for (CellId c : removed) shown[static_cast<std::size_t>(c)] = false;
    if (budget.undecided > undecided_before && removed.size() == 1) open_tests.push_back(removed[0]);
    doomed = ok && doomed_if_removed;
    return ok;
  };
  keep = strip_givens(base, solution, keep, removal_order(base.board, path, keep, hide, rng), unique);
  Puzzle p = base;
  const std::uint64_t cap = budget.per_call;
  budget.per_call = cap > std::numeric_limits<std::uint64_t>::max() / 10 ? cap : cap * 10;
  for (CellId c : open_tests) {
    if (doomed) break;
    p.givens = givens_from(solution, keep);
    p.givens[static_cast<std::size_t>(c)] = 0;
    const int undecided_before = budget.undecided;
    if (proved_unique(p, budget, Exclusion{c, solution[static_cast<std::size_t>(c)]})) {
      keep[static_cast<std::size_t>(c)] = false;
      doomed = doomed_if_removed;
    } else if (budget.undecided > undecided_before) {
      ++open;
    }
  }
  budget.per_call = cap;
  return keep;
}

// One attempt; nullopt when the fill or the proof failed within the budget.
std::optional<Attempt> run_attempt(const Board& base, const PuzzleJob& job, Rng& rng, StripBudget& budget,
                                   bool have_fallback) {
  auto filled = fill(base, job.board.obstacles, rng, [&] { return interrupted(budget); });
  if (!filled || interrupted(budget)) return std::nullopt;
  const Values solution = solution_of(filled->board, filled->order);
  Puzzle puzzle{filled->board, {}, {}};
  bool doomed = false;
  int open = 0;
  const auto keep = strip(puzzle, filled->order, solution, job, rng, budget,
                          have_fallback && job.target == Difficulty::hard, doomed, open);
  if (budget.interrupted != StopReason::none || doomed) return std::nullopt;
  puzzle.givens = givens_from(solution, keep);
  SolveLimits limits = budget.limits;
  limits.max_nodes = job.budget.nodes_per_attempt;
  std::uint64_t nodes = 0;
  const bool ok = confirm(puzzle, solution, limits, nodes);
  budget.nodes_used += nodes;
  if (!ok) return std::nullopt;
  Grade g = grade(puzzle);
  return Attempt{std::move(puzzle), solution, std::move(g), open};
}

Failure stopped(StopReason r, int attempts) {
  return Failure{r == StopReason::cancelled ? "cancelled" : "deadline", attempts};
}

}  // namespace

// Plan: attempts k = 0..max_attempts-1, each from Rng(derive(job.seed, k)). An attempt whose grade
// is the target is returned at once; otherwise the closest grade so far is remembered (the first
// one wins ties) and returned after the last attempt, with the level it reached in its grade (a
// tiny board may simply have no hard puzzles). No attempt proved unique: Failure "budget". The
// deadline and the cancel flag end the job with a failure at once.
Result<GeneratedPuzzle> make_puzzle(const PuzzleJob& job, const std::atomic<bool>* cancel) {
  const auto start = Clock::now();
  Board base;
  try {
    base = board_from_mask(job.board.topology, base_mask(job.board));
  } catch (const InputError& e) {
    return Failure{std::string("spec: ") + e.what(), 0};
  }
  SolveLimits limits;
  limits.cancel = cancel;
  if (job.budget.deadline_ms > 0) limits.deadline = start + std::chrono::milliseconds(job.budget.deadline_ms);
  std::optional<GeneratedPuzzle> best;
  int best_undecided = 0;
  GenStats stats;
  const auto finish = [&](GeneratedPuzzle g) {
    g.stats = stats;
    g.stats.undecided = best_undecided;
    g.stats.ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    return g;
  };
  for (int k = 0; k < std::max(1, job.budget.max_attempts); ++k) {
    if (cancel && cancel->load()) return stopped(StopReason::cancelled, k);
    if (limits.deadline && Clock::now() >= *limits.deadline) return stopped(StopReason::deadline, k);
    Rng rng(derive(job.seed, static_cast<std::uint64_t>(k)));
    StripBudget budget{job.budget.nodes_per_attempt, 0, limits, StopReason::none, 0, per_call_nodes(job.budget), 0};
    auto attempt = run_attempt(base, job, rng, budget, best.has_value());
    stats.nodes += budget.nodes_used;
    stats.attempts = k + 1;
    if (budget.interrupted != StopReason::none) return stopped(budget.interrupted, k + 1);
    if (!attempt) continue;
    const int d = distance(attempt->grade.level, job.target);
    if (best && distance(best->grade.level, job.target) <= d) continue;
    best = GeneratedPuzzle{job, k, std::move(attempt->puzzle), std::move(attempt->solution), attempt->grade, {}};
    best_undecided = attempt->undecided;
    if (d == 0) return finish(std::move(*best));
  }
  if (!best) return Failure{"budget", stats.attempts};
  return finish(std::move(*best));
}

}  // namespace hidato
