#pragma once
// make_puzzle(job) -> Result<GeneratedPuzzle>
//
// Three named steps, Signpost's shape: `fill` lays a random Hamiltonian path over the board,
// `strip` builds the givens up and down to the level (easy..expert: the tier-limited grader
// finishes it, the tier below does not, and no single given can go; extreme: minimal for the
// exact solver and beyond deduction), `confirm` re-verifies with a fresh solver. A job either
// gets its level or fails with reason "level"; there is no substitute.
// Everything is a pure function of the job (its seed and budget): same job, same puzzle, on any
// machine and thread count. The wall-clock deadline is only a safety net: when it fires the job
// fails with reason "deadline"; it is never quietly retried.
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/puzzle.hpp"
#include "core/result.hpp"
#include "grader/grader.hpp"
#include "solver/solver.hpp"

namespace hidato {

struct BoardSpec {
  Topology topology = Topology::square8;
  std::string shape = "rect";  // a procedural shape name, or "mask" with mask_file set
  std::string mask_file;       // text picture of the outline (templates/shapes/*.txt)
  int rows = 10;
  int cols = 10;
  double obstacles = 0.0;      // fraction of the shape's cells turned into holes, [0, 0.5)
  bool hide_ends = false;      // when true, 1 and N need not be shown
  double fill = 0.65;          // shape "grown": share of the rows x cols box the path visits, [0.2, 1]
  bool sparse = false;         // extreme: anneal the path for the fewest givens, whose proofs take
                               // longer (path_temperature); the deduction levels always do
  friend bool operator==(const BoardSpec&, const BoardSpec&) = default;
};

struct WorkBudget {
  std::uint64_t nodes_per_attempt = 2'000'000;  // deterministic: solver nodes per attempt (extreme:
                                                // its patience first, generator.cpp)
  int max_attempts = 20;
  int deadline_ms = 0;                          // wall-clock safety net per puzzle; 0 = none
  friend bool operator==(const WorkBudget&, const WorkBudget&) = default;
};

struct PuzzleJob {  // fully determines one puzzle
  std::string set_id;
  int index = 0;
  BoardSpec board;
  Difficulty target = Difficulty::medium;
  std::uint64_t seed = 0;
  WorkBudget budget;
  bool order_by_score = false;  // the set prints its puzzles easiest first (`order: score`); not
                                // an input of the generator, carried to the manifest for printing
  friend bool operator==(const PuzzleJob&, const PuzzleJob&) = default;
};

struct GenStats {
  std::uint64_t nodes = 0;  // solver nodes over all attempts
  double ms = 0;
  int attempts = 0;
  int undecided = 0;        // extreme: removal tests of the returned attempt the solver could not settle
                            // within its per-call cap, even on a retry with 10x the cap (the
                            // given was kept; 0 = proven minimal)
};

struct GeneratedPuzzle {
  PuzzleJob job;
  int attempt = 0;           // which attempt k (seed derive(job.seed, k)) produced it
  Puzzle puzzle;
  Values solution;
  Grade grade;
  GenStats stats;
};

// Most playable cells (after obstacles) a generated board may have (check_spec): the
// grader's deduction states hold cells x values bits each, so memory and time grow with the square
// of the cells (square8 easy, one puzzle: 60 x 60 9 s and 58 MB, 100 x 100 127 s and 407 MB on a
// loaded machine; 200 x 200 past 7 GB and 10 minutes, unfinished).
inline constexpr int max_generated_cells = 10'000;
// Human-readable problem with the spec (unknown shape, ratio out of range, board too small or
// too big, Numbrix parity impossible, unreadable mask), or nullopt when the spec can be generated.
std::optional<std::string> check_spec(const BoardSpec& spec);
std::vector<std::string> shape_names();
// "unknown shape 'blob' (expected rect, circle, ...)" for a name that is none of shape_names().
std::optional<std::string> unknown_shape(const std::string& name);

// Why `puzzle` cannot be one the generator made for `spec` (another shape or size, holes where it
// asks for none, more cells than its holes leave, an end not shown that it shows), or nullopt.
// For readers of made puzzles: a manifest entry's spec must describe its board.
std::optional<std::string> board_problem(const BoardSpec& spec, const Puzzle& puzzle);

// A figure too small for its board to show (a 4x4 Numbrix ring is a plain 4 x 4 square): "shape
// 'ring' at 4x4 under square4 comes out a plain 4 x 4 rectangle ...", else nullopt. For notes:
// such a board is valid, only not what its name says. Assumes check_spec(spec) passed.
std::optional<std::string> shape_note(const BoardSpec& spec);

// Fewest playable cells (after obstacles) a level needs; measured (see README "Difficulty"): on
// smaller boards tier 1-2 deduction finishes every clue set, so the level cannot be reached.
int min_cells_for(Difficulty level);
// A problem when `level` cannot be reached on boards of `spec` (too few cells), else nullopt.
// Assumes check_spec(spec) passed.
std::optional<std::string> check_level(const BoardSpec& spec, Difficulty level);

// Bumped whenever the same job may give a different puzzle (recorded in the manifest's "tool";
// a seed reproduces a puzzle only under the same generator version, a description always does).
// 2: levels by deduction (build up + strip down with the grader), extreme.
// 3: extreme's removal tests on incremental oracles (a test version 2 left open may now be
//    settled, and its given removed; with no open test the puzzle is the same as version 2's).
// 4: the solver's automatic schedule (root probing, restarts, turns with CaDiCaL): a proof that
//    version 3 left open under its node cap may now be settled, or the other way round; puzzles
//    whose every test was decided both times are the same (a 47-puzzle sample of every level and
//    topology came out byte-identical).
// 5: the turns give CaDiCaL a share that follows the board's size (nodes per conflict from N and
//    the pair count): under a node cap a test may be settled where version 4 left it open, or
//    the other way round; a sample of square8 20x20 and hex6 15x15 extreme and square8 30x30
//    hard puzzles came out byte-identical.
// 6: extreme gives up an attempt whose removal tests outgrow its patience (a node budget below
//    the job's, doubled per attempt; the last attempt keeps the whole budget) for the next path:
//    a job whose attempt 0 spent more than that now returns a later attempt's puzzle.
// 7: extreme's removal oracles try the puzzle's own solution first (RemovalOracle::prefer), so
//    their tests spend other conflict counts: an attempt that outgrew its patience may now fit
//    it, or the other way round; attempts that fit both times give the same puzzle. (Extreme's
//    confirmation also moved to the hybrid engine, proof_engine: same verdicts.)
// 8: extreme's stage A settles the givens a local search shows needed without the oracle
//    (without_near_witness), so it charges fewer conflicts to the attempt's patience: an attempt
//    that outgrew it may now fit; the clue set of an attempt that fits both times is the same
//    (square8 20x20, seeds 1-20: all 20 puzzles byte for byte).
// 9: the automatic engine's native first share is 300 nodes when a unique answer is expected
//    (solver/schedule.cpp), so a proof under a node cap (the confirmation of a puzzle whose native
//    search needs more than 300 nodes, a removal test without an oracle) may end where version 8
//    gave up, or the other way round; so may the native search's first run branching on cells
//    (search.cpp, cell_bias), which changes node counts everywhere. 30 level/topology/size
//    combinations, five 16x16-24x24 sets and square8 20x20 extreme seeds 1-3 came out
//    byte-identical.
// 10: extreme anneals its paths at 0.2 (path_temperature, was 0.5): every extreme puzzle
//    changes; the deduction levels' puzzles do not.
// 11: an extreme attempt that may be given up is given up before stage B when its floor is too
//    wide (generator.cpp, floor_limit): extreme puzzles whose attempt 0 had such a floor
//    change (20x20 seeds 1-60: 25 hex6 puzzles, 10 square8); sparse extreme and the deduction
//    levels do not.
// 12: square4's SAT instances encode the path's links (solver/sat_count.hpp, Links): no verdict
//    changes, but a removal test's conflicts do, so a square4 extreme attempt may now fit its
//    patience where version 11 gave it up, or end a test its cap left open (20x20 seeds 1-14:
//    11 the same, seed 13 from attempt 0 instead of 1, seeds 3 and 12 were cut at 200 s before).
//    Square8 and hex6 puzzles, and the deduction levels', do not change.
// 13: a stage-B removal test of an extreme attempt that may be given up stops at a quarter of
//    the attempt's patience (generator.cpp, longest_test), not at ten times the per-call cap:
//    an attempt with such a test is given up sooner, for the next one (square4 20x20 seeds 7
//    and 13 now from attempt 1; the other 12 of seeds 1-14 the same). Square8 and hex6 tests
//    stay far below it (20x20 seeds 1-30 the same), and sparse and the deduction levels do not
//    change.
// 14: when the path search's budget runs out, find_hamiltonian_path falls back to a
//    line-by-line snake (fill.cpp, snake): big rectangles (square4 65x65, hex6 100x100) that
//    were refused or whose attempts failed there now get a path. Every board the search served
//    gets the same path as before. Square4 figures other than rect keep blocks that touch one
//    other block (shapes.cpp: no dead-end trimming on the block grid): triangles, diamonds,
//    hearts and stars keep their points, so those boards change. Grown boards (and any whose
//    carving emptied a border line) are cropped to their path (fill.cpp, board_of_path).
// 15: the solver's dead-end rule (solver/regions.cpp) judges fixed neighbours on the values fixed
//    when its pass began: it had cut links next to values the pass itself fixed, and so called
//    some boards without their ends given "no solution" and pruned solutions in search. A proof
//    or removal test that met such a state may now end otherwise, so the same job may give
//    another puzzle (the bundled configs and a sample of every level and topology came out
//    byte-identical; see README "Reproducibility").
// 16: CaDiCaL's refutation tuning backjumps on every conflict (chrono=0, solver/sat_count.hpp):
//    no verdict changes, but a removal test's conflict count does, so an extreme attempt may fit
//    its patience or a test's cap where version 15 gave it up, or the other way round (square4,
//    hex6, square8 20x20 extreme: seeds 1-6, 1-12, 1-12 gave the same puzzles). The deduction
//    levels do not change.
// 17: CaDiCaL's refutation tuning runs without inprocessing, and an extreme strip's stage B
//    adds each given it finds needed to the oracle's floor (RemovalOracle::raise_floor), and
//    looks for a witness of each of its tests in a wide window first (NearWindow::wide): again
//    no verdict changes, but conflict counts do, with the same consequence as in 16 (square4,
//    hex6, square8 20x20 extreme: seeds 1-14, 1-12, 1-12 gave the same puzzles).
// 18: square4's SAT instances ban every cycle of at most 10 cells of links (solver/sat_count.hpp,
//    cycle_ban_length): no verdict changes, but square4 conflict counts do, with the same
//    consequence as in 16 (square4 20x20 extreme seeds 1-14 gave the same puzzles; square4 11x11
//    seed 49's attempt 0, given up under 17 for a test longer than a quarter of its patience,
//    now fits). Hex6 and square8 have no links: their puzzles do not change.
// 19: a square4 extreme attempt that may be given up leaves a stage-B test open after a
//    sixteenth of its patience instead of a quarter (generator.cpp, longest_test), and so is
//    given up sooner: square4 20x20 extreme seeds 1-26 gave the same puzzles but for seeds 10,
//    13, 16, 21 and 23; hex6 and square8 do not change.
// 20: extreme's phase 1 on square8 and hex6 is the hard level's clue set (deduction_clues at
//    tier 3) instead of a strip by fresh tier-4 grades from the full board: their extreme
//    puzzles change (the attempt returned, and its clue set); square4's and sparse ones do not.
//    A hex6 stage-B test that may give its attempt up does so after a sixteenth of the patience
//    instead of a quarter (generator.cpp, longest_test).
// 21: every extreme attempt but the last allowed may be given up for its floor or an open
//    removal test, also one whose patience has reached the job's budget (generator.cpp,
//    make_puzzle; until 20 attempt 3 on hex6 20x20 was kept whatever its floor): extreme jobs
//    that reached such an attempt may now return a later one's puzzle. Jobs that ended earlier,
//    and the deduction levels, do not change.
// 22: an extreme attempt that may be given up runs stage A's tests cheapest first (so a floor
//    too wide shows sooner; the verdicts and stage B's order do not change), and is given up
//    before them when its stage-A oracle is more than a quarter wider than the floor limit
//    (generator.cpp, stage_a_too_wide), a forecast that may give up an attempt version 21 kept:
//    hex6 10x10 seed 6 now returns attempt 1 (seeds 1-60 else the same); hex6 20x20 seeds
//    101-160 gave the same puzzles but seed 132; square8 20x20 seeds 101-160 and 10x10 seeds
//    1-60, and square4 (no floor limit) 20x20 seeds 1-8 all the same. Sparse and the deduction
//    levels do not change.
// 23: a hex6 extreme attempt (not `sparse`) draws four paths and keeps the one of the most slack
//    (paths_drawn): every hex6 extreme puzzle changes (the path, and which attempt is returned);
//    square8, square4, sparse and the deduction levels do not.
// 24: a square4 figure whose coarse 2x2-block drawing fell apart into pieces gets the holes that
//    join them (topology/shapes.cpp, bridged) instead of keeping its largest piece: the ring in
//    an 8x8 or 9x9 box (also 9x13) is the 8x8 frame, 48 cells where it was a 2x4 strip of 8; the
//    star in a 14x14 or 15x15 box (also 15x19) has 88 cells where it had 72. Every other square4
//    figure from 6 to 30 a side (square boxes, and rows x rows+4 for every third size) and every
//    other topology is the same board, so its puzzles do not change.
// 25: the grader reads a path either way (grader/gap_paths.cpp, contradiction.cpp): a gap between
//    two placed numbers is crossed from the lower end and, when that gives up, from the upper
//    one; what-ifs run from the ends of the path inwards, k with N+1-k. A puzzle and its reverse
//    now get the same grade; grades that change change the puzzles of those levels.
// 26: a hard clue set gets expert's sweep of fresh grades at its own tier (strip_to_level), so
//    that `# minimal: tier 3` holds for fresh grades: a hard puzzle whose strip kept a given a
//    fresh tier-3 grade does without loses it (rare: 1 of 222 easy..expert puzzles of an outside
//    check); every other puzzle is the same.
// 27: a square4 board made of 2x2 blocks that the path search could not cover within its budget
//    gets the block cycle (fill.cpp, block_cycle) where it was refused ("no Hamiltonian path
//    found": square4 circles at 64x66, 70x72, 100x102); every board the search or a snake served
//    gets the same path, so no puzzle made before changes.
// 28: a board the path search, the snakes and the block cycle all miss gets its path from the
//    exact solver on the blank board (fill.cpp, solved_path) where it was refused ("no
//    Hamiltonian path found"): masks whose two dead ends the search ran into (an outside check:
//    33 of 114 refused random masks had a path). Every board served before gets the same path.
// 29: square4 extreme paths (not `sparse`) are not annealed (path_temperature: an infinite
//    temperature, every move kept), and a square4 stage-B test that may give its attempt up
//    stops at a sixty-fourth of the patience instead of a sixteenth (generator.cpp,
//    longest_test): every square4 extreme puzzle changes (about 40 givens at 20x20 where there
//    were 28, and 3-6x faster to make). Square8, hex6, sparse and the deduction levels do not.
// 30: square4 extreme (not `sparse`) strips in phase 1 by fresh tier-3 grades instead of tier 4,
//    both its strips try the givens of the most slack first, and an attempt whose floor has
//    more than 35 root pairs a cell is given up before stage B (generator.cpp, extreme_tuning,
//    floor_limit): every square4 extreme puzzle changes (about 50 givens at 20x20 where there
//    were 40, and about 1.7x faster to make). The removal oracle's tests no longer hand their
//    root pruning to CaDiCaL (solver/removal_oracle.cpp): the same verdicts, other conflict
//    counts, so an extreme attempt on any topology may now be kept or given up where it was
//    not, and such a puzzle changes (none did among hex6 and square8 20x20 seeds 1-30 and
//    sparse 10x10 seeds 1-6). The deduction levels do not change.
// 31: on square4 (boards whose encoding has links), CaDiCaL refutes -- the removal oracle's tests,
//    an extreme attempt's final proof, any proof told to expect one solution -- without shrinking
//    its learnt clauses or bumping their reasons (solver/sat_count.hpp, Tuning): the same
//    verdicts, other conflict counts, so a square4 extreme attempt may now be kept or given up
//    where it was not, and such a puzzle changes (none did among square4 20x20 seeds 121-150).
//    Hex6, square8 and the deduction levels' puzzles do not change.
// 32: hex6 extreme (not `sparse`) races its attempts in two lanes by work (generator.cpp,
//    race_attempts): lane 0 runs attempts 0, 2, 4, ..., lane 1 runs 1, 3, 5, ..., and the job
//    returns the result of the lane whose attempts spent fewer solver nodes up to it (lane 0 on
//    a tie), where it returned the first attempt that succeeded: a hex6 extreme puzzle changes
//    where lane 1 wins (hex6 20x20 seeds 301-330: 8 of 30), and `stats.attempts` counts the
//    attempts of both lanes within the winner's work. Square8, square4, sparse and the
//    deduction levels do not change.
// 33: square4 extreme (not `sparse`) races its attempts in two lanes by work as hex6 does, and
//    in both races an attempt's work leaves out its confirming proof's nodes and counts a charge
//    for what it does without solver nodes (generator.cpp, race_work, attempt_start_work: 5,000
//    nodes at 400 cells), so lane 1 now wins some jobs where lane 0 did and back: a square4
//    extreme puzzle changes where lane 1 wins (square4 20x20 seeds 301-330: 16 of 30), a hex6
//    extreme puzzle where the new work turns the race (hex6 seeds 301-330: 5 of 30).
//    Square8, sparse and the deduction levels do not change.
inline constexpr int generator_version = 33;

// `threads`: how many attempts may run at once. With more than one, the attempts after the one
// being settled run ahead on other threads: the puzzle (and its stats but ms) is the same as with
// one, and comes sooner when early attempts fail (work for an idle core: a single puzzle, not a
// book whose puzzles already keep every core busy). With `idle`, an extreme puzzle's attempts
// run on a worker thread, and while one is settled the puzzle borrows the cores `idle` has free
// for attempts ahead (at most one worker a core), giving them back when it returns: a book's
// last puzzles take the cores its finished ones left (run_jobs). The puzzle is the same again.
// Square4 extreme (not `sparse`) runs no attempt ahead: its attempts run one after another, and
// the task arena's free cores help the one being made (its strips' speculation, ConfirmAhead).
// Hex6 extreme (not `sparse`) races two lanes of attempts by work instead (generator 32): with
// two threads, or a core borrowed from `idle`, the lanes run side by side, else they take turns
// on one thread; the puzzle is the same either way.
class IdleCores;  // core/run_ahead.hpp
Result<GeneratedPuzzle> make_puzzle(const PuzzleJob& job, const std::atomic<bool>* cancel = nullptr, int threads = 1,
                                    IdleCores* idle = nullptr);

// The engine for proving a generated puzzle of level `target` unique (the generator's confirmation,
// the book's verification, `hidato verify`): an extreme puzzle needs search by definition, so the
// automatic engine's native share would be spent for nothing and it goes straight to the hybrid
// engine (square8 20x20, four puzzles: 94-368 ms against 316-679 ms); the others stay automatic,
// where deduction-level puzzles take microseconds.
Engine proof_engine(Difficulty target);

// The Metropolis temperature at which the path of a puzzle of level `target` is annealed towards
// low slack (fill, anneal_slack): 0.5, and 0.2 for extreme unless `sparse`: its path keeps more
// slack (the annealing freezes early) and so needs more givens, but its removal tests, the proofs
// that the clue set is minimal, are far cheaper (square8 20x20: median 2.1 -> 0.55 s, 82 -> 105
// givens; the figures are in generator.cpp). Square4 extreme goes further: infinity, no bias at
// all (20x20: median 6.0 -> 1.9 s, 28 -> 40 givens). BoardSpec::sparse chooses the fewest givens
// instead.
double path_temperature(Topology topology, Difficulty target, bool sparse = false);

// The paths an attempt draws (one fill after the other, from the attempt's Rng), keeping the one
// of the most slack (path_slack; the first of them on ties): 4 for extreme on hex6 unless
// `sparse`, 1 otherwise. Slack is what extreme's proofs turn on: hex6 20x20 seeds 1-40 (a timing
// build, one path each), by quarters of the slack 4, 7, 11 and 18 of about 24 attempts were
// kept, the others given up for a floor too wide (generator.cpp, floor_limit), and the kept ones'
// proofs are cheaper too. The price is a few givens more, and three more fills (about 5 ms each
// at 20x20). Release builds alternating seed by seed, hex6 20x20 extreme seeds 1-100 (README
// "Figures", generator 23): 199.8 -> 111.2 s of user CPU, median 1.35 -> 0.92 s, within 2 s 73
// -> 90, 74.4 -> 77.8 givens. Eight paths did no better (seeds 161-220: 69.0 s with four, 71.9 s
// with eight, 79.2 givens). On square8 and square4 the most slack of 8 only added givens (a
// timing build: square8 20x20 seeds 1-40 20.2 -> 20.6 s, 110.6 -> 117.5 givens; square4 seeds
// 1-6 60.4 -> 65.0 s, 29.3 -> 34.0 givens).
int paths_drawn(Topology topology, Difficulty target, bool sparse = false);

}  // namespace hidato
