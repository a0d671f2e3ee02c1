// make_puzzle: attempts k = 0, 1, ... each seeded derive(job.seed, k), each running
// fill -> strip (to a deduction level, or extreme) -> confirm -> grade, until the grade is the target.
#include "generator/generator.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <thread>

#include <tbb/task_arena.h>

#include "core/errors.hpp"
#include "core/lane_race.hpp"
#include "core/rng.hpp"
#include "core/run_ahead.hpp"
#include "core/text.hpp"
#include "generator/base_board.hpp"
#include "generator/confirm_ahead.hpp"
#include "generator/fill.hpp"
#include "generator/levels.hpp"
#include "generator/strip.hpp"
#include "solver/removal_oracle.hpp"

namespace hidato {
namespace {

constexpr int mix_moves_per_cell = 2;  // backbite moves per cell after the first path
constexpr int anneal_moves_per_cell = 20;  // slack-biased backbite moves per cell

// Metropolis temperature of the slack annealing (anneal_slack). 0.5 gives the path with the
// least slack its 20 moves a cell reach (square8 20x20, ten seeds: 1.90 a cell; 2.27 at 0.2,
// where the annealing freezes early; 2.59 at 100, about a freely mixed path), and so the fewest
// givens.
// Extreme anneals at 0.2: a path with more slack needs more givens, and a fuller clue set's
// removal tests are far cheaper to prove. Square8 20x20, seeds 1-20, generator 9 otherwise, one
// sweep each: at 0.5 a sum of 94.6 s, median 2.08 s, 10 of 20 puzzles within 2 s, 82 givens on
// average; 0.3: 22.9 s, 0.65 s, 16, 96 givens; 0.2: 12.0 s, 0.56 s, all 20, 105 givens; 0.1:
// 7.9 s, 0.37 s, all 20, 114 givens. Seeds 21-60 at 0.2: median 0.53 s, 39 of 40 within 2 s
// (the slowest 2.6 s), 106 givens. (Annealing at 0.5 first and at 0.2 only after an attempt
// outgrew its patience kept 92-96 givens but took a median of 2.2 s and up to 8.4 s.)
constexpr double anneal_temperature = 0.5;
constexpr double extreme_anneal_temperature = 0.2;
// Square4 extreme paths are not annealed at all (generator 29: an infinite temperature, every move
// kept, so the path is only mixed further). Their minimal clue sets have more givens, and the
// proofs that they are minimal, the strip's dearest part, are several times cheaper: release builds
// alternating seed by seed (the new one still with the sixteenth of longest_test below), `hidato
// generate -t square4 -r 20 -c 20 -d extreme --seed S` (two threads), wall: seeds 1-30 241.4 ->
// 74.4 s, median 6.04 -> 1.89 s, slowest 27.7 -> 7.9 s, within 2 s 3 -> 16; held-out seeds 101-120
// 212.9 -> 36.4 s, median 5.97 -> 1.50 s, slowest 44.6 -> 4.3 s, within 2 s 1 -> 13; givens 28.2 ->
// 39.9 and 26.8 -> 40.6 on average (7% -> 10% of the cells). Scratch builds with the temperature
// behind a switch (one thread, seeds 1-3 and 14-20, in sum): 100 (all but unbiased) 41 s, 20 36 s,
// 5 46 s, four paths of the most slack at 100 41 s, 38-41 givens on average, within the noise of
// each other; 2 about as slow as 0.2 (seeds 1-3); a bias towards *more* slack (Metropolis on the
// slack's negative, 0.5) 53 s, 41 givens. On square8 and hex6 an unbiased path also halves the time
// (seeds 1-12: 4.5 -> 2.6 s and 9.7 -> 4.8 s) but adds 11-16% givens where 0.2 is within 2 s
// already, so they keep it.
constexpr double unbiased = std::numeric_limits<double>::infinity();

struct Attempt {
  Puzzle puzzle;
  Values solution;
  Grade grade;
  int undecided = 0;
  std::uint64_t proof_nodes = 0;  // what its confirming proof spent (in the attempt's nodes)
};

// fill: a path over the shape, mixed, with the obstacles carved off it and mixed again, then
// annealed towards low slack at `temperature` (path_temperature): a forced path needs far fewer
// givens (10x10 square8: about 30% of the cells for a freely mixed path, 21% after annealing).
// Shape `grown`: the board itself is the cells a random path visits in the box (grow_board).
// Polls `stop` (deadline, cancel) throughout; the caller discards the result once it fired.
std::optional<CarvedBoard> fill(const Board& box, const BoardSpec& spec, double temperature, Rng& rng,
                                const StopCheck& stop) {
  const std::uint64_t steps = 4000ull * static_cast<std::uint64_t>(box.size()) + 100000;
  std::optional<CarvedBoard> grown;
  if (spec.shape == "grown" && !(grown = grow_board(box, spec.fill, rng, steps, stop))) return std::nullopt;
  const Board& base = grown ? grown->board : box;
  auto order = grown ? std::optional<CellOrder>(grown->order) : find_hamiltonian_path(base, rng, steps, stop);
  if (!order) return std::nullopt;
  const double obstacles = spec.obstacles;
  backbite(base, *order, rng, mix_moves_per_cell * base.size(), stop);
  const int holes = obstacle_count(obstacles, base.size());
  CarvedBoard carved = holes == 0 ? CarvedBoard{base, std::move(*order)} : carve_holes(base, std::move(*order), holes, rng, stop);
  if (holes > 0) backbite(carved.board, carved.order, rng, mix_moves_per_cell * carved.board.size(), stop);
  anneal_slack(carved.board, carved.order, rng, anneal_moves_per_cell * carved.board.size(), temperature, stop);
  return carved;
}

// An attempt's path: the one of the most slack of paths_drawn fills (generator.hpp; the first of
// them on ties), each from the attempt's Rng in turn. nullopt when the first fill fails; a later
// one that fails (stopped, or out of steps) ends the draw with the best so far (the caller looks
// at its stop flag before using it).
std::optional<CarvedBoard> fill_attempt(const Board& base, const PuzzleJob& job, Rng& rng, const StopCheck& stop) {
  const double temperature = path_temperature(job.board.topology, job.target, job.board.sparse);
  std::optional<CarvedBoard> best = fill(base, job.board, temperature, rng, stop);
  if (!best) return best;
  long most = path_slack(best->board, best->order);
  for (int k = 1; k < paths_drawn(job.board.topology, job.target, job.board.sparse); ++k) {
    std::optional<CarvedBoard> other = fill(base, job.board, temperature, rng, stop);
    if (!other) break;
    if (const long slack = path_slack(other->board, other->order); slack > most) {
      most = slack;
      best = std::move(other);
    }
  }
  return best;
}

// Which givens a strip tries to remove first (removal_order).
enum class SlackFirst { least, most };

// Givens strip may remove: all but the protected ends, and only those still shown in `keep`.
// Least slack first (a given whose path neighbours leave it one place is the most redundant),
// seeded random order within equal slack; the ends go last. SlackFirst::most turns the slack order
// round (square4 extreme, extreme_tuning): the givens on straight runs, the least telling ones,
// then stay, and the minimal set keeps more of them.
std::vector<CellId> removal_order(const Board& board, const CellOrder& path, const std::vector<bool>& keep,
                                  bool hide_ends, SlackFirst first, Rng& rng) {
  const int n = static_cast<int>(path.size());
  std::vector<CellId> order;
  for (int i = 0; i < n; ++i)
    if (keep[static_cast<std::size_t>(path[static_cast<std::size_t>(i)])] && (hide_ends || (i != 0 && i != n - 1)))
      order.push_back(path[static_cast<std::size_t>(i)]);
  shuffle(std::span<CellId>(order), rng);
  std::vector<int> key(static_cast<std::size_t>(board.size()), 0);
  const int sign = first == SlackFirst::least ? 1 : -1;
  for (int i = 0; i < n; ++i)
    key[static_cast<std::size_t>(path[static_cast<std::size_t>(i)])] = (i == 0 || i == n - 1) ? 1000 : sign * slack_at(board, path, i);
  std::stable_sort(order.begin(), order.end(),
                   [&](CellId a, CellId b) { return key[static_cast<std::size_t>(a)] < key[static_cast<std::size_t>(b)]; });
  return order;
}

// Node cap of one removal test: a test the solver cannot settle within it keeps the given.
std::uint64_t per_call_nodes(const WorkBudget& b) { return std::max<std::uint64_t>(20'000, b.nodes_per_attempt / 100); }

// extreme: the nodes (mostly SAT conflicts) attempt k may spend on its removal tests before it is
// given up for attempt k+1: extreme_tuning(t).at_400 on a 400-cell board, growing as cells^1.5 (at
// least extreme_patience_min), doubled from attempt to attempt and at most the job's budget. What
// the tests cost is heavy-tailed across paths: on square8 20x20 (seeds 1-20) 17 attempts spent
// 400-80,000 conflicts (1-18 s), three 208,000-621,000 (40-211 s: their last tests are near-unique
// boards that take minutes to refute), and a fresh path costs far less than such a tail. hex6 and
// square4 proofs cost more per cell (20x20, seeds 1-5: hex6 35,000-242,000 conflicts; square4
// 60,000 and 164,000, the other three past 2 minutes), and too few were measured to place a restart
// well: their patience only cuts the far tail. Doubling keeps every board reachable, and the last
// attempt allowed keeps the whole budget. Integer arithmetic only (no libm): the patience decides
// which attempt's puzzle is returned.
constexpr std::uint64_t extreme_patience_min = 2'000;

// What a job's cores beyond the one making its attempt do: run the next attempts ahead
// (RunAhead; square8, and every `sparse` set), or race the attempts in two lanes by work
// (race_attempts; hex6 since generator 32, square4 since generator 33, which until then gave
// them to the attempt itself: its strips' speculation and ConfirmAhead, see other_cores).
enum class OtherCores { run_ahead, race };

// Per topology, what an extreme attempt (not `sparse`) is tuned to: the patience at 400 cells;
// what one stage-B test of an attempt may spend, as a divisor of the attempt's patience
// (longest_test: a quarter on square8, a sixteenth on hex6, a sixty-fourth on square4); the
// temperature its path is annealed at (path_temperature: unbiased on square4); the paths it
// draws, keeping the one of the most slack (paths_drawn: four on hex6); its phase 1
// (strip_extreme: the hard level's clue set, or a strip by fresh grades at `phase1_tier`: tier 3
// on square4); the givens its strips try first (removal_order: the most slack on square4);
// the widest floor it takes to stage B, in root pairs a cell (floor_limit: 12 on square8, 20 on
// hex6, 35 on square4); and what a job's other cores do (make_puzzle, OtherCores: race on hex6
// and square4).
struct ExtremeTuning {
  std::uint64_t at_400;
  std::uint64_t test_divisor;
  double path_temperature;
  int paths;
  int phase1_tier;  // 0: the hard level's clue set (hard_clues)
  SlackFirst removal;
  std::uint64_t floor_per_cell;
  OtherCores other_cores;
};

// Square4, generator 30: phase 1 strips by fresh tier-3 grades instead of tier 4 (0.3-0.4 s at
// 20x20 against 0.6-1.1 s, about as many givens left: 65 / 71 against 64 / 72 on seeds 1 and 12),
// and both strips try the givens of the most slack first. The minimal sets keep more givens on
// straight runs (about 50 at 20x20 where there were 40), whose removal tests are far cheaper to
// prove. One build with both behind environment switches, `hidato generate -t square4 -r 20 -c 20
// -d extreme --seed S`, alternating seed by seed, wall (README, "Figures", generator 30).
ExtremeTuning extreme_tuning(Topology t) {
  switch (t) {
    case Topology::hex6:
      return {.at_400 = 250'000, .test_divisor = 16, .path_temperature = extreme_anneal_temperature, .paths = 4,
              .phase1_tier = 0, .removal = SlackFirst::least, .floor_per_cell = 20, .other_cores = OtherCores::race};
    case Topology::square4:
      return {.at_400 = 300'000, .test_divisor = 64, .path_temperature = unbiased, .paths = 1, .phase1_tier = 3,
              .removal = SlackFirst::most, .floor_per_cell = 35, .other_cores = OtherCores::race};
    case Topology::square8: break;
  }
  return {.at_400 = 30'000, .test_divisor = 4, .path_temperature = extreme_anneal_temperature, .paths = 1,
          .phase1_tier = 0, .removal = SlackFirst::least, .floor_per_cell = 12, .other_cores = OtherCores::run_ahead};
}

// The tuning of a `sparse` extreme set (the fewest givens): one path annealed as the other levels
// anneal theirs, phase 1 by fresh tier-4 grades, least slack first, attempts run ahead (every
// sparse floor is wide and every test long, so attempts are given up often; give_up_limits keeps
// only the end at the first open test). Patience and the longest test as the topology's.
ExtremeTuning extreme_tuning(Topology t, bool sparse) {
  ExtremeTuning tuning = extreme_tuning(t);
  if (sparse) {
    tuning.path_temperature = anneal_temperature;
    tuning.paths = 1;
    tuning.phase1_tier = 4;
    tuning.removal = SlackFirst::least;
    tuning.other_cores = OtherCores::run_ahead;
  }
  return tuning;
}

// The cells of a board (at least 1) and their integer square root: the extreme limits below
// grow with both, and integers keep them the same on every machine.
struct CellScale {
  std::uint64_t cells = 1;
  std::uint64_t root = 1;
};

CellScale cell_scale(int cells) {
  CellScale s{static_cast<std::uint64_t>(std::max(cells, 1)), 0};
  while ((s.root + 1) * (s.root + 1) <= s.cells) ++s.root;
  return s;
}

// `at_400` (a count of nodes on a 400-cell board) on a board of `cells`, grown as cells^1.5.
std::uint64_t grown_from_400(std::uint64_t at_400, int cells) {
  const CellScale c = cell_scale(cells);
  return at_400 * c.cells * c.root / 8'000;
}

std::uint64_t extreme_patience(Topology t, int cells, int attempt, std::uint64_t budget) {
  const std::uint64_t base = std::max(extreme_patience_min, grown_from_400(extreme_tuning(t).at_400, cells));
  std::uint64_t patience = std::min(base, budget);
  for (int k = 0; k < attempt && patience < budget; ++k) patience = patience > budget / 2 ? budget : patience * 2;
  return patience;
}

// extreme: the widest floor (root pairs of the clue set without any of stage B's candidates) an
// attempt that may be given up -- not the last one allowed, not `sparse` -- takes to stage B
// (strip_exact). What stage B's proofs cost grows steeply with the pairs its oracle ranges over
// (more conflicts, and each dearer), so an attempt whose floor makes stage B dearer than a fresh
// path is expected to be is given up before stage B, like one that outgrows its patience.
// Square8 20x20 (seeds 1-60): a whole run takes 0.6 s at the median (stage B 0.17 s), and stage
// B took 0.03-0.26 s on average below 12 pairs a cell, 0.7-0.85 s at 12-16; hex6 20x20 (seeds
// 1-30): a run 1.5 s at the median, runs with floors of 9.5-18.5 pairs a cell 0.5-2.2 s in all,
// 21-26 a cell 1.6-7.1 s, 30-64 a cell 4.8-60 s. Hence 12 pairs a cell on square8 and 20 on
// hex6 (hex6 seeds 1-30: sum 132 -> 57 s, slowest 49 -> 6.9 s; 16 or 25 a cell gave 67 and 74 s;
// held-out seeds 31-60 214 -> 66 s; square8 seeds 61-120: 55.9 -> 42.2 s, slowest 5.9 -> 2.6 s),
// times sqrt(cells) / 20 on boards above 400 cells, whose floors are wider (hex6 30x30, six
// attempts: 20-84 a cell; 14x14: 6.5-45). Square4 had none until generator 30: its clue sets
// were far sparser, all its floors wide (20x20: 36-65 a cell), and a limit of 40 a cell only
// moved the time around (seeds 1-6: one 452 -> 80 s, two 2x slower). Its generator-30 sets keep
// more givens (extreme_tuning), and their floors are 15-44 a cell (20x20, seeds 1-30, a timing
// build): stage B took 0.4-2.2 s below 34 a cell, 3.0-4.0 s at 37-44. Hence 35 a cell there:
// seeds 1-30, two threads, alternating with the build without it, wall: 93.9 -> 84.5 s, the
// three seeds it fired on 5.6 / 6.8 / 6.2 -> 2.6 / 2.3 / 2.8 s, slowest 6.8 -> 4.8 s, the other
// 27 puzzles the same. Integer arithmetic only (the limit decides which attempt's puzzle is
// returned).
std::uint64_t floor_limit(Topology t, int cells) {
  const CellScale c = cell_scale(cells);
  return c.cells * extreme_tuning(t).floor_per_cell * std::max<std::uint64_t>(20, c.root) / 20;
}

// extreme: what an attempt that may be given up (not the last one allowed) allows its removal
// tests before it is: the widest floor stage B starts from (floor_limit) and the conflicts of
// its longest single test (longest_test); `open_gives_up`: an open test gives it up (run_attempt),
// so stage B ends at the first. The last attempt allows everything, and keeps its open tests.
struct GiveUp {
  std::uint64_t widest_floor = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t longest_test = std::numeric_limits<std::uint64_t>::max();
  bool open_gives_up = false;
};

// extreme: the conflicts one stage-B test of an attempt with `patience` may spend before it is
// left open (and the attempt given up): a quarter of the patience on square8, a sixteenth on
// hex6 and a sixty-fourth on square4. A test that alone outruns that share of what the whole
// attempt may spend is a tail of the path, not a cost to wait out. Like the patience, the share
// doubles from attempt to attempt.
// Square4 20x20, seeds 1-14 (timing build): in the 14 attempts that ended, the longest test took
// 1,600-48,000 conflicts; two attempts 0 were tails: seed 7's ran one test 187,000 conflicts into
// the old cap (ten times the per-call cap, 200,000: 189 s) and seed 13's spent 100,000 on one
// (then ended at 176,000). With a quarter (75,000) both give up sooner and end in attempt 1:
// 186 -> 95 s and 75 -> 53 s (release builds); a sixth (50,000) was faster on those two still
// (timing build: 85 and 45 s against 101 and 61 s) but sits just above the 48,000 of seed 4's
// attempt that ended. Hex6 (250,000: 62,500) and square8 (30,000: 7,500) then never reached
// it: their longest tests were 6,900 and 5,400 conflicts (20x20, seeds 1-30).
// Square4, generator 19 (with the bans of short link cycles its tests got cheaper, and the
// quarter lay far out in their tail): the longest test of the 14 attempts that ended on seeds
// 1-14 (a timing build) took 960-50,800 conflicts, 12 of them below 16,000, while attempt 0 of
// seed 7 spent 56 s on one test left open at 75,000. A sixteenth (18,750 at 20x20, release
// builds alternating with the quarter, user CPU): seeds 1-26 786 -> 505 s, 21 puzzles the same,
// seed 10 the one clearly slower (15.6 -> 35.6 s). A fixed 16,000 (timing build): seeds 15-40
// 878 -> 567 s; 8,000 against 16,000, seeds 1-26: 591 against 502 s.
// Square4, generator 29 (unannealed paths, path_temperature: an attempt's proofs are cheap but
// for a few tails): a sixty-fourth (4,687 at 20x20) against the sixteenth, one build with the
// divisor behind an environment switch, alternating seed by seed, `--threads 2` (attempts run
// ahead), wall: seeds 1-30 75.8 -> 63.9 s, slowest 8.6 -> 5.2 s, within 2 s 17 -> 19; seeds 31-60
// 69.6 -> 58.7 s, slowest 8.3 -> 4.9 s, within 2 s 16 -> 19 (attempt 0 given up on 10 of 30
// against none). A 256th gave up too much (seeds 31-60 82.5 s, 26 of 30 given up).
// Hex6, generator 20 (phase 1 the hard set: stage B gets more candidates, and now and then a
// sparse set whose last refutations take 10,000-40,000 conflicts each): a sixteenth (15,625 at
// 20x20) against the quarter, one build with the divisor behind an environment switch,
// alternating: seeds 71-100 111.5 -> 95.6 s (three seeds changed: 25.96 -> 12.67, 13.67 -> 9.29,
// 6.81 -> 8.89 s), seeds 31-70 every puzzle the same. A fixed cap of 3,000 conflicts gave up too
// much (seeds 31-70 72.1 -> 113.6 s).
std::uint64_t longest_test(Topology t, std::uint64_t patience) {
  return std::max<std::uint64_t>(1, patience / extreme_tuning(t).test_divisor);
}

enum class Removal { redundant, needed, open };

// Ten times the per-call cap: the cap of a second look at a test the first one left open.
std::uint64_t retry_cap(std::uint64_t cap) {
  return cap > std::numeric_limits<std::uint64_t>::max() / 10 ? cap : cap * 10;
}

// The removal test of the given at `c` of `current` on `oracle` with at most `cap` conflicts (and
// no more than the budget has left), charged to the budget; a test the oracle leaves open (the
// cap, or an encoding too big to build) is open here too.
Removal oracle_test(RemovalOracle& oracle, const Puzzle& current, CellId c, std::uint64_t cap, StripBudget& budget) {
  if (interrupted(budget) || budget.nodes_left == 0) return Removal::open;
  const SolveReport r = oracle.other_solution_without(current, c, std::min(cap, budget.nodes_left));
  charge(budget, r.stats);
  return r.verdict == Verdict::none ? Removal::redundant : r.verdict == Verdict::unique ? Removal::needed : Removal::open;
}

// The same test by count_solutions (proved_unique) with the per-call cap `cap`.
Removal solver_test(Puzzle current, CellId c, std::uint64_t cap, StripBudget& budget) {
  const int v = current.givens[static_cast<std::size_t>(c)];
  current.givens[static_cast<std::size_t>(c)] = 0;
  const std::uint64_t saved = budget.per_call;
  budget.per_call = cap;
  const int undecided_before = budget.undecided;
  const bool redundant = proved_unique(current, budget, Exclusion{c, v});
  budget.per_call = saved;
  return redundant ? Removal::redundant : budget.undecided > undecided_before ? Removal::open : Removal::needed;
}

// Without an oracle (the encoding too big to build): a solver call, and a second with ten times
// the cap when the first is left open.
Removal fallback_test(const Puzzle& current, CellId c, StripBudget& budget) {
  const Removal r = solver_test(current, c, budget.per_call, budget);
  return r == Removal::open && !interrupted(budget) ? solver_test(current, c, retry_cap(budget.per_call), budget) : r;
}

// Whether the given at `c` of `p` has a witness of being needed within `window` around its cell
// (near_other_solution on p without it): exact when true, and not charged to the budget (a few
// thousand nodes at most). `p` is as it was on return.
bool near_witness(Puzzle& p, CellId c, const Values& solution, StripBudget& budget, NearWindow window = {}) {
  if (interrupted(budget)) return false;
  const auto at = static_cast<std::size_t>(c);
  const int v = p.givens[at];
  p.givens[at] = 0;
  const bool found = near_other_solution(p, solution, std::span<const CellId>(&c, 1), window);
  p.givens[at] = v;
  return found;
}

// Stage A's tests that a local search does not settle: a given with a near witness (a second
// solution within a window around its cell, everything else as in `solution`) is needed, which
// is final, and costs no oracle call. Such a search takes well under a millisecond, an oracle
// test that finds a witness about 5 ms (square8 20x20: 53-76 of 80-101 givens).
std::vector<CellId> without_near_witness(Puzzle p, const std::vector<CellId>& order, const Values& solution,
                                         StripBudget& budget) {
  std::vector<CellId> open;
  for (CellId c : order)
    if (!near_witness(p, c, solution, budget)) open.push_back(c);
  return open;
}

// The clue set `p` without the givens at `cells`.
Puzzle without(Puzzle p, const std::vector<CellId>& cells) {
  for (CellId c : cells) p.givens[static_cast<std::size_t>(c)] = 0;
  return p;
}

// Stage A's early end: the floor only widens as stage A finds more candidates (a clue set with
// fewer givens leaves at least as many root pairs), so once the clue set without the candidates
// found so far has more than `widest_floor` pairs, so will the floor, and stage B will not run.
// Checked at every fourth candidate from the eighth on (a root propagation each, a few ms). The
// attempt is given up either way, so its puzzle never changes, only the time: hex6 20x20, seeds
// 1-60, 139.6 -> 117.9 s in all, 34 -> 39 within 2 s, all 60 puzzles the same (square8 seeds
// 1-30 the same too). RemovalOracle.PairsNeverShrinkAsGivensGo checks the premise.
bool floor_already_too_wide(const Puzzle& p, const std::vector<CellId>& candidates, StripBudget& budget,
                            std::uint64_t widest_floor) {
  if (widest_floor == std::numeric_limits<std::uint64_t>::max() || candidates.size() < 8 || candidates.size() % 4 != 0)
    return false;
  // A pair limit of 0: the floor's pairs are counted, not encoded.
  return RemovalOracle::above(without(p, candidates), budget.limits, 0).pairs() > widest_floor;
}

// Stage A's tests, cheapest first: by the pairs of their root propagations (RemovalOracle::
// test_pairs), stably. Stage A's verdicts do not depend on the order (each test is on the same
// clue set), but its early end (floor_already_too_wide) does: the floor widens with every
// candidate, and the tests that fail at the root or range over few pairs are most often
// candidates, so a floor too wide shows before the dear tests have run. Hex6 20x20, stage A of 20
// strips: 957 tests, the widest fifth 37 ms each on average (up to 1.1 s), the others 0.1-7.6 ms.
std::vector<CellId> cheapest_first(std::vector<CellId> tests, const RemovalOracle& oracle) {
  std::stable_sort(tests.begin(), tests.end(),
                   [&](CellId a, CellId b) { return oracle.test_pairs(a) < oracle.test_pairs(b); });
  return tests;
}

// The cells of `order` that are among `cells` (cell ids below `board_size`), in `order`'s order.
std::vector<CellId> in_order_of(const std::vector<CellId>& cells, const std::vector<CellId>& order, int board_size) {
  std::vector<char> among(static_cast<std::size_t>(board_size), 0);
  for (CellId c : cells) among[static_cast<std::size_t>(c)] = 1;
  std::vector<CellId> out;
  for (CellId c : order)
    if (among[static_cast<std::size_t>(c)]) out.push_back(c);
  return out;
}

// Stage A's start: an oracle of more than a quarter above the widest floor allowed (pairs of the
// union of the tests' root propagations) gives the attempt up before any test. Not a proof, a
// forecast: the floor holds the root pairs of every test that turns out a candidate, and nearly
// all of stage A's tests do (hex6 20x20, 20 strips: 872 of 957), so such an oracle has a floor
// too wide all but always, and stage A found that out only after up to 1.6 s of its tests. Hex6
// 20x20 seeds 1-60 (a timing build, 140 attempts): none of the 13 attempts with such an oracle
// was kept, the widest kept was 1.11 times the limit. Seeds 101-160, release builds with and
// without it alternating: 113.6 -> 101.7 s of user CPU, 59 puzzles the same (seed 157 8.5 ->
// 1.3 s). No limit (the last attempt allowed, `sparse`), no forecast.
bool stage_a_too_wide(const RemovalOracle& oracle, std::uint64_t widest_floor) {
  return widest_floor != std::numeric_limits<std::uint64_t>::max() && oracle.pairs() > widest_floor + widest_floor / 4;
}

// In a race of attempts (budget.pace set), a long oracle test reports its conflicts as it runs,
// not only at its end, so that a lane that can no longer win is stopped within
// SatCount::progress_every conflicts rather than after its test (a stage-B test of seed 301's
// square4 20x20 attempt took up to 0.37 s).
// What the test is charged at its end is never less (charge), so the race is settled as before.
void pace_tests(RemovalOracle& oracle, const StripBudget& budget) {
  if (!budget.pace) return;
  oracle.report_progress([&budget](std::uint64_t in_test) {
    (*budget.pace)(budget.nodes_used + std::min(in_test, budget.nodes_left));
  });
}

// Stage B's test of the given at `c` of `p` (the oracle's, or count_solutions' without an
// encoding). The strip's clue set without it is confirmed ahead meanwhile (ConfirmAhead): if the
// given goes and every later test keeps its given, that is the clue set the attempt ends with,
// and the last removals' proofs are the strip's dearest (square4 20x20 seed 124: 0.23, 0.29 and
// 0.35 s for the last three, the confirmation after them 0.67 s). When it stays, `p` is again the
// clue set to confirm.
Removal removal_test(RemovalOracle& oracle, const Puzzle& p, CellId c, std::uint64_t cap, StripBudget& budget,
                     ConfirmAhead& confirm_ahead) {
  confirm_ahead.want(without(p, {c}));
  const Removal r = oracle.encoded() ? oracle_test(oracle, p, c, cap, budget) : fallback_test(p, c, budget);
  if (r != Removal::redundant) confirm_ahead.want(p);
  return r;
}

// extreme, phase 2: the greedy strip over `order` with exact removal tests -- each given in turn
// goes when the rest stays unique without it -- which makes the set minimal for the exact solver.
// The tests run on two incremental oracles (solver/removal_oracle.hpp) instead of one solver call
// each. Stage A settles every test on `p` at once, with the per-call cap: a needed given stays
// needed in every subset (its witness still solves them), so it is final and only the others are
// candidates; the tests a local search shows needed (without_near_witness) skip the oracle.
// Stage B walks the candidates in order on one oracle above the floor (p minus the candidates),
// whose encoding holds every clue set the walk can reach, with ten times the cap (what it
// learns carries over from test to test, at most `give_up.longest_test`). Each test first looks
// for a near witness in a window twice stage A's (NearWindow::wide): a given that only became
// needed as others went often has one there, found in a few ms where the oracle spends 40-560
// ms (square4 20x20 seed 3: 4 of stage B's 6 needed givens; about 1 ms on a redundant given).
// A given found needed joins the floor (RemovalOracle::raise_floor: the pairs it rules out are
// gone for the later tests; square4 20x20, seeds 1-6, two runs: 44.1 / 42.8 -> 40.9 / 38.3 s);
// a floor of more than
// `give_up.widest_floor` pairs runs no test (see floor_limit), and stage A ends as soon as that
// is certain (floor_already_too_wide; its tests run cheapest first, cheapest_first, so that shows
// early) or forecast (stage_a_too_wide, before any test).
// A test left open (or not run) keeps its given and counts in `open`; with no open test the set
// is the one a count_solutions call per test would give. An attempt that will be given up for an
// open test (`give_up.open_gives_up`) ends stage B at the first: the tests after it would be lost
// work (hex6 20x20 seeds 1-100: 233.8 -> 230.3 s, every puzzle the same).
std::vector<bool> strip_exact(Puzzle p, const std::vector<CellId>& order, const Values& solution,
                              StripBudget& budget, const GiveUp& give_up, int& open, ConfirmAhead& confirm_ahead) {
  std::vector<bool> keep(solution.size());
  for (std::size_t c = 0; c < keep.size(); ++c) keep[c] = p.givens[c] != 0;
  std::vector<CellId> candidates;
  const auto all_open = [&] {  // no test of stage B will run: every candidate stays
    open += static_cast<int>(candidates.size());
    return keep;
  };
  {
    const std::vector<CellId> asked = without_near_witness(p, order, solution, budget);
    RemovalOracle oracle(p, asked, budget.limits);
    oracle.prefer(solution);
    pace_tests(oracle, budget);
    if (stage_a_too_wide(oracle, give_up.widest_floor)) {  // no test runs: each stays open
      open += static_cast<int>(asked.size());
      return keep;
    }
    for (CellId c : cheapest_first(asked, oracle)) {
      if (oracle_test(oracle, p, c, budget.per_call, budget) == Removal::needed) continue;
      candidates.push_back(c);
      if (floor_already_too_wide(p, candidates, budget, give_up.widest_floor)) return all_open();
    }
    candidates = in_order_of(candidates, asked, p.board.size());  // stage B walks them in `order`
  }
  if (budget.nodes_left == 0 || interrupted(budget)) return all_open();
  Puzzle floor = without(p, candidates);
  RemovalOracle oracle = RemovalOracle::above(floor, budget.limits, give_up.widest_floor);
  if (oracle.pairs() > give_up.widest_floor) return all_open();
  oracle.prefer(solution);
  pace_tests(oracle, budget);
  const std::uint64_t cap = std::min(retry_cap(budget.per_call), give_up.longest_test);
  for (CellId c : candidates) {
    const auto at = static_cast<std::size_t>(c);
    const Removal r = near_witness(p, c, solution, budget, NearWindow::wide())
                          ? Removal::needed
                          : removal_test(oracle, p, c, cap, budget, confirm_ahead);
    if (r == Removal::redundant) {
      p.givens[at] = 0;
      keep[at] = false;
    } else if (r == Removal::needed && oracle.encoded() && !interrupted(budget)) {
      floor.givens[at] = solution[at];  // kept for good: every later clue set holds it
      oracle.raise_floor(floor);
    } else if (r == Removal::open) {
      ++open;
      if (give_up.open_gives_up) return keep;  // the attempt is given up: the later tests would be lost
    }
  }
  return keep;
}

// extreme, phase 1 on square4 (tier 3) and sparse sets (tier 4): drop givens, `first` slack
// first, while fresh grades at `tier` still finish the puzzle.
std::vector<bool> strip_by_fresh_grades(const Puzzle& base, const CellOrder& path, const Values& solution,
                                        bool hide_ends, int tier, SlackFirst first, Rng& rng, StripBudget& budget) {
  const StopCheck stop = [&] { return interrupted(budget); };
  const Acceptable deducible = [&](const Puzzle& p) { return deduces(p, tier, stop) && !interrupted(budget); };
  // The other core's test only reads the deadline and cancel flag (interrupted() writes the budget).
  const SharedAcceptable ahead = [&, limits = budget.limits](const Puzzle& p, const StopCheck& own) {
    return deduces(p, tier, [&] { return own() || stop_now(limits) != StopReason::none; });
  };
  const std::vector<bool> all(solution.size(), true);
  return strip_givens(base, solution, all, removal_order(base.board, path, all, hide_ends, first, rng), deducible, 0,
                      true, stop, ahead);
}

// extreme, phase 1 on square8 and hex6 (not sparse): the hard level's clue set (deduction_clues
// at tier 3: built up, then stripped over reused deduction states), everything kept when it was
// stopped.
std::vector<bool> hard_clues(const Puzzle& base, const Values& solution, bool hide_ends, Rng& rng,
                             StripBudget& budget) {
  const LevelClues clues = deduction_clues(base, solution, 3, hide_ends, rng, [&] { return interrupted(budget); });
  return clues.stopped ? std::vector<bool>(solution.size(), true) : clues.keep;
}

// extreme: strip in two phases. Phase 1 (the grader, no proof: cheaper than proving) leaves a
// clue set deduction finishes; phase 2 (strip_exact) drops any given whose removal the solver
// still proves unique. Phase 1 is the hard level's clue set on square8 and hex6 (about 0.1 s at
// 20x20 where fresh tier-4 grades take 0.3-0.6 s an attempt; the few givens tier 4 would have
// dropped go to phase 2 instead, whose proofs on such a set are cheap), and the strip by fresh
// grades where proofs are dear enough that the hard set costs more than it saves: on square4
// (tier 3 and the most slack first since generator 30; extreme_tuning), and on `sparse` sets
// (tier 4), whose attempts have no floor or test-length limit to give up a dear stage B (hex6
// 20x20 sparse seeds 1-5 with the hard set: 87.8 -> 350.3 s in sum, seed 3 13.4 -> 149.5 s,
// seed 4 18.2 -> 175.2 s). Generator 20 against 19, 20x20 extreme, seeds 1-100,
// release builds alternating seed by seed (user CPU; README "Figures"): square8 83.0 -> 53.9 s in
// sum (median 0.69 -> 0.40 s, 96 -> 98 within 2 s, 106.5 -> 109.8 givens on average); hex6 238.0
// -> 235.1 s (median 1.86 -> 1.54 s, 55 -> 67 within 2 s, 72.2 -> 73.9 givens); square4 with
// the hard set, seeds 1-23: 326 -> 544 s.
std::vector<bool> strip_extreme(const Puzzle& base, const CellOrder& path, const Values& solution,
                                const PuzzleJob& job, Rng& rng, StripBudget& budget, const GiveUp& give_up,
                                int& open, ConfirmAhead& confirm_ahead) {
  const bool hide = job.board.hide_ends;
  const ExtremeTuning tuning = extreme_tuning(job.board.topology, job.board.sparse);
  const int tier = tuning.phase1_tier;
  const SlackFirst first = tuning.removal;
  const std::vector<bool> keep = tier > 0 ? strip_by_fresh_grades(base, path, solution, hide, tier, first, rng, budget)
                                          : hard_clues(base, solution, hide, rng, budget);
  Puzzle p = base;
  p.givens = givens_from(solution, keep);
  return strip_exact(std::move(p), removal_order(base.board, path, keep, hide, first, rng), solution, budget, give_up,
                     open, confirm_ahead);
}

// Expert from a hard-minimal set: try each given once more, in seeded random order, with fresh
// tier-4 grades (the what-if budget of tier 4 makes replayed states order dependent, so no state
// is reused here); then re-check until no single given can go. Hard: the same at tier 3 (see
// strip_to_level). Whether the set still needs its tier is checked by the caller.
void strip_with_fresh_grades(Puzzle& p, const Values& solution, std::vector<bool>& keep, int tier, bool hide_ends,
                             Rng& rng, StripBudget& budget) {
  std::vector<CellId> order;
  const int n = p.board.size();
  for (CellId c = 0; c < n; ++c) {
    const int v = solution[static_cast<std::size_t>(c)];
    if (keep[static_cast<std::size_t>(c)] && (hide_ends || (v != 1 && v != n))) order.push_back(c);
  }
  shuffle(std::span<CellId>(order), rng);
  const StopCheck stop = [&] { return interrupted(budget); };
  for (bool changed = true; changed && !interrupted(budget);) {
    changed = false;
    for (CellId c : order) {
      if (!keep[static_cast<std::size_t>(c)] || interrupted(budget)) continue;
      p.givens[static_cast<std::size_t>(c)] = 0;
      if (!near_other_solution(p, solution, std::span<const CellId>(&c, 1)) && deduces(p, tier, stop)) {
        keep[static_cast<std::size_t>(c)] = false;
        changed = true;
      } else {
        p.givens[static_cast<std::size_t>(c)] = solution[static_cast<std::size_t>(c)];
      }
    }
  }
}

// easy..hard: the clue set of deduction_clues at the level's tier; expert: the hard set, stripped
// on with fresh tier-4 grades. Hard gets the same fresh sweep at tier 3: deduction_clues' tests
// replay deduction states, which match fresh grades for tiers 1-2 but not always for tier 3
// (gap-paths is not monotone: levels.cpp), and an outside check found a hard puzzle printed
// `# minimal: tier 3` with a given a fresh tier-3 grade did without (hex6 `fish` mask, seed
// 13758425079236577475). The sweep changes no puzzle that was minimal already. Accepted only
// when it keeps the level's promise, checked with fresh grades: the tier finishes it and the tier
// below does not.
std::optional<std::vector<bool>> strip_to_level(const Puzzle& base, const Values& solution, const PuzzleJob& job,
                                                Rng& rng, StripBudget& budget) {
  const int tier = tier_of(job.target);
  const StopCheck stop = [&] { return interrupted(budget); };
  LevelClues clues = deduction_clues(base, solution, std::min(tier, 3), job.board.hide_ends, rng, stop);
  if (clues.stopped) return std::nullopt;
  Puzzle p = base;
  p.givens = givens_from(solution, clues.keep);
  if (tier >= 3) strip_with_fresh_grades(p, solution, clues.keep, tier, job.board.hide_ends, rng, budget);
  if (interrupted(budget)) return std::nullopt;
  const bool keeps_promise = deduces(p, tier, stop) && !deduces(p, tier - 1, stop);
  if (interrupted(budget) || !keeps_promise) return std::nullopt;
  return clues.keep;
}

// The limits of an extreme attempt that may be given up, from its patience (the budget it starts
// with): none for the last one allowed; for `sparse`, whose floors are all wide and whose tests all
// long, only the end at its first open test.
GiveUp give_up_limits(const PuzzleJob& job, const Puzzle& puzzle, const StripBudget& budget, bool give_up_open) {
  if (!give_up_open) return {};
  if (job.board.sparse) return GiveUp{.open_gives_up = true};
  return GiveUp{floor_limit(job.board.topology, puzzle.board.size()), longest_test(job.board.topology, budget.nodes_left),
                true};
}

// One attempt. nullopt when the fill or the proof failed within the budget; an attempt whose
// puzzle misses the level (`missed_level`) is nullopt too. `give_up_open`: this is not the last
// attempt allowed, and an extreme strip that leaves a removal test open within the attempt's
// patience (extreme_patience) or its share of it (longest_test), or whose floor is too wide to
// run them (floor_limit), is given up for the next attempt (it would not be proved minimal).
std::optional<Attempt> run_attempt(const Board& base, const PuzzleJob& job, Rng& rng, StripBudget& budget,
                                   bool give_up_open, bool& missed_level) {
  auto filled = fill_attempt(base, job, rng, [&] { return interrupted(budget); });
  if (!filled || interrupted(budget)) return std::nullopt;
  const Values solution = solution_of(filled->board, filled->order);
  Puzzle puzzle{filled->board, {}, {}};
  SolveLimits proof = budget.limits;
  proof.max_nodes = job.budget.nodes_per_attempt;
  proof.engine = proof_engine(job.target);
  int open = 0;
  std::optional<Confirmation> confirmed;
  if (job.target == Difficulty::extreme) {
    const GiveUp give_up = give_up_limits(job, puzzle, budget, give_up_open);
    bool given_up = false;
    // One isolated region for the strip and its confirmation ahead (ConfirmAhead).
    tbb::this_task_arena::isolate([&] {
      ConfirmAhead ahead(solution, proof);
      puzzle.givens = givens_from(solution, strip_extreme(puzzle, filled->order, solution, job, rng, budget, give_up,
                                                          open, ahead));
      given_up = give_up.open_gives_up && open > 0;
      if (!given_up && budget.interrupted == StopReason::none) confirmed = ahead.result(puzzle);
    });
    if (given_up) return std::nullopt;
  } else if (auto level = strip_to_level(puzzle, solution, job, rng, budget)) {
    puzzle.givens = givens_from(solution, *level);
  } else {
    missed_level = budget.interrupted == StopReason::none;
    return std::nullopt;
  }
  if (budget.interrupted != StopReason::none) return std::nullopt;
  const Confirmation proved = confirmed ? *confirmed : confirm_unique(puzzle, solution, proof);
  budget.nodes_used += proved.nodes;
  if (!proved.unique) {
    interrupted(budget);  // a proof the deadline or cancel flag stopped ends the job as such
    return std::nullopt;
  }
  Grade g = grade(puzzle);
  // An extreme set with open tests fails for its budget (make_puzzle), whatever its grade: with
  // givens kept only because their tests were not run, it may even be deducible.
  if (g.level != job.target && open == 0) {
    missed_level = true;
    return std::nullopt;
  }
  return Attempt{std::move(puzzle), solution, std::move(g), open, proved.nodes};
}

Failure stopped(StopReason r, int attempts) {
  return Failure{r == StopReason::cancelled ? "cancelled" : "deadline", attempts};
}

}  // namespace

double path_temperature(Topology topology, Difficulty target, bool sparse) {
  return target == Difficulty::extreme ? extreme_tuning(topology, sparse).path_temperature : anneal_temperature;
}

int paths_drawn(Topology topology, Difficulty target, bool sparse) {
  return target == Difficulty::extreme ? extreme_tuning(topology, sparse).paths : 1;
}

Engine proof_engine(Difficulty target) { return target == Difficulty::extreme ? Engine::hybrid : Engine::automatic; }

namespace {

// One attempt as make_puzzle sees it: its puzzle (nullopt when it failed), whether it missed the
// level, what stopped it, and the nodes it spent. `started`: false when the deadline or the cancel
// flag had fired before it began.
struct AttemptRun {
  std::optional<Attempt> attempt;
  bool missed_level = false;
  StopReason interrupted = StopReason::none;
  std::uint64_t nodes = 0;
  bool started = true;
};

// Attempt k of `job` from Rng(derive(job.seed, k)): a pure function of the job and k (the limits'
// deadline and cancel flag only stop it). The last attempt allowed always gets the whole budget,
// and is the only one not given up for its floor or an open removal test: an attempt whose
// patience has reached the job's budget (attempt 3 on hex6 20x20) is given up like the others,
// where it used to be kept whatever its floor (hex6 20x20 seed 174: a floor of 18,909 pairs,
// 549 s of stage B, one test still open, so the job failed after 570 s; attempt 4 ends in 2.8 s).
AttemptRun attempt_number(const Board& base, const PuzzleJob& job, int k, const SolveLimits& limits,
                          const StripBudget::Pace* pace = nullptr) {
  AttemptRun run;
  run.interrupted = stop_now(limits);
  if (run.interrupted != StopReason::none) {
    run.started = false;
    return run;
  }
  Rng rng(derive(job.seed, static_cast<std::uint64_t>(k)));
  const bool last = k + 1 >= job.budget.max_attempts;
  const std::uint64_t nodes = job.target == Difficulty::extreme && !last
                                  ? extreme_patience(job.board.topology, base.size(), k, job.budget.nodes_per_attempt)
                                  : job.budget.nodes_per_attempt;
  StripBudget budget{nodes, 0, limits, StopReason::none, 0, per_call_nodes(job.budget), 0, pace};
  run.attempt = run_attempt(base, job, rng, budget, !last, run.missed_level);
  run.nodes = budget.nodes_used;
  run.interrupted = budget.interrupted;
  return run;
}

// Whether attempt k's run ends the job (settle returns the job's result for it): it did not start,
// it was stopped, or it made a puzzle (of the level, or extreme with tests left open).
bool decides(const AttemptRun& run) {
  return !run.started || run.interrupted != StopReason::none || run.attempt.has_value();
}

// Attempt k on a worker thread of its own (RunAhead's, a race's lane), stopped by `stop` in place
// of the job's cancel flag: in a task arena of one, so that its own helpers (strip_givens'
// speculation, ConfirmAhead) run on that thread and the cores go to the attempts.
AttemptRun attempt_alone(const Board& base, const PuzzleJob& job, std::int64_t k, SolveLimits limits,
                         const std::atomic<bool>* stop, const StripBudget::Pace* pace = nullptr) {
  limits.cancel = stop;
  tbb::task_arena alone(1);
  return alone.execute([&] { return attempt_number(base, job, static_cast<int>(k), limits, pace); });
}

// What make_puzzle makes of attempt k's run, the `nth` attempt that counts: the job's
// result, or nullopt to go on (`stats` and `missed_level` carry over).
std::optional<Result<GeneratedPuzzle>> settle(const PuzzleJob& job, int k, AttemptRun run, GenStats& stats,
                                              bool& missed_level, Clock::time_point start, int nth) {
  if (!run.started) return stopped(run.interrupted, nth - 1);
  stats.nodes += run.nodes;
  stats.attempts = nth;
  missed_level = missed_level || run.missed_level;
  if (run.interrupted != StopReason::none) return stopped(run.interrupted, nth);
  if (!decides(run)) return std::nullopt;
  Attempt& a = *run.attempt;
  if (a.undecided > 0)  // extreme promises a proved-minimal clue set: this is none
    return Failure{"budget: minimality not proven (" + counted(a.undecided, "removal test") + " undecided)",
                   stats.attempts};
  GeneratedPuzzle g{job, k, std::move(a.puzzle), std::move(a.solution), a.grade, stats};
  g.stats.undecided = a.undecided;
  g.stats.ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  return g;
}

// What a job's other cores do (OtherCores; the levels below extreme run attempts ahead). Running
// the next attempts ahead (RunAhead) against helping the attempt being made (its strips'
// speculation and ConfirmAhead, through the task arena), before any topology raced: square4
// 20x20 extreme keeps attempt 0 on 28 of 30 seeds, so an attempt run ahead is mostly lost work,
// and it slows the one that is kept; hex6 gives attempts up far more often. `hidato generate -r
// 20 -c 20 -d extreme`, two cores, alternating seed by seed (README, "Figures", stop 56): square4
// seeds 121-150 45.3 -> 41.4 s in sum with the cores helping the attempt (slowest 2.74 -> 2.45
// s), 54.3 s with both; hex6 seeds 1-20 17.1 s ahead, 18.6 s helping; square8 seeds 1-15 6.2 /
// 6.8 s. The same puzzles every way. Since generators 32 (hex6) and 33 (square4) those two race
// (race_attempts); square8 keeps running attempts ahead (racing, seeds 301-330: 9.7 -> 8.3 s in
// sum, median 0.24 -> 0.26 s, every puzzle within 2 s either way, so not worth its price on one
// core).
OtherCores other_cores(const PuzzleJob& job) {
  return job.target == Difficulty::extreme ? extreme_tuning(job.board.topology, job.board.sparse).other_cores
                                           : OtherCores::run_ahead;
}

// How far (in nodes) one lane of race_attempts may run ahead of the other when they take turns on
// one core. The turn passes at the next charge (a solver call's end), so the lanes' work differs
// by at most this and one call. Only the order of the work depends on it, never the puzzle.
constexpr std::uint64_t race_quantum = 500;

// What race_attempts charges an attempt for the work it does before and between its solver calls,
// which spends no nodes (its fill, phase 1's grades, the root propagations of its tests): 5,000
// nodes at 400 cells (square4 20x20 spends about 0.3-0.4 s there, what its stage B spends on
// 3,000-5,000 conflicts), growing as cells^1.5 like the patience. Without it a lane that gave an
// attempt up and began the next looked cheaper than it was, so the other lane, its attempt
// already made, waited out that lane's phase 1 before it could win. It is a count, not a time, so
// the winner is as deterministic as before. Release build with the charge behind an environment
// switch, `hidato generate -r 20 -c 20 -d extreme --seed S -j 2`, wall, alternating seed by seed
// (README, "Figures", generator 33): square4 seeds 301-330, racing, 0 / 2,500 / 5,000 / 10,000 /
// 20,000 nodes: sum 38.4 s (another run, without pace_tests' reports) / 34.0 / 32.5 / 31.8 /
// 31.7 s, slowest 2.16 / 1.81 / 1.55 / 1.53 / 1.55 s; hex6 seeds 301-330 19.1 s at 0 (another
// run), then 17.5 / 17.0 / 17.7 / 18.3 s, slowest 1.02 / 1.31 / 1.91 / 2.60 s (all seed 321, where
// attempts are given up: each pays the charge). Again once race_work left the proof out, 2,500 /
// 5,000 / 10,000: square4 27.2 / 26.7 / 26.5 s, hex6 14.2 / 14.6 / 15.2 s (slowest 0.88 / 0.93 /
// 1.54 s).
std::uint64_t attempt_start_work(int cells) { return grown_from_400(5'000, cells); }

// An attempt's work in race_attempts: the charge for its nodeless work (attempt_start_work) and
// the nodes it spent up to its puzzle, not those of the proof that confirms it (confirm_unique,
// Attempt::proof_nodes). That proof is the winner's to pay, whichever lane wins; counted, it kept
// the other lane running that much longer before the winner was known (square4 20x20 seed 560:
// attempt 0 ends at 1.26 s, 5,283 nodes of strip and 4,856 of proof, and lane 1 passed its work
// at 2.15 s; without the proof at 1.26 s). A count like the nodes, so the winner stays the same
// on any number of cores. Release build with it behind an environment switch, `hidato generate
// -r 20 -c 20 -d extreme --seed S -j 2`, wall, alternating seed by seed (README, "Figures",
// generator 33): square4 seeds 301-330 33.0 -> 29.2 s in sum (median 1.13 -> 0.93 s, slowest
// 1.56 -> 1.43 s), 431-470 45.9 -> 39.7 s (1.05 -> 0.93 s, 1.74 -> 1.67 s), 501-560 71.4 ->
// 58.5 s (1.15 -> 0.93 s, 2.10 -> 1.72 s, 59 -> 60 of 60 within 2 s); hex6 seeds 301-330 17.4
// -> 15.7 s (0.54 -> 0.47 s, 1.38 -> 1.01 s).
std::uint64_t race_work(const AttemptRun& run, std::uint64_t start_work) {
  return start_work + run.nodes - (run.attempt ? run.attempt->proof_nodes : 0);
}

// The cores a job borrowed from `idle` (none without one), given back when it returns.
class Borrowed {
 public:
  explicit Borrowed(IdleCores* idle) : idle_(idle) {}
  Borrowed(const Borrowed&) = delete;
  Borrowed& operator=(const Borrowed&) = delete;
  ~Borrowed() {
    if (idle_ && n_ > 0) idle_->lend(n_);
  }
  bool borrow() {
    if (!idle_ || !idle_->borrow()) return false;
    ++n_;
    return true;
  }
  void give_back_one() {
    if (n_ == 0) return;
    --n_;
    idle_->lend(1);
  }

 private:
  IdleCores* idle_;
  int n_ = 0;
};

// What a race's counted attempts make of the job (settle, with the winner's attempt last).
Result<GeneratedPuzzle> settle_race(const PuzzleJob& job, LaneRace<AttemptRun>::Outcome out,
                                    Clock::time_point start) {
  GenStats stats;
  bool missed_level = false;
  const int counted = static_cast<int>(out.counted.size());
  std::optional<LaneRace<AttemptRun>::Counted> winner;
  for (auto& c : out.counted) {
    if (out.winner && c.k == *out.winner) {
      winner = std::move(c);
      continue;
    }
    stats.nodes += c.value.nodes;
    missed_level = missed_level || c.value.missed_level;
  }
  if (winner)
    if (auto r = settle(job, static_cast<int>(winner->k), std::move(winner->value), stats, missed_level, start,
                        counted))
      return *r;
  return Failure{missed_level ? "level" : "budget", counted};
}

// An extreme job's attempts raced in two lanes by work (LaneRace): lane 0 runs attempts 0, 2, 4,
// ..., lane 1 runs 1, 3, 5, ..., each until an attempt gives it a result, and the job's result is
// that of the lane whose attempts spent fewer solver nodes up to it (lane 0 on a tie). Solver nodes
// are deterministic, so the puzzle is the same on any number of cores: with two (`threads`, or a
// core borrowed from `idle`, now or while it runs) the lanes run side by side, else they take turns
// on one. An attempt that spends seconds before it is given up no longer holds up the ones after
// it: hex6 20x20 seed 321's attempt 0 is given up after 6.4 s, while lane 1 gives up attempt 1 and
// keeps attempt 3 (the job 8.7 -> 1.9 s at `-j 1`, 7.7 -> 1.2 s at `-j 2`). Release build, `hidato
// generate -t hex6 -r 20 -c 20 -d extreme --seed S`, seeds 301-330, the race behind a switch,
// alternating (README "Figures", generator 32): two threads 38.9 -> 32.7 s in sum, median 0.86 ->
// 1.03 s, slowest 10.25 -> 1.94 s, within 2 s 28 -> 30 of 30; one thread 40.6 -> 56.7 s (median
// 0.88 -> 1.81 s): on one core the race costs about 1.4x the CPU, the price of the other lane's
// work up to the winner's. Each attempt's work is race_work (its nodes but its confirming
// proof's, and attempt_start_work), and its oracle tests report their conflicts as they run
// (pace_tests), so a lane that can no longer win stops within 64 conflicts. Square4 raced too from generator 33: with those two, its
// attempt 0 (kept on 25 of 30 seeds) stops holding up the job when it is dear, which outweighs
// the second core's help it loses. Square4 20x20, release build with the race, the charge and
// the reports behind environment switches, alternating seed by seed, two threads, wall (README
// "Figures", generator 33): seeds 301-330 35.3 -> 35.7 s in sum (the reports then took it to
// 30.9 s against 31.7 s in a later pair of runs), median 1.12 -> 1.20 s, slowest 2.81 -> 1.71 s,
// within 2 s 28 -> 30 of 30; held out, seeds 431-470, with the reports: 43.1 -> 43.3 s, median
// 0.93 -> 1.00 s, slowest 2.64 -> 1.71 s, within 2 s 36 -> 40 of 40. On one thread it costs what
// it costs hex6 and more: seeds 301-315 18.3 -> 29.5 s (median 1.20 -> 2.09 s).
Result<GeneratedPuzzle> race_attempts(const Board& base, const PuzzleJob& job, const SolveLimits& limits, int threads,
                                      IdleCores* idle, Clock::time_point start) {
  using Race = LaneRace<AttemptRun>;
  const bool two_cores = std::thread::hardware_concurrency() >= 2;
  Borrowed borrowed(idle);
  const bool side_by_side = threads >= 2 || (two_cores && borrowed.borrow());
  const std::uint64_t start_work = attempt_start_work(base.size());
  const Race::Task attempt = [&](std::int64_t k, const std::atomic<bool>* stop, const Race::Pace& pace) {
    const Race::Pace paced = [&](std::uint64_t nodes) { pace(start_work + nodes); };
    paced(0);
    AttemptRun run = attempt_alone(base, job, k, limits, stop, &paced);
    const std::uint64_t work = race_work(run, start_work);
    const bool ends = decides(run);
    return Race::Step{std::move(run), work, ends};
  };
  Race race(std::max(1, job.budget.max_attempts), attempt, limits.cancel, side_by_side, race_quantum);
  const std::function<bool()> more_cores = [&] { return two_cores && borrowed.borrow(); };
  return settle_race(job, race.run(idle ? more_cores : std::function<bool()>{}), start);
}

}  // namespace

// Plan: attempts k = 0..max_attempts-1, each attempt_number(k); the first attempt whose puzzle
// has the target level is returned. There is never a substitute: when no attempt reaches the
// level the job fails with reason "level" (or "budget" when no attempt even got a proved puzzle,
// or an extreme one whose minimality its budget left unproved). The deadline and the cancel flag
// end the job with a failure at once. With more than one thread the next attempts run ahead
// (RunAhead), each with its own stop flag: the same attempts are settled in the same order, so
// the result is the same, only sooner when an attempt fails.
Result<GeneratedPuzzle> make_puzzle(const PuzzleJob& job, const std::atomic<bool>* cancel, int threads,
                                    IdleCores* idle) {
  const auto start = Clock::now();
  Board base;
  try {
    base = board_from_mask(job.board.topology, base_mask(job.board));
  } catch (const InputError& e) {
    return Failure{std::string("spec: ") + e.what(), 0};
  }
  // Callers check the spec first (check_spec); a job from elsewhere (a manifest's failed entry,
  // recorded before the limit) fails at once rather than running for hours.
  if (auto big = too_big(job.board, base.size())) return Failure{"spec: " + *big, 0};
  SolveLimits limits;
  limits.cancel = cancel;
  if (job.budget.deadline_ms > 0) limits.deadline = start + std::chrono::milliseconds(job.budget.deadline_ms);
  const int attempts = std::max(1, job.budget.max_attempts);
  GenStats stats;
  bool missed_level = false;
  // Only an extreme puzzle borrows: its attempts take seconds and are given up for the next one
  // (a worker thread per puzzle cost about 60 us each: a book of 1,200 easy 7x7 puzzles, which
  // take 0.25 ms, went from 0.32 s to 0.38-0.41 s).
  if (job.target != Difficulty::extreme) idle = nullptr;
  const OtherCores cores_do = other_cores(job);
  if (cores_do == OtherCores::race) return race_attempts(base, job, limits, threads, idle, start);
  if (threads <= 1 && !idle) {
    for (int k = 0; k < attempts; ++k)
      if (auto r = settle(job, k, attempt_number(base, job, k, limits), stats, missed_level, start, k + 1)) return *r;
    return Failure{missed_level ? "level" : "budget", stats.attempts};
  }
  // A window of `threads`: the attempt being settled and the next threads-1 at most, and one more
  // for each core borrowed from `idle` while it waits (at most one worker a core); the borrowed
  // cores go back once the workers have ended (`borrowed` outlives `ahead`).
  Borrowed borrowed(idle);
  RunAhead<AttemptRun> ahead(attempts, threads, threads, [&](std::int64_t k, const std::atomic<bool>* stop) {
    return attempt_alone(base, job, k, limits, stop);
  }, cancel);
  const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  const std::function<void()> borrow = [&] {
    if (ahead.workers() >= cores || !borrowed.borrow()) return;
    if (!ahead.add_worker()) borrowed.give_back_one();
  };
  for (int k = 0; k < attempts; ++k)
    if (auto r = settle(job, k, ahead.take(idle ? borrow : std::function<void()>{}), stats, missed_level, start,
                        k + 1))
      return *r;
  return Failure{missed_level ? "level" : "budget", stats.attempts};
}

}  // namespace hidato
