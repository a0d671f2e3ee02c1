// The schedule: which engine works on a count, and for how long.
//
//   native     restarted runs of the depth-first search (Luby lengths) alone;
//   hybrid     root propagation, then CaDiCaL over the surviving pairs (sat_count.hpp) alone;
//   automatic  the native search for a few thousand nodes (published and generated puzzles end
//              there, at microseconds; a few hundred when a unique answer is expected); then root
//              probing, which decides most unique puzzles at the root; then native runs and
//              CaDiCaL take turns in slices that double, each keeping its state (the native
//              conflict weights and restart index, CaDiCaL's learnt clauses) from one slice to
//              the next. Unless a unique answer is in sight, each turn starts with a slice of
//              local search (local_search.hpp), which finds the solutions of sparse boards.
//              When a proof is likely what is left (a unique answer expected or found, probing
//              paid, or a whole turn found no solution), CaDiCaL gets the larger share.
//              With SolveLimits::threads = 2 a second worker (Role::secondary) races this one
//              (solver.cpp): CaDiCaL first, or, on sparse boards (wide root domains), native
//              runs alone with other seeds; local search first in each turn there too.
//
// Why all three: on sparse boards with many solutions the local search finds solutions many times
// sooner than either of the others, and the native runs find the first solution 5-10x sooner than
// CaDiCaL, but their run time is heavy-tailed, and they cannot prove that no second
// solution exists unless a run exhausts its tree; CaDiCaL's learning gives those proofs. Turns
// cost at most about twice the better engine's time on a puzzle (README, solver section).
//
// Every verdict is exact whatever the schedule: solutions from any engine are real (checked,
// deduplicated; the local search only ever adds solutions), a native run that ends below its
// node limit has seen every solution, probing only removes pairs that no solution uses, and
// CaDiCaL's "no more" covers every solution not yet found (they are blocked). The budget counts
// native nodes, probes, SAT conflicts and local search steps alike, so a verdict under a budget is
// deterministic (with one worker).
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "solver/local_search.hpp"
#include "solver/sat_count.hpp"
#include "solver/search.hpp"

namespace hidato::solver_detail {

namespace {

// Automatic engine: the native search's first share. Published puzzles need a few dozen nodes,
// generated ones a few hundred. On a board of more than 1,500 free values it is two nodes a free
// value, so that the first run can reach a leaf (a descent takes about one node a value): cut at
// 3000 nodes, a blank 64x64 board's first run (4,095 nodes to both solutions) was stopped short,
// and the turns after it gave up at 20 s (83 s to decide in an outside audit's run; 1.7 s now).
// A Luby unit (three nodes a value) cost 40x40 boards with 20% clues, which the first share does
// not decide, 0.03-0.09 s more each.
constexpr std::uint64_t first_nodes = 3000;
constexpr std::uint64_t first_nodes_per_value = 2;
// The same share when the caller expects a unique answer (SolveLimits::expect_unique): then the
// proof is what is left, which the native runs rarely give and probing plus CaDiCaL do, so probing
// comes sooner. Generated puzzles up to 20x20 still end in the native search (72 of 3 topologies x
// easy, hard, expert: at most 260 nodes); at 30x30 and 40x40 a few take more (README). One
// worker: the ten unique 15x15 and 20x20 benchmark files, whose native search never ended within
// 3000 nodes, 0.97 -> 0.53 s; 24 generated hard and expert 30x30 and 40x40 puzzles 6.8 -> 5.1 s
// (with 1000 instead of 300: 0.55 -> 0.64 s and 5.0 -> 7.6 s).
constexpr std::uint64_t first_nodes_unique = 300;
// The first run, in the plain order: long enough to exhaust the tree of most generated puzzles.
constexpr std::uint64_t first_run = 2000;
// A Luby unit is this many nodes per free value at the root (a run must be able to reach a leaf,
// which takes about one node per free value), and at least min_unit.
constexpr std::uint64_t unit_per_value = 3;
constexpr std::uint64_t min_unit = 500;
// Root probing goes on past its first probes only while they remove at least one pair in
// shave_rate of them (unique puzzles: 30-45%; sparse boards with many solutions: about 4%).
constexpr std::uint64_t shave_sample = 300;
constexpr std::uint64_t shave_rate = 4;
// Native nodes per CaDiCaL conflict in a turn, in tenths: about 8 on the sparse 20x20 boards the
// turns were tuned on, and the same time shares elsewhere. Measured on random square8 boards of
// 15x15 to 40x40 with 20% and 35% clues (README, solver section): a native node costs about
// 0.003 us x N^1.5 (its propagation runs over every value: 30 us at 20x20, 200 us at 40x40), a
// conflict about 0.016 us per encoded pair and at least 50 us. So the ratio falls as boards grow
// and thin out: 1.2 at 40x40 with 35% clues, where 8 left CaDiCaL a seventh of its time share.
// (Measured before the cheaper nodes of 2026-11-27, about 0.55x that time: the native slices of a
// turn now take about half the time they were tuned with; not retuned.)
// N^1.5 for N values, the scale of a native node's cost, as N x sqrt(N) rather than std::pow:
// IEEE 754 rounds a product and a square root exactly, so the budget shares below, and a verdict
// under a budget, are the same with every C++ library.
double size_scale(int n) {
  const double x = static_cast<double>(std::max(n, 1));
  return x * std::sqrt(x);
}

std::uint64_t nodes_per_conflict_x10(int n, std::uint64_t pairs) {
  const double size = size_scale(n);
  const double ratio = std::max(240'000.0, 78.0 * static_cast<double>(pairs)) / size;
  return static_cast<std::uint64_t>(std::clamp(ratio, 5.0, 160.0));
}

// The race's second worker (Role::secondary: no first plain run, no probing, other seeds, CaDiCaL
// tuned for models) leans on CaDiCaL where the first leans on the native runs, unless the root
// domains are wide (native_width): its CaDiCaL slice comes first in each turn and is this many
// times the first worker's. Over the 40 benchmark files
// the race took 12.3 s with 16 against 14.0 s with the first worker's share and order; on random
// 35x35 and 40x40 boards with 35% clues, where native runs rarely finish, 25 s against 33 s over
// ten files (README, solver section).
constexpr std::uint64_t secondary_sat_share = 16;

// When no proof is expected (nothing suggests a unique answer: no solution found yet, probing did
// not pay), the first worker's native runs get this many slices per CaDiCaL slice: on such boards
// the native runs find the solutions, and CaDiCaL, which finds a first solution 5-10x later there,
// is kept for the boards that turn out to have none. Random square8 30x30 boards with 20% clues,
// two workers, 10 s (README, solver section): given up 5 -> 4 of 20, 16 of 20 faster, geometric
// mean of the per-file ratios 0.85; 30 smaller boards of six families 0.93.
constexpr std::uint64_t search_share = 3;

// The first worker's turns after this many that found no solution at all (no native run, local
// search slice or CaDiCaL slice found one) treat a proof as what is left (stalled_): boards with
// many solutions give the local search or a native run their first one within the first turn
// (`bench_solver`: every board of every family that was decided), so a board that gave none is
// likely unique (or has no solution), and both need CaDiCaL's refutations. Sparse unique boards,
// where probing does not pay, stayed in the search mode before, with CaDiCaL tuned for models and
// a twentieth of the nodes: `hidato solve --threads 1` on square4 20x20 extreme puzzles (seeds
// 1-8): two given up at 30 s -> 3.6 and 4.0 s, seed 2 10.8 -> 1.7 s; 18 extreme puzzles of three
// topologies 96 s (two cut at 30 s) -> 23.5 s in all (README, solver section).
constexpr int stall_turns = 1;

// The second worker builds no CaDiCaL instance above this many root pairs: two instances that grow
// with their learnt clauses would pass 100 MB on a sparse 40x40 board (one random 40x40 board
// with 20% clues given up at 10 s: 80 MB with this limit, 131 MB with 40,000).
constexpr std::uint64_t secondary_max_pairs = 20'000;

// Where the root domains are wide (more than this many candidate cells per unfixed value), the
// second worker runs native runs alone, with its own seeds, instead of leaning on CaDiCaL. Wide
// roots are sparse boards with many solutions (random square8 and hex6 boards with 20% clues:
// 25-50 cells a value; with 35% clues, and the unique benchmark puzzles: 8-12), where CaDiCaL
// finds a first solution far later than native runs (the CaDiCaL peer decided none of six random
// square8 30x30 ones within 60 s) and the native runs' time is heavy-tailed, so a second native
// worker is a second chance at a short run. Two workers, 10 s: 42 random square8 25x25 boards
// with 20% clues 67.6 -> 32.5 s in sum; on 35x35 and 40x40 boards with 35% clues (narrow) the
// second worker's CaDiCaL still decides first (README, solver section, "Two workers").
constexpr std::uint64_t native_width = 18;

// Local search (local_search.hpp) where no unique answer is in sight (local_pays): a turn gives it
// one slice, in nodes, each node local_steps_per_node(N) repair steps (a step weighs about eight
// moves, 0.6-0.9 us on 20x20 to 40x40 boards; a native node costs about 0.0017 us x N^1.5, so a
// node's worth of steps takes about as long as a node). It comes first in a turn, in both workers.
// It finds the solutions of sparse boards many times sooner than native runs or CaDiCaL: two
// workers, 10 s, `solver_vs_sat.sh --files 5`: the 45 benchmark files 15.9 -> 4.8 s (r30-20 file 3
// 33 s -> 0.31 s); 14 random square8 30x30-40x40 boards with 35% clues 9.2 -> 1.1 s, which took
// 8.5 s with CaDiCaL's slice first in the second worker (README, solver section, "Local search").
std::uint64_t local_steps_per_node(int n) {
  return static_cast<std::uint64_t>(std::clamp(0.002 * size_scale(n), 8.0, 1e6));
}

// The Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ..., i >= 1.
std::uint64_t luby(std::uint64_t i) {
  for (;;) {
    int k = 1;
    while ((std::uint64_t{1} << k) - 1 < i) ++k;
    if (i == (std::uint64_t{1} << k) - 1) return std::uint64_t{1} << (k - 1);
    i -= (std::uint64_t{1} << (k - 1)) - 1;
  }
}

std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
  return a > std::numeric_limits<std::uint64_t>::max() - b ? std::numeric_limits<std::uint64_t>::max() : a + b;
}

}  // namespace

// Restarted runs until `nodes` more nodes are spent. The primary worker's first run is in the
// plain order (it may branch on cells, as every run may: Search::cell_bias); every other run adds
// noise to the value choice and shuffles ties among cells (shuffled_), so that on a board with
// many solutions one unlucky early choice cannot hide them all under a huge subtree. Run k may take luby(k) units: short runs mostly, now
// and then a long one. A run that ends below its limit was exhaustive, and then found_ holds every
// solution (two of them, from any runs, are a proof of `multiple` anyway).
Search::Outcome Search::run_native(std::uint64_t nodes) {
  const std::uint64_t end = saturating_add(watch_.nodes(), nodes);
  while (!decided() && !exhausted_) {
    if (watch_.stopped()) return Outcome::stopped;
    if (watch_.nodes() >= end) return Outcome::budget;
    stop_ = false;
    const bool plain = runs_ == 0 && role_ == Role::primary;
    shuffled_ = !plain;
    ++runs_;
    const std::uint64_t length = plain ? std::max(first_run, run_unit_) : luby(runs_) * run_unit_;
    run_limit_ = std::min(saturating_add(watch_.nodes(), length), end);
    start_parts();
    explore(0, {});
    if (!stop_) exhausted_ = true;
  }
  return Outcome::decided;
}

// Root probing (singleton consistency under the full propagation, "shaving"): each candidate cell
// of a value is assigned on its own and propagated; a cell whose assignment fails holds that value
// in no solution and is removed at the root for good. Values with the most cells go first (far
// cells of a wide domain are the likeliest to fail, so the first probes tell best whether probing
// pays), and passes repeat until one removes nothing, or until, past the first shave_sample
// probes, too few of them have removed anything. On a unique puzzle it often leaves one cell per
// value, and the native run after it is a single descent. It never removes a pair of a solution
// (propagation is sound), so a root that fails means no solution at all. Probes count as nodes.
Search::Outcome Search::shave() {
  std::vector<int> order, cells;
  for (bool changed = true; changed;) {
    changed = false;
    order.clear();
    for (int v = 1; v <= domains_.n(); ++v)
      if (domains_.count(v) > 1) order.push_back(v);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return domains_.count(a) > domains_.count(b); });
    for (int v : order) {
      const std::uint64_t before = shaved_;
      if (!probe_value(v, cells)) return watch_.stopped() ? Outcome::stopped : Outcome::decided;
      changed = changed || shaved_ > before;
      if (probes_ >= shave_sample && !probing_pays()) return Outcome::budget;
    }
  }
  return Outcome::budget;
}

// Probes every cell of v; false when the watch expired, or when the root failed (then exhausted_:
// no solution exists).
bool Search::probe_value(int v, std::vector<int>& cells) {
  cells.clear();
  domains_.for_each_cell(v, [&](int p) { cells.push_back(p); });
  for (int p : cells) {
    if (!domains_.has(v, p) || domains_.count(v) <= 1) continue;
    if (watch_.node_expired()) return false;
    ++probes_;
    const std::size_t mark = domains_.mark();
    domains_.assign(v, p);
    const bool fits = !domains_.conflict() && settle();
    domains_.undo_to(mark);
    if (fits) continue;
    if (watch_.stopped()) return false;
    domains_.remove(v, p);
    ++shaved_;
    if (domains_.conflict() || !settle()) {
      if (watch_.stopped()) return false;
      exhausted_ = true;
      return false;
    }
  }
  return true;
}

// One SAT slice of `conflicts` conflicts. The instance is built on the first slice, from the root
// domains as they are then (after probing). The first worker tunes it for refutations when a
// unique answer is likely (the caller said so, or the native phase found one solution and no
// second, or probing removed much: SatCount's Tuning), the second always for models. Solutions
// found since the last slice are blocked before it goes on.
Search::Outcome Search::run_sat(std::uint64_t conflicts) {
  if (!sat_) {
    if (!settle(true)) {
      if (watch_.stopped()) return Outcome::stopped;
      exhausted_ = true;
      return Outcome::decided;
    }
    const bool refute = role_ == Role::primary && likely_unique();
    const auto tuning = refute ? SatCount::Tuning::refutations : SatCount::Tuning::models;
    sat_ = std::make_unique<SatCount>(puzzle_, layout_, SatCount::candidates(domains_), watch_, tuning);
  }
  if (!sat_->encoded()) return Outcome::stopped;
  const std::uint64_t before = sat_->conflicts();
  const bool done = sat_->count(found_, limit_, std::min(conflicts, watch_.nodes_left()));
  const std::uint64_t used = sat_->conflicts() - before;
  conflicts_ += used;
  watch_.add_nodes(used);
  if (done) {
    sat_none_ = !decided();
    return Outcome::decided;
  }
  if (watch_.expired()) return Outcome::stopped;
  if (watch_.nodes_left() == 0) watch_.budget_spent();
  return watch_.stopped() ? Outcome::stopped : Outcome::budget;
}

// Local search for up to `nodes` nodes' worth of repair steps (local_steps_per_node a node; the
// first placement counts as one). Every solution it reaches is recorded like a native run's
// (record_local); then a kick sends it on, to look for another. It never shows that no (other)
// solution exists.
Search::Outcome Search::run_local(std::uint64_t nodes) {
  if (!local_) {
    if (watch_.node_expired()) return Outcome::stopped;
    local_ = std::make_unique<LocalSearch>(layout_, domains_, rng_.next());
  } else {
    local_->refresh();  // root propagation (probing, CaDiCaL's settle) may have removed pairs since
  }
  const std::uint64_t per_node = local_steps_per_node(domains_.n());
  const auto steps_for = [&](std::uint64_t k) {  // saturating
    constexpr std::uint64_t most = std::numeric_limits<std::uint64_t>::max();
    return k > most / per_node ? most : k * per_node;
  };
  const std::uint64_t end = saturating_add(local_->steps(), steps_for(nodes));
  while (!decided()) {
    if (watch_.expired()) return Outcome::stopped;
    const std::uint64_t room = steps_for(watch_.nodes_left());  // steps the node budget still allows
    const std::uint64_t before = local_->steps();
    const std::uint64_t want = std::min(end - std::min(end, before), room);
    const bool solved = want > 0 && local_->run(want, [&] { return watch_.expired(); });
    watch_.add_nodes(local_->steps() / per_node - before / per_node);  // adds up to steps / per_node
    if (solved) {
      const bool fresh = record_local();
      if (decided()) break;
      // Nothing moves, or a kick led straight back to a known solution: the next turn goes on.
      if (!local_->kick() || (!fresh && local_->steps() == before)) return Outcome::budget;
      continue;
    }
    if (watch_.stopped()) return Outcome::stopped;
    if (local_->steps() >= end) return Outcome::budget;
    watch_.budget_spent();  // the node budget ended the run
    return Outcome::stopped;
  }
  return Outcome::decided;
}

// The local search's placement as a solution, checked (it is one by construction: every link
// touches, every value in its root domain, so exclusions hold too), recorded unless already found
// (then false).
bool Search::record_local() {
  Values sol = local_->values();
  if (!is_valid_solution(puzzle_, sol)) throw std::logic_error("local search: placement is not a solution");
  return add_solution(std::move(sol));
}

// At least one probe in shave_rate removed a pair (none made: false).
bool Search::probing_pays() const { return probes_ > 0 && shaved_ * shave_rate >= probes_; }

// A proof that no other solution exists is likely what is left: the caller expects a unique
// answer, the native runs found one solution and no second, root probing paid (it does on
// unique puzzles, hardly on boards with many solutions), or the turns stalled (note_stall).
bool Search::likely_unique() const {
  return stalled_ || watch_.expect_unique() || found_.size() == 1 || probing_pays();
}

// The first worker, before turn `turn` (1, 2, ...): past stall_turns turns without any solution,
// a proof is likely what is left; a CaDiCaL instance tuned for models is dropped, to be built
// again for refutations (what it learnt in its first slices is little).
void Search::note_stall(int turn) {
  if (role_ != Role::primary || stalled_ || turn <= stall_turns || !found_.empty()) return;
  stalled_ = true;
  if (sat_ && sat_->tuning() == SatCount::Tuning::models) sat_.reset();
}

// Local search pays unless a unique answer is in sight: the caller expects one, or root probing
// paid (it does on unique puzzles: there the local search would look for the one solution, which
// the native runs and CaDiCaL find on their way to the proof). The second worker does not probe.
bool Search::local_pays() const { return !watch_.expect_unique() && !probing_pays(); }

// A turn's native nodes: a quarter slice when a proof is likely what is left (CaDiCaL gives
// proofs, native runs rarely do); otherwise search_share slices in the first worker and one in the
// second, which leans on CaDiCaL.
std::uint64_t Search::native_nodes(std::uint64_t slice, bool proof) const {
  if (proof) return slice / 4;
  return role_ == Role::primary ? slice * search_share : slice;
}

// Each turn starts with a slice of local search unless a unique answer is in sight (local_pays).
// Native runs and CaDiCaL take turns in slices that double; when a proof is likely what is left,
// which native runs rarely give, CaDiCaL gets the larger share, and otherwise the first worker's
// native runs do (search_share). The second worker gives CaDiCaL the first turn and 16 times the
// share. Above `max_pairs` root pairs, native runs alone.
void Search::take_turns(std::uint64_t max_pairs) {
  const std::uint64_t pairs = SatCount::pairs(domains_);
  const bool can_encode = pairs <= max_pairs;
  const std::uint64_t per_conflict_x10 = nodes_per_conflict_x10(domains_.n(), pairs);
  const bool sat_first = can_encode && role_ == Role::secondary;
  const std::uint64_t sat_share = sat_first ? secondary_sat_share : 1;
  int turn = 0;
  for (std::uint64_t slice = 4 * run_unit_;; slice *= 2) {
    note_stall(++turn);
    if (local_pays() && run_local(slice) != Outcome::budget) return;
    const std::uint64_t conflicts = sat_share * slice * 10 / per_conflict_x10;
    if (sat_first && run_sat(conflicts) != Outcome::budget) return;
    const bool proof = can_encode && likely_unique();
    if (run_native(native_nodes(slice, proof)) != Outcome::budget) return;
    if (!sat_first && can_encode && run_sat(conflicts) != Outcome::budget) return;
  }
}

std::uint64_t Search::unfixed_values() const {
  std::uint64_t unfixed = 0;
  for (int v = 1; v <= domains_.n(); ++v) unfixed += domains_.count(v) > 1 ? 1 : 0;
  return unfixed;
}

// Unfixed values have more than native_width candidate cells each on average.
bool Search::wide_domains() const {
  const std::uint64_t unfixed = unfixed_values();
  const std::uint64_t fixed = static_cast<std::uint64_t>(domains_.n()) - unfixed;
  return SatCount::pairs(domains_) - fixed > native_width * unfixed;
}

void Search::run_automatic() {
  if (role_ == Role::secondary) return take_turns(wide_domains() ? 0 : secondary_max_pairs);
  const std::uint64_t first =
      watch_.expect_unique() ? first_nodes_unique : std::max(first_nodes, first_nodes_per_value * unfixed_values());
  if (run_native(first) != Outcome::budget) return;
  if (shave() == Outcome::stopped || exhausted_) return;
  take_turns(SatCount::max_pairs);
}

// CaDiCaL alone (above max_pairs, the native search alone). When the caller expects a unique
// answer (a generator's proof, a book's verification), root probing first: it pays on unique
// puzzles and stops itself on others (probing_pays), and CaDiCaL then encodes fewer pairs (20
// square8 20x20 extreme puzzles: median proof 210 -> 146 ms, 15 of 20 faster).
void Search::run_hybrid() {
  if (SatCount::pairs(domains_) > SatCount::max_pairs) {
    run_native(std::numeric_limits<std::uint64_t>::max());
    return;
  }
  if (watch_.expect_unique() && (shave() == Outcome::stopped || exhausted_)) return;
  run_sat(std::numeric_limits<std::uint64_t>::max());
}

SolveReport Search::run() {
  const auto start = Clock::now();
  SolveReport rep;
  const int n = puzzle_.board.size();
  bool ok = load();
  weight_.assign(static_cast<std::size_t>(n) + 2, 1.0);
  phase_.assign(static_cast<std::size_t>(n) + 2, -1);
  if (ok) {
    // Root: propagate untrailed, then search with a trail.
    ok = settle();
    domains_.start_trail();
  }
  if (ok) {
    run_unit_ = std::max<std::uint64_t>(min_unit, unit_per_value * unfixed_values());
    switch (watch_.engine()) {
      case Engine::native: run_native(std::numeric_limits<std::uint64_t>::max()); break;
      case Engine::hybrid: run_hybrid(); break;
      case Engine::automatic: run_automatic(); break;
    }
  } else if (!watch_.stopped()) {
    exhausted_ = true;
  }
  rep.stats.nodes = watch_.nodes();
  rep.stats.probes = probes_;
  rep.stats.conflicts = conflicts_;
  rep.stats.propagations = watch_.steps();
  rep.stats.backtracks = backtracks_;
  rep.stats.splits = splits_;
  rep.stats.dead_parts = dead_parts_;
  rep.stats.chased = chased_;
  rep.stats.phased = phased_;
  rep.stats.local_steps = local_ ? local_->steps() : 0;
  rep.stats.stop = watch_.reason();
  rep.stats.ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  if (found_.size() >= 2) {
    rep.verdict = Verdict::multiple;
    rep.solution = found_[0];
    rep.second = found_[1];
  } else if (!exhausted_ && !sat_none_ && !decided()) {
    rep.verdict = Verdict::gave_up;  // with limit 1, one solution found is decided: `unique`
  } else if (found_.size() == 1) {
    rep.verdict = Verdict::unique;
    rep.solution = found_[0];
  } else {
    rep.verdict = Verdict::none;
  }
  return rep;
}

}  // namespace hidato::solver_detail
