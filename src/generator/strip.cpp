#include "generator/strip.hpp"

#include <algorithm>
#include <atomic>
#include <optional>

#include <tbb/task_arena.h>
#include <tbb/task_group.h>

namespace hidato {

bool interrupted(StripBudget& budget) {
  if (budget.interrupted == StopReason::none) budget.interrupted = stop_now(budget.limits);
  return budget.interrupted != StopReason::none;
}

std::uint64_t charge(StripBudget& budget, const SolveStats& stats) {
  ++budget.calls;
  const std::uint64_t used = std::min(stats.nodes, budget.nodes_left);
  budget.nodes_used += used;
  budget.nodes_left -= used;
  if (stats.stop == StopReason::deadline || stats.stop == StopReason::cancelled) budget.interrupted = stats.stop;
  if (budget.pace) (*budget.pace)(budget.nodes_used);
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

namespace {

// One test of strip_givens' walk: the givens removal_order[at, at + size) go together.
struct Step {
  std::size_t at = 0;
  std::size_t size = 0;
  friend bool operator==(Step, Step) = default;
};

// The walk's next step once `s` is refused, with at most `room` givens to go (none past the end
// of an order of `m` givens): the block halves, and a single given refused is kept for good.
std::optional<Step> after_refusal(Step s, std::size_t m, std::size_t room) {
  const std::size_t at = s.size == 1 ? s.at + 1 : s.at;
  if (at >= m || room == 0) return std::nullopt;
  return Step{at, std::min({std::max<std::size_t>(1, s.size / 2), m - at, room})};
}

// Whether `puzzle` without the givens of `step` is acceptable: refused without asking `accept`
// when `unique_first` and a near_other_solution shows a second solution. `puzzle` is as it was
// on return.
bool passes(Puzzle& puzzle, const Values& solution, const std::vector<CellId>& order, Step step, bool unique_first,
            const std::function<bool(const Puzzle&)>& accept) {
  const auto removed = std::span<const CellId>(order).subspan(step.at, step.size);
  for (CellId c : removed) puzzle.givens[static_cast<std::size_t>(c)] = 0;
  const bool ok = !(unique_first && step.size <= near_max_block && near_other_solution(puzzle, solution, removed)) &&
                  accept(puzzle);
  for (CellId c : removed) puzzle.givens[static_cast<std::size_t>(c)] = solution[static_cast<std::size_t>(c)];
  return ok;
}

// A step's verdict worked out ahead, on another core, assuming the step before it refused.
struct Ahead {
  Step step;
  bool ok = false;
};

// What a step's test has to hand: the clue set walked (and a spare copy for the other core), the
// solution, the order and the two tests.
struct StepTests {
  Puzzle& puzzle;
  Puzzle& spare;
  const Values& solution;
  const std::vector<CellId>& order;
  bool unique_first;
  const Acceptable& accept;
  const SharedAcceptable& speculate;
};

// A step's verdict, and maybe the next one's worked out ahead.
struct Verdicts {
  bool ok = false;
  std::optional<Ahead> ahead;
};

// `step`'s verdict on the caller's thread, while `speculate` works out the step after its refusal
// (`next`) on a second core of the task arena when one is free: the verdict of `next` when step
// was refused (so `next` is the walk's next step) and it ran to the end. When no core is free the
// second test runs after the first on this thread, only when that one was refused (else it is
// dropped before it starts); either way the walk is the same. A helper stopped by the deadline or
// the cancel flag says no; the walk's own stop check, looked at before that verdict is used, then
// ends the walk. Isolated: waiting for the helper never runs an unrelated task of the arena (a
// whole puzzle of a book).
Verdicts test_with_lookahead(const StepTests& t, Step step, std::optional<Step> next) {
  if (!next || !t.speculate) return {passes(t.puzzle, t.solution, t.order, step, t.unique_first, t.accept), {}};
  t.spare.givens = t.puzzle.givens;
  std::atomic<bool> drop{false};
  const StopCheck dropped = [&] { return drop.load(std::memory_order_relaxed); };
  const std::function<bool(const Puzzle&)> ahead_accept = [&](const Puzzle& p) { return t.speculate(p, dropped); };
  bool ok = false, ahead_ok = false, ran = false;
  tbb::this_task_arena::isolate([&] {
    tbb::task_group helper;
    helper.run([&] {
      if (dropped()) return;
      ahead_ok = passes(t.spare, t.solution, t.order, *next, t.unique_first, ahead_accept);
      ran = !dropped();
    });
    ok = passes(t.puzzle, t.solution, t.order, step, t.unique_first, t.accept);
    if (ok) drop.store(true, std::memory_order_relaxed);
    helper.wait();
  });
  if (ok || !ran) return {ok, {}};
  return {ok, Ahead{*next, ahead_ok}};
}

}  // namespace

std::vector<bool> strip_givens(Puzzle puzzle, const Values& solution, std::vector<bool> keep,
                               const std::vector<CellId>& removal_order, const Acceptable& accept,
                               int min_keep, bool unique_first, const StopCheck& stop,
                               const SharedAcceptable& speculate) {
  puzzle.givens = givens_from(solution, keep);
  Puzzle spare = speculate ? puzzle : Puzzle{};
  const StepTests tests{puzzle, spare, solution, removal_order, unique_first, accept, speculate};
  int kept = count_givens(puzzle.givens);
  const auto m = removal_order.size();
  std::size_t i = 0;
  std::size_t block = std::max<std::size_t>(1, m / 16);
  std::optional<Ahead> ahead;
  while (i < m && kept > min_keep && !(stop && stop())) {
    const auto room = static_cast<std::size_t>(kept - min_keep);
    block = std::min({block, m - i, room});
    const Step step{i, block};
    bool ok = false;
    if (ahead && ahead->step == step) {
      ok = ahead->ok;
      ahead.reset();
    } else {
      Verdicts v = test_with_lookahead(tests, step, after_refusal(step, m, room));
      ok = v.ok;
      ahead = v.ahead;
    }
    if (ok) {
      for (std::size_t k = i; k < i + block; ++k) {
        const auto c = static_cast<std::size_t>(removal_order[k]);
        keep[c] = false;
        puzzle.givens[c] = 0;
      }
      kept -= static_cast<int>(block);
      i += block;
      block *= 2;
      continue;
    }
    if (block == 1) ++i;  // this given stays
    block = std::max<std::size_t>(1, block / 2);
  }
  return keep;
}

}  // namespace hidato
