// Deduction-level clue sets: build up from the ends (Signpost's way), then strip down.
#include "generator/levels.hpp"

#include <cassert>
#include <span>

#include "grader/ladder.hpp"
#include "grader/techniques.hpp"

namespace hidato {
namespace {

using grading::GradeState;

GradeLimits limits_for(int tier) {
  GradeLimits l;
  l.max_tier = tier;
  return l;
}

void place(GradeState& s, const Values& solution, CellId c) {
  grading::Deductions d;
  d.place.emplace_back(solution[static_cast<std::size_t>(c)], c);
  s.apply(d);
}

// The next given when deduction is stuck: the unplaced number with the most candidate cells left
// (the one the solver of the moment knows least about), shown at its solution cell. Ties go to a
// seeded random choice, so the build-up is a pure function of the Rng.
CellId most_uncertain(const GradeState& s, const Values& solution, Rng& rng) {
  int best = -1, ties = 0;
  CellId pick = no_cell;
  for (CellId c = 0; c < s.n(); ++c) {
    if (!s.is_free(c)) continue;
    const int k = s.count(solution[static_cast<std::size_t>(c)]);
    if (k > best) best = k, ties = 1, pick = c;
    else if (k == best && rng.below(++ties) == 0) pick = c;
  }
  return pick;
}

// Strip tests for the givens block[0..size) (in that order), all shown when called. `without`
// is the fixpoint of the ladder on every shown given outside the block. A single given is
// removable when that fixpoint is solved. Otherwise split: the left half is tested on `without`
// plus the right half (still shown: it is tested later), and the right half on `without` plus
// whatever the left half kept. Decisions are therefore the sequential ones -- each test sees the
// givens kept so far -- while every ladder run starts from a state that is nearly done.
void strip_block(const grading::GradeState& without, std::span<const CellId> block, const Values& solution,
                 int tier, const StopCheck& stop, LevelClues& out) {
  if (out.stopped || (stop && stop())) {
    out.stopped = true;
    return;
  }
  if (block.size() == 1) {
    ++out.grader_runs;
    if (without.solved()) out.keep[static_cast<std::size_t>(block[0])] = false;
    return;
  }
  const GradeLimits limits = limits_for(tier);
  const std::size_t mid = block.size() / 2;
  const auto with_shown = [&](std::span<const CellId> cells) {
    GradeState s = without;
    grading::Deductions d;
    for (CellId c : cells)
      if (out.keep[static_cast<std::size_t>(c)]) d.place.emplace_back(solution[static_cast<std::size_t>(c)], c);
    s.apply(d);
    out.stopped = out.stopped || grading::run_ladder(s, limits, tier, stop).stopped;
    return s;
  };
  strip_block(with_shown(block.subspan(mid)), block.first(mid), solution, tier, stop, out);
  strip_block(with_shown(block.first(mid)), block.subspan(mid), solution, tier, stop, out);
}

// A sparse start for the build-up: every `seed_spacing`-th number along the path, from a seeded
// random offset. Short gaps keep the first ladder runs cheap (the early, nearly empty states are
// the expensive ones); the strip takes out the seeds that turn out redundant.
constexpr int seed_spacing = 6;
std::vector<CellId> seed_givens(const Values& solution, int n, Rng& rng) {
  std::vector<CellId> cell_of(static_cast<std::size_t>(n) + 1, no_cell);
  for (CellId c = 0; c < n; ++c) cell_of[static_cast<std::size_t>(solution[static_cast<std::size_t>(c)])] = c;
  std::vector<CellId> out;
  for (int v = 2 + rng.below(seed_spacing); v < n; v += seed_spacing) out.push_back(cell_of[static_cast<std::size_t>(v)]);
  return out;
}

}  // namespace

bool deduces(const Puzzle& puzzle, int tier, const StopCheck& stop) {
  if (tier <= 0) return count_givens(puzzle.givens) == puzzle.board.size();
  const GradeLimits limits = limits_for(tier);
  GradeState s(puzzle, limits.what_ifs_per_cell, limits.max_what_ifs);
  grading::run_ladder(s, limits, tier, stop);
  return s.solved();
}

// Plan.
// Build up: show 1 and N and the sparse seed_givens, run the tier-limited ladder to its fixpoint; while it is stuck, show the
// solution's value of the most uncertain number (most_uncertain) and continue from the current
// state, not from scratch.
// Strip down, earliest addition first (the givens added while little was known are the likeliest
// to be made redundant by later ones), with strip_block's divide and conquer over the deduction
// state. Up to tier 3 every technique is monotone (more givens never deduce less), so each test
// reaches the fixpoint a fresh grade would; tier 4's what-if budget is order dependent, so the
// caller re-checks the result with fresh grades. With `hide_ends`, 1 and N are tested last,
// with fresh grades.
LevelClues deduction_clues(const Puzzle& base, const Values& solution, int tier, bool hide_ends, Rng& rng,
                           const StopCheck& stop) {
  const int n = base.board.size();
  const GradeLimits limits = limits_for(tier);
  LevelClues out;
  out.keep.assign(static_cast<std::size_t>(n), false);
  std::vector<CellId> ends;
  for (CellId c = 0; c < n; ++c)
    if (solution[static_cast<std::size_t>(c)] == 1 || solution[static_cast<std::size_t>(c)] == n) {
      out.keep[static_cast<std::size_t>(c)] = true;
      ends.push_back(c);
    }
  Puzzle p = base;
  p.givens = givens_from(solution, out.keep);
  const GradeState start(p, limits.what_ifs_per_cell, limits.max_what_ifs);
  GradeState state = start;
  const auto ladder = [&](GradeState& s) {
    out.stopped = out.stopped || grading::run_ladder(s, limits, tier, stop).stopped;
    return !out.stopped;
  };
  std::vector<CellId> added = seed_givens(solution, n, rng);
  for (CellId c : added) {
    out.keep[static_cast<std::size_t>(c)] = true;
    place(state, solution, c);  // each costs up to a sweep of the board: thousands on a big one
    out.stopped = stop && stop();
    if (out.stopped) return out;
  }
  if (!ladder(state)) return out;
  while (!state.solved() && !state.broken()) {
    const CellId c = most_uncertain(state, solution, rng);
    assert(c != no_cell);
    added.push_back(c);
    out.keep[static_cast<std::size_t>(c)] = true;
    place(state, solution, c);
    if (!ladder(state)) return out;
  }
  assert(!state.broken());
  out.added = static_cast<int>(added.size());
  if (!added.empty()) {
    GradeState root = start;
    if (!ladder(root)) return out;
    strip_block(root, added, solution, tier, stop, out);
    if (out.stopped) return out;
  }
  if (hide_ends)
    for (CellId c : ends) {
      out.keep[static_cast<std::size_t>(c)] = false;
      p.givens = givens_from(solution, out.keep);
      ++out.grader_runs;
      if (!deduces(p, tier, stop)) out.keep[static_cast<std::size_t>(c)] = true;
      if (stop && stop()) out.stopped = true;
      if (out.stopped) return out;
    }
  return out;
}

std::vector<CellId> removable_givens(const Puzzle& puzzle, int tier, bool hide_ends) {
  const int n = puzzle.board.size();
  std::vector<CellId> out;
  Puzzle q = puzzle;
  for (CellId c = 0; c < n; ++c) {
    const int v = puzzle.givens[static_cast<std::size_t>(c)];
    if (v == 0 || (!hide_ends && (v == 1 || v == n))) continue;
    q.givens[static_cast<std::size_t>(c)] = 0;
    if (deduces(q, tier)) out.push_back(c);
    q.givens[static_cast<std::size_t>(c)] = v;
  }
  return out;
}

}  // namespace hidato
