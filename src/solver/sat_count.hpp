#pragma once
// SatCount: the residual problem left after root propagation, as CNF for CaDiCaL.
//
// One Boolean x(v, p) per surviving pair of the root domains (value v may sit at position p):
//   exactly one value per cell and one cell per value (at-least-one clause, and an at-most-one
//   that is pairwise up to 5 literals and a sequential counter beyond);
//   x(v, p) -> OR x(v+1, q) and x(v, p) -> OR x(v-1, q) over the neighbours q of p still in the
//   domain of v+1 (v-1).
// Those clauses are exactly the Hidato rules, so every model is a solution and back.
// With Links::degree, one more Boolean l(p, q) per pair of neighbouring cells ("p and q hold
// consecutive values": a link of the path), tied to the pairs both ways and bounded by degree:
//   x(v, p) and x(v+1, q) -> l(p, q);   l(p, q) and x(v, p) -> x(v-1, q) or x(v+1, q);
//   every cell has at most two links, a cell holding 1 or N at most one, and a cell holding
//   neither at least two (for each of its links, one of the others);
//   no cycle of at most cycle_ban_length cells has all its links (a clause per cycle).
// They hold in every solution (set each l to what the solution links), so they change no verdict;
// they let CaDiCaL reason about the path's shape without a value in view ("this corner cell
// links both its neighbours"), which the pair clauses only say value by value. That pays where
// cells have few neighbours (see links_for).
// Counting:
// solve; each model found is decoded, checked with is_valid_solution, blocked with the clause
// "not all the same unfixed pairs", and the same incremental instance is solved again, keeping
// what it learnt.
//
// Tuning: CaDiCaL's "sat" configuration with every pair tried false first (nearly all of them
// are) for counting, where the hard cases are sparse boards with many solutions (2-3x faster than
// the defaults there); its "unsat" configuration for the removal oracle, whose hard tests are
// refutations (32 s against 68 s on one hex6 20x20 extreme puzzle), there without chronological
// backtracking (chrono=0: a conflict always backjumps; the proofs of 18 extreme 20x20 puzzles,
// `solve --expect-unique --engine hybrid`, 8.7-9.7 -> 6.0-6.3 s in sum, square4 1.5-2x, the
// others within noise; square4 / hex6 / square8 20x20 extreme generation, seeds 1-6 / 1-12 /
// 1-12, 68.4 -> 61.3 s, 16.5 -> 15.2 s, 6.7 -> 6.7 s, the same puzzles; of eleven single options
// tried on the square4 proofs, only this one moved them past noise), and without inprocessing
// (inprocessing=0: no elimination, subsumption, probing or vivification rounds). The removal
// oracle asks hundreds of short incremental questions, over which those rounds never paid: on
// square4 20x20 extreme strips they took half the time for the same conflicts (one strip's
// stage B 17.2 -> 9.0-9.8 s; generation, oracles alone, seeds 1-2 and 4-6 53.8 -> 33.8 s; hex6
// seeds 7-18 22.4 -> 20.8 s, square8 6.1 -> 5.8 s, the same puzzles). One-shot proofs gain
// too, less (`solve --expect-unique --threads 1` on 26 unique 15x15-20x20 boards, two runs:
// engine hybrid 8.1 / 8.2 -> 6.6 / 6.4 s, auto 11.8 / 11.4 -> 10.2 / 10.1 s; a sparse square4
// 20x20 extreme proof 1.6 -> 0.7 s; no board slower past noise). Which one a count uses is the
// caller's hint (SolveLimits::expect_unique). A portfolio of both, taking turns in doubling
// conflict slices, was about 2x slower than the better one (README, solver section).
// With links (square4), refutations also run without shrinking learnt clauses (shrink=0) and
// without bumping the variables of their reasons (bumpreason=0): each conflict is cheaper, and
// the links' long clauses made reason bumping scatter the focus. Square4 20x20 extreme, `hidato
// generate -j 1`, seeds 121-150, one build with the options behind an environment switch,
// alternating seed by seed: stage B's oracle tests 20.8-21.7 -> 16.3-16.5 s in sum (shrink=0
// alone 19.0-19.3 s, bumpreason=0 alone 19.3 s), the final proofs 5.8-6.0 -> 5.2 s, the runs
// 43.6-44.8 -> 38.2-38.3 s, every puzzle the same; one-shot proofs of those 30 puzzles (`solve
// --expect-unique --engine hybrid --threads 1`) 6.3-6.5 -> 5.5 s. Not on hex6 or square8 (no
// links): hex6 20x20 extreme seeds 1-20, stage B 10.2-10.4 -> 11.2-11.3 s with both (bumpreason=0
// alone 9.9 s); square8 seeds 1-20 2.4-2.5 -> 2.2 s (a fifth of a run's time; within noise).
//
// Stops: the deadline and cancel flag through CaDiCaL's Terminator (they only ever turn a result
// into gave_up), the deterministic budget as CaDiCaL's conflict limit.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "core/puzzle.hpp"
#include "solver/domains.hpp"
#include "solver/layout.hpp"
#include "solver/watch.hpp"

namespace CaDiCaL {
class Solver;
}

namespace hidato::solver_detail {

class SatCount {
 public:
  // Candidate positions of every value (index v = 1..N, ascending positions).
  using Candidates = std::vector<std::vector<int>>;
  static Candidates candidates(const Domains& domains);

  // What the instance is tuned for (see the top of this file).
  enum class Tuning { models, refutations };
  // Whether the encoding adds the link variables (see the top of this file): `automatic` is
  // links_for(layout) up to links_max_pairs; the others force it (tests, comparisons).
  enum class Links { automatic, none, degree };
  // Links::degree where no cell has more than four neighbours (square4), none elsewhere. With
  // links in every instance (a timing build): square4 20x20 extreme strips, seeds 1-6, 199+ s
  // -> 85 s in all; `bench_solver`'s minimal unique square4 15x15 boards 625-774 -> 443-506 ms
  // at the median (two runs); hex6 20x20 extreme about even (seeds 1-36, 69.3 -> 65.0 s),
  // square8 10% slower (15 seeds: eight neighbours make many more clauses).
  static Links links_for(const Layout& layout);

  // Encodes the candidate pairs (call with the root domains, after propagation). The encoding
  // polls the watch; when it expired, encoded() is false and nothing else may be called.
  SatCount(const Puzzle& puzzle, const Layout& layout, const Candidates& candidates, Watch& watch,
           Tuning tuning = Tuning::models, Links links = Links::automatic);
  ~SatCount();
  SatCount(const SatCount&) = delete;
  SatCount& operator=(const SatCount&) = delete;

  bool encoded() const { return encoded_; }
  // The cycles of links banned (see cycle_ban_length; 0 without links).
  std::uint64_t cycle_bans() const { return cycle_bans_; }
  Tuning tuning() const { return tuning_; }
  // CaDiCaL holds about 0.5 KB per pair (clauses, watches, counters): above this many root pairs
  // (an open board far from its givens, ~200 MB) the native engine keeps the puzzle, in every mode.
  static constexpr std::uint64_t max_pairs = 400'000;
  // Above this many pairs `automatic` leaves the links out: with them an open
  // square4 40x40 board with 5% clues (between 100,000 and 250,000 pairs; hybrid engine, 10 s,
  // gave up either way) peaked at 426 MB against 326 MB, so big open boards keep what they
  // cost before. Square4 20x20 extreme floors have 14,000-26,000 pairs.
  static constexpr std::uint64_t links_max_pairs = 100'000;
  // With links, every cycle of at most this many cells is banned (one clause each: not all of its
  // links). Solutions are paths, so no verdict changes; CaDiCaL no longer has to learn, value by
  // value, that a ring of cells cannot close. Away from its edges a square4 board has 38 such
  // cycles per cell (1 of 4 cells, 2 of 6, 7 of 8, 28 of 10). One-shot proofs of 25 square4
  // 20x20 extreme puzzles (`solve --expect-unique --engine hybrid --threads 1`): 330,000 ->
  // 276,000 nodes, 38.8 -> 32.2 s. Up to 8 cells: about as many nodes, but `bench_solver
  // --family "square4 15x15 minimal"` (engine auto) took 50,900 nodes at the median against
  // 32,000; up to 12: 268,000 nodes and the bench's slowest board 1.8 -> 1.0 s, but 162 cycles
  // per cell, and a square4 40x40 board with 10% clues (10 s, given up) peaked at 170 / 248 MB
  // (auto / hybrid) against 146 / 187 MB without bans (157 / 191 MB at 10). Extreme generation
  // gains less (README, "Figures").
  static constexpr std::size_t cycle_ban_length = 10;
  // Above this many pairs CaDiCaL runs without its clause arena (memory; see the constructor).
  static constexpr std::size_t arena_max_pairs = 20'000;
  // Pairs (variables) in the encoding, before auxiliaries: the size test of the hand-over.
  static std::uint64_t pairs(const Domains& domains);

  // Adds to `found` distinct solutions (the ones already there are blocked first) until it holds
  // `limit` or no other solution exists. True when decided that way; false when the watch expired
  // or `conflict_budget` conflicts were spent. It may be called again with the same `found`,
  // grown meanwhile by other means: only solutions it has not blocked yet are blocked then, and
  // the instance goes on with everything it learnt.
  bool count(std::vector<Values>& found, int limit, std::uint64_t conflict_budget);
  std::uint64_t conflicts() const;
  // From now on, `progress` is told the conflicts of the solve running (solve_assuming, count)
  // every progress_every conflicts, from inside CaDiCaL on the calling thread; it may block.
  // An empty function stops the reports.
  void report_progress(std::function<void(std::uint64_t)> progress);
  static constexpr std::uint64_t progress_every = 64;

  // Decisions on a pair take `solution`'s side first from now on (CaDiCaL's forced phase): true
  // where the solution puts that value, false elsewhere. A hint, never a change of verdict: for a
  // search whose models lie near a known solution (a removal test's witness differs from the
  // puzzle's solution in a few places). The auxiliary variables keep CaDiCaL's own phases.
  void prefer(const Values& solution);

  // Every encoded pair outside `within` (candidate positions per value, as candidates()) is false
  // from now on, for good (unit clauses): for a caller whose later questions all lie inside it.
  // Returns how many pairs that was.
  std::uint64_t forbid_outside(const Candidates& within);

  // One solve under assumptions: the (value, position) pairs `fixed` hold and `banned` does not.
  // A solution (checked against `puzzle`) when there is one; nullopt with *decided = true when
  // there is none, with *decided = false when the watch expired or the conflicts ran out.
  std::optional<Values> solve_assuming(std::span<const std::pair<int, int>> fixed,
                                       std::pair<int, int> banned, const Puzzle& puzzle,
                                       std::uint64_t conflict_budget, bool* decided);

 private:
  int var(int v, int pos) const;
  void exactly_one(const std::vector<int>& lits);
  void at_most_one(const std::vector<int>& lits);
  void clause(std::initializer_list<int> lits);
  void encode_supports();
  void encode_links();
  Values decode();
  void block(const Values& solution);
  int solve();  // CaDiCaL's solve(): 10 a model, 20 none, 0 stopped

  const Puzzle& puzzle_;
  const Layout& layout_;
  int n_ = 0;
  Watch& watch_;
  Tuning tuning_;
  std::unique_ptr<CaDiCaL::Solver> sat_;
  struct Hooks;
  std::unique_ptr<Hooks> hooks_;
  int next_var_ = 1;
  bool encoded_ = false;
  std::uint64_t cycle_bans_ = 0;
  std::size_t blocked_ = 0;  // solutions of count()'s `found` already blocked
  // Variables of value v: cells_[v] lists (position, variable) in position order.
  std::vector<std::vector<std::pair<int, int>>> cells_;

};

}  // namespace hidato::solver_detail
