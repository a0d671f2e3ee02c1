#include "generator/fill.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <utility>

#include "core/puzzle.hpp"
#include "generator/base_board.hpp"
#include "solver/solver.hpp"
#include "topology/shapes.hpp"

namespace hidato {
namespace {

constexpr std::uint64_t poll_every = 4096;  // steps between two looks at the clock / cancel flag

bool stopped(const StopCheck& stop, std::uint64_t step) { return stop && (step - 1) % poll_every == 0 && stop(); }

// For loops whose steps cost anything from one cell to the whole path (segment reversals): looks
// at `stop` once per poll_work cells moved (about a millisecond), and before the first step.
class WorkPoll {
 public:
  explicit WorkPoll(const StopCheck& stop) : stop_(stop) {}
  bool stopped() {
    if (!stop_ || spent_ < next_) return false;
    next_ = spent_ + poll_work;
    return stop_();
  }
  void spend(std::uint64_t cells) { spent_ += cells + 1; }

 private:
  static constexpr std::uint64_t poll_work = std::uint64_t{1} << 20;
  const StopCheck& stop_;
  std::uint64_t spent_ = 0;
  std::uint64_t next_ = 0;
};

// A partial or complete path with the inverse index; pos[c] == -1 when c is not on it.
struct PathState {
  CellOrder order;
  std::vector<int> pos;

  void reverse(int i, int j) {  // reverses order[i..j]
    std::reverse(order.begin() + i, order.begin() + j + 1);
    for (int k = i; k <= j; ++k) pos[static_cast<std::size_t>(order[static_cast<std::size_t>(k)])] = k;
  }
  int length() const { return static_cast<int>(order.size()); }
  CellId at(int i) const { return order[static_cast<std::size_t>(i)]; }
  int where(CellId c) const { return pos[static_cast<std::size_t>(c)]; }
};

// Backbite at the tail: a neighbour u of the tail (on the path, not its predecessor) becomes the
// tail's predecessor; the segment after u is reversed. Returns the cells moved.
int backbite_tail(const Board& board, PathState& p, Rng& rng) {
  const int n = p.length();
  const auto nbs = board.neighbours(p.at(n - 1));
  const CellId u = nbs[static_cast<std::size_t>(rng.below(static_cast<int>(nbs.size())))];
  const int i = p.where(u);
  if (i < 0 || i >= n - 2) return 0;
  p.reverse(i + 1, n - 1);
  return n - 1 - i;
}

int backbite_head(const Board& board, PathState& p, Rng& rng) {
  const auto nbs = board.neighbours(p.at(0));
  const CellId u = nbs[static_cast<std::size_t>(rng.below(static_cast<int>(nbs.size())))];
  const int i = p.where(u);
  if (i < 2) return 0;
  p.reverse(0, i - 1);
  return i;
}

// The board of the cells on `order` (a path over `board`), and the path renumbered to it.
// Cropped to the path's rows and columns (hex6 from an even row, to keep the odd-r layout), so a
// grown board or one whose carving emptied a border line has no empty rows or columns.
CarvedBoard board_of_path(const Board& board, const CellOrder& order) {
  Mask on_path{board.rows(), board.cols(), std::vector<bool>(static_cast<std::size_t>(board.rows() * board.cols()), false)};
  for (CellId c : order) on_path.playable[static_cast<std::size_t>(board.coord(c).row * board.cols() + board.coord(c).col)] = true;
  const CropBox box = crop_box(board.topology(), on_path);
  if (box.rows == 0) return CarvedBoard{board, {}};
  const auto moved = [&](CellId c) { return Coord{board.coord(c).row - box.row0, board.coord(c).col - box.col0}; };
  CarvedBoard out{board_from_mask(board.topology(), crop_mask(board.topology(), on_path)), {}};
  for (CellId c : order) out.order.push_back(out.board.cell_at(moved(c)));
  return out;
}

PathState state_of(const Board& board, CellOrder order) {
  PathState p{std::move(order), std::vector<int>(static_cast<std::size_t>(board.size()), -1)};
  for (int i = 0; i < p.length(); ++i) p.pos[static_cast<std::size_t>(p.at(i))] = i;
  return p;
}

// Plan (rotation-extension, Posa's method, with Warnsdorff's rule): grow the path at its tail,
// always into the free neighbour with the fewest free neighbours (random ties), so the path hugs
// the unvisited region and leaves no pockets. When the tail is stuck, rotate: a visited neighbour
// u of the tail makes the cell after u the new tail, preferring rotations whose new tail can
// extend. Flip the path when the head can extend. Give up after `budget` cell moves.
std::optional<CellOrder> grow_path(const Board& board, Rng& rng, std::uint64_t budget, const StopCheck& stop) {
  const int n = board.size();
  std::vector<int> free_deg(static_cast<std::size_t>(n));
  std::vector<CellId> dead_ends;
  for (CellId c = 0; c < n; ++c) {
    free_deg[static_cast<std::size_t>(c)] = static_cast<int>(board.neighbours(c).size());
    if (free_deg[static_cast<std::size_t>(c)] <= 1) dead_ends.push_back(c);
  }
  if (dead_ends.size() > 2) return std::nullopt;
  PathState p{{}, std::vector<int>(static_cast<std::size_t>(n), -1)};
  const auto visit = [&](CellId c) {
    p.pos[static_cast<std::size_t>(c)] = p.length();
    p.order.push_back(c);
    for (CellId nb : board.neighbours(c)) --free_deg[static_cast<std::size_t>(nb)];
  };
  visit(dead_ends.empty() ? rng.below(n) : dead_ends[0]);
  std::uint64_t steps = 0;
  std::vector<CellId> best;
  for (std::uint64_t loops = 1; p.length() < n; ++loops) {
    if (++steps > budget || stopped(stop, loops)) return std::nullopt;
    const CellId tail = p.order.back();
    best.clear();
    int best_deg = std::numeric_limits<int>::max();
    for (CellId nb : board.neighbours(tail)) {
      if (p.where(nb) >= 0) continue;
      const int d = free_deg[static_cast<std::size_t>(nb)];
      if (d < best_deg) best_deg = d, best.clear();
      if (d == best_deg) best.push_back(nb);
    }
    if (!best.empty()) {
      visit(best[static_cast<std::size_t>(rng.below(static_cast<int>(best.size())))]);
      continue;
    }
    if (free_deg[static_cast<std::size_t>(p.at(0))] > 0 && rng.chance(0.5)) {
      p.reverse(0, p.length() - 1);
      steps += static_cast<std::uint64_t>(p.length());
      continue;
    }
    // Stuck: choose a rotation, preferring one that frees the tail.
    best.clear();
    std::vector<CellId> any;
    for (CellId nb : board.neighbours(tail)) {
      const int i = p.where(nb);
      if (i < 0 || i >= p.length() - 2) continue;
      any.push_back(nb);
      if (free_deg[static_cast<std::size_t>(p.at(i + 1))] > 0) best.push_back(nb);
    }
    const auto& pick = best.empty() ? any : best;
    if (pick.empty()) {
      p.reverse(0, p.length() - 1);
      steps += static_cast<std::uint64_t>(p.length());
      continue;
    }
    const int i = p.where(pick[static_cast<std::size_t>(rng.below(static_cast<int>(pick.size())))]);
    p.reverse(i + 1, p.length() - 1);
    steps += static_cast<std::uint64_t>(p.length() - i);
  }
  return std::move(p.order);
}

int outside_neighbours(const Board& board, Coord c, const std::vector<bool>& hole) {
  int k = 0;
  for (Coord d : neighbour_coords(board.topology(), c)) {
    const CellId id = board.cell_at(d);
    if (id == no_cell || hole[static_cast<std::size_t>(id)]) ++k;
  }
  return k;
}

struct Cut {
  int at = 0;     // first path index removed
  int count = 1;  // 1 or 2 consecutive cells
};

// Every cut that leaves a path: an end, a cell whose path neighbours touch, or (square4) two
// consecutive cells whose outer path neighbours touch. Only the lowest-scoring ones are kept.
std::vector<Cut> best_cuts(const Board& board, const PathState& p, const std::vector<bool>& hole, int max_count,
                           int& score) {
  std::vector<Cut> cuts;
  score = std::numeric_limits<int>::max();
  const int n = p.length();
  const auto offer = [&](Cut c) {
    int s = 0;
    for (int k = 0; k < c.count; ++k) s += outside_neighbours(board, board.coord(p.at(c.at + k)), hole);
    if (c.at == 0 || c.at + c.count == n) s += 2;  // ends nibble the outline: last resort
    if (s < score) score = s, cuts.clear();
    if (s == score) cuts.push_back(c);
  };
  if (n <= 3) return cuts;
  const bool pairs = board.topology() == Topology::square4 && max_count >= 2;
  for (int i = 0; i < n; ++i) {
    if (i == 0 || i == n - 1 || board.is_adjacent(p.at(i - 1), p.at(i + 1))) offer({i, 1});
    if (pairs && i >= 1 && i + 2 <= n - 1 && board.is_adjacent(p.at(i - 1), p.at(i + 2))) offer({i, 2});
  }
  return cuts;
}

// The board's cells line by line (rows, or columns when `by_column`), every other line walked
// backwards (`flip`: the first one). A Hamiltonian path when each line is unbroken and each
// line's last cell touches the next line's first: every rectangle of every topology, and many
// lined shapes. nullopt otherwise.
std::optional<CellOrder> snake(const Board& board, bool by_column, bool flip) {
  const int lines = by_column ? board.cols() : board.rows();
  const int length = by_column ? board.rows() : board.cols();
  CellOrder order;
  for (int l = 0; l < lines; ++l)
    for (int k = 0; k < length; ++k) {
      const int at = (l % 2 == 1) != flip ? length - 1 - k : k;
      const CellId c = board.cell_at(by_column ? Coord{at, l} : Coord{l, at});
      if (c == no_cell) continue;
      if (!order.empty() && !board.is_adjacent(order.back(), c)) return std::nullopt;
      order.push_back(c);
    }
  return order;
}

// The cycle of the 2x2-block construction, as each cell's two neighbours on it.
class BlockCycle {
 public:
  explicit BlockCycle(int cells) : next_(static_cast<std::size_t>(cells), {no_cell, no_cell}) {}
  void link(CellId x, CellId y) {
    put(x, y);
    put(y, x);
  }
  void unlink(CellId x, CellId y) {
    drop(x, y);
    drop(y, x);
  }
  // The cells in cycle order from `start`.
  CellOrder walk(CellId start, int cells) const {
    CellOrder order{start};
    CellId prev = no_cell;
    for (CellId at = start; static_cast<int>(order.size()) < cells;) {
      const auto& two = next_[static_cast<std::size_t>(at)];
      const CellId to = two[0] != prev ? two[0] : two[1];
      if (to == no_cell || to == start) break;
      prev = at;
      at = to;
      order.push_back(at);
    }
    return order;
  }

 private:
  void put(CellId x, CellId y) {
    auto& two = next_[static_cast<std::size_t>(x)];
    (two[0] == no_cell ? two[0] : two[1]) = y;
  }
  void drop(CellId x, CellId y) {
    auto& two = next_[static_cast<std::size_t>(x)];
    if (two[1] == y) {
      two[1] = no_cell;
    } else if (two[0] == y) {
      two[0] = two[1];
      two[1] = no_cell;
    }
  }
  std::vector<std::array<CellId, 2>> next_;
};

// A square4 board that is a union of 2x2 blocks on the even grid (what shapes.cpp draws for
// square4: every such union has a Hamiltonian cycle) gets one by construction: each block is a
// 4-cycle, and along a spanning tree of the blocks (breadth first) two side-adjacent blocks are
// joined by swapping the edges of the sides they share for the two edges across. Cut open at the
// first cell, the cycle is a path. nullopt for any other board. For boards the search cannot
// cover in its budget (square4 circles at 64x66 and 70x72 were refused).
std::optional<CellOrder> block_cycle(const Board& board) {
  if (board.topology() != Topology::square4) return std::nullopt;
  const int brows = (board.rows() + 1) / 2, bcols = (board.cols() + 1) / 2;  // an odd last line: empty or no fit
  const auto cell = [&](int br, int bc, int dr, int dc) { return board.cell_at(Coord{2 * br + dr, 2 * bc + dc}); };
  std::vector<char> full(static_cast<std::size_t>(brows * bcols), 0);
  int blocks = 0, first = -1;
  for (int br = 0; br < brows; ++br)
    for (int bc = 0; bc < bcols; ++bc) {
      int present = 0;
      for (int d = 0; d < 4; ++d) present += cell(br, bc, d / 2, d % 2) != no_cell;
      if (present != 0 && present != 4) return std::nullopt;
      if (present == 4) {
        full[static_cast<std::size_t>(br * bcols + bc)] = 1;
        ++blocks;
        if (first < 0) first = br * bcols + bc;
      }
    }
  if (blocks == 0 || blocks * 4 != board.size()) return std::nullopt;
  BlockCycle cycle(board.size());
  for (int b = 0; b < brows * bcols; ++b) {
    if (!full[static_cast<std::size_t>(b)]) continue;
    const int br = b / bcols, bc = b % bcols;
    const CellId a = cell(br, bc, 0, 0), r = cell(br, bc, 0, 1), c = cell(br, bc, 1, 1), d = cell(br, bc, 1, 0);
    cycle.link(a, r);
    cycle.link(r, c);
    cycle.link(c, d);
    cycle.link(d, a);
  }
  // Joins block (br, bc) with its neighbour (br + dr, bc + dc): the edge along each one's facing
  // side goes, the two edges across come.
  const auto join = [&](int br, int bc, int dr, int dc) {
    const auto mine = [&](int k) { return dr != 0 ? cell(br, bc, dr > 0, k) : cell(br, bc, k, dc > 0); };
    const auto theirs = [&](int k) { return dr != 0 ? cell(br + dr, bc, dr < 0, k) : cell(br, bc + dc, k, dc < 0); };
    cycle.unlink(mine(0), mine(1));
    cycle.unlink(theirs(0), theirs(1));
    cycle.link(mine(0), theirs(0));
    cycle.link(mine(1), theirs(1));
  };
  std::vector<char> seen(full.size(), 0);
  std::vector<int> queue{first};
  seen[static_cast<std::size_t>(first)] = 1;
  for (std::size_t q = 0; q < queue.size(); ++q) {
    const int br = queue[q] / bcols, bc = queue[q] % bcols;
    for (const auto& [dr, dc] : {std::pair{0, 1}, std::pair{0, -1}, std::pair{1, 0}, std::pair{-1, 0}}) {
      if (br + dr < 0 || br + dr >= brows || bc + dc < 0 || bc + dc >= bcols) continue;
      const auto other = static_cast<std::size_t>((br + dr) * bcols + bc + dc);
      if (!full[other] || seen[other]) continue;
      join(br, bc, dr, dc);
      seen[other] = 1;
      queue.push_back(static_cast<int>(other));
    }
  }
  if (static_cast<int>(queue.size()) != blocks) return std::nullopt;  // blocks in pieces
  CellOrder order = cycle.walk(cell(first / bcols, first % bcols, 0, 0), board.size());
  if (static_cast<int>(order.size()) != board.size()) return std::nullopt;
  for (std::size_t i = 1; i < order.size(); ++i)
    if (!board.is_adjacent(order[i - 1], order[i])) return std::nullopt;
  return order;
}

// Last resort: the exact solver on the blank board (one worker and a node budget: the same path
// on every machine). The search above starts at a dead end and can walk straight into the other
// one, where no rotation helps; a mask with two dead ends was refused as having no path while it
// had one (an outside check: 33 of 114 refused random masks of 4-11 a side).
std::optional<CellOrder> solved_path(const Board& board, std::uint64_t max_nodes) {
  // A node costs about half a microsecond a cell (a blank 2,701-cell board: 1,000 nodes in 1.15
  // s), so the budget shrinks with the board: about a second at most, on any size.
  const std::uint64_t affordable = 2'000'000 / static_cast<std::uint64_t>(std::max(board.size(), 1));
  SolveLimits limits;
  limits.max_nodes = std::min<std::uint64_t>({max_nodes, 200'000, affordable});
  limits.threads = 1;
  const SolveReport r = count_solutions(Puzzle{board, Values(static_cast<std::size_t>(board.size()), 0), {}}, 1, limits);
  if (!r.solution) return std::nullopt;
  return order_of(*r.solution);
}

}  // namespace

// Plan: the randomised search (grow_path) with growing budgets; when it runs out (big boards,
// where each rotation moves thousands of cells), the snakes, which need no search, on square4
// block shapes the block cycle (block_cycle), and last the exact solver (solved_path).
std::optional<CellOrder> find_hamiltonian_path(const Board& board, Rng& rng, std::uint64_t max_steps,
                                               const StopCheck& stop) {
  const int n = board.size();
  if (n == 0) return std::nullopt;
  if (n == 1) return CellOrder{0};
  std::uint64_t per_try = std::max<std::uint64_t>(64 * static_cast<std::uint64_t>(n), 4096);
  for (std::uint64_t spent = 0; spent < max_steps; spent += per_try, per_try += per_try / 2) {
    if (auto path = grow_path(board, rng, std::min(per_try, max_steps - spent), stop)) return path;
    if (stop && stop()) return std::nullopt;
    if (!board.is_connected()) return std::nullopt;
  }
  for (const bool by_column : {false, true})
    for (const bool flip : {false, true})
      if (auto path = snake(board, by_column, flip)) return path;
  if (auto path = block_cycle(board)) return path;
  if (stop && stop()) return std::nullopt;
  return solved_path(board, max_steps);
}

void backbite(const Board& board, CellOrder& order, Rng& rng, int moves, const StopCheck& stop) {
  if (order.size() < 3) return;
  PathState p = state_of(board, std::move(order));
  WorkPoll poll(stop);
  for (int m = 0; m < moves && !poll.stopped(); ++m)
    poll.spend(static_cast<std::uint64_t>(rng.chance(0.5) ? backbite_tail(board, p, rng) : backbite_head(board, p, rng)));
  order = std::move(p.order);
}

// Plan: repeatedly cut the best-scoring cell (or square4 pair) off the path, where a cut keeps
// the rest a path; scores count holes and outline around the cut, so holes spread out. When the
// best cut touches other holes, first stir the path with backbite moves to offer fresh cuts.
CarvedBoard carve_holes(const Board& board, CellOrder order, int holes, Rng& rng, const StopCheck& stop) {
  PathState p = state_of(board, std::move(order));
  std::vector<bool> hole(static_cast<std::size_t>(board.size()), false);
  int carved = 0;
  while (carved < holes && !(stop && stop())) {
    int score = 0;
    auto cuts = best_cuts(board, p, hole, holes - carved, score);
    for (int stir = 0; stir < 3 && score > 0; ++stir) {
      WorkPoll poll(stop);
      for (int m = 0; m < p.length() / 2 && !poll.stopped(); ++m)
        poll.spend(static_cast<std::uint64_t>(rng.chance(0.5) ? backbite_tail(board, p, rng) : backbite_head(board, p, rng)));
      cuts = best_cuts(board, p, hole, holes - carved, score);
    }
    if (cuts.empty()) break;
    const Cut cut = cuts[static_cast<std::size_t>(rng.below(static_cast<int>(cuts.size())))];
    for (int k = 0; k < cut.count; ++k) {
      const CellId c = p.at(cut.at + k);
      hole[static_cast<std::size_t>(c)] = true;
      p.pos[static_cast<std::size_t>(c)] = -1;
    }
    p.order.erase(p.order.begin() + cut.at, p.order.begin() + cut.at + cut.count);
    for (int i = cut.at; i < p.length(); ++i) p.pos[static_cast<std::size_t>(p.at(i))] = i;
    carved += cut.count;
  }
  return board_of_path(board, p.order);
}

std::optional<CarvedBoard> grow_board(const Board& box, double share, Rng& rng, std::uint64_t max_steps,
                                      const StopCheck& stop) {
  const int target = grown_target(share, box.size());
  PathState p{{}, std::vector<int>(static_cast<std::size_t>(box.size()), -1)};
  const CellId start = static_cast<CellId>(rng.below(box.size()));
  p.order.push_back(start);
  p.pos[static_cast<std::size_t>(start)] = 0;
  std::vector<CellId> free;
  for (std::uint64_t step = 0; p.length() < target; ++step) {
    if (step >= max_steps || stopped(stop, step + 1)) return std::nullopt;
    free.clear();
    for (CellId nb : box.neighbours(p.at(p.length() - 1)))
      if (p.where(nb) < 0) free.push_back(nb);
    if (free.empty()) {
      if (p.length() >= 3) backbite_tail(box, p, rng);
      continue;
    }
    const CellId next = free[static_cast<std::size_t>(rng.below(static_cast<int>(free.size())))];
    p.pos[static_cast<std::size_t>(next)] = p.length();
    p.order.push_back(next);
  }
  return board_of_path(box, p.order);
}

int slack_at(const Board& board, const CellOrder& order, int i) {
  if (i <= 0 || i + 1 >= static_cast<int>(order.size())) return 0;
  const CellId next = order[static_cast<std::size_t>(i + 1)];
  int k = 0;
  for (CellId a : board.neighbours(order[static_cast<std::size_t>(i - 1)])) k += board.is_adjacent(a, next) ? 1 : 0;
  return k;
}

long path_slack(const Board& board, const CellOrder& order) {
  long total = 0;
  for (int i = 1; i + 1 < static_cast<int>(order.size()); ++i) total += slack_at(board, order, i);
  return total;
}

namespace {

// Sum of slack over the path positions a backbite move at index `a` and at the ends can change.
long window_slack(const Board& board, const CellOrder& order, int a) {
  const int n = static_cast<int>(order.size());
  long total = 0;
  int last = -1;
  for (int j : {a - 1, a, a + 1, a + 2, 0, 1, 2, n - 3, n - 2, n - 1}) {
    if (j < 0 || j >= n || j == last) continue;
    total += slack_at(board, order, j);
    last = j;
  }
  return total;
}

}  // namespace

// Plan: propose a backbite move at a random end; measure the slack of the positions it can
// change (around the rewired junction and both ends) before and after; undo it (the same
// reversal again) when Metropolis rejects it. Each move costs one or two segment reversals.
void anneal_slack(const Board& board, CellOrder& order, Rng& rng, int moves, double temperature,
                  const StopCheck& stop) {
  if (std::isinf(temperature)) return backbite(board, order, rng, moves, stop);  // every move kept
  if (order.size() < 4) return;
  PathState p = state_of(board, std::move(order));
  const int n = p.length();
  WorkPoll poll(stop);
  for (int m = 0; m < moves && !poll.stopped(); ++m) {
    poll.spend(0);
    const bool tail = rng.chance(0.5);
    const CellId end = tail ? p.at(n - 1) : p.at(0);
    const auto nbs = board.neighbours(end);
    const CellId u = nbs[static_cast<std::size_t>(rng.below(static_cast<int>(nbs.size())))];
    const int i = p.where(u);
    if (i < 0) continue;
    int from = 0, to = 0;  // segment to reverse
    if (tail) {
      if (i >= n - 2) continue;
      from = i + 1, to = n - 1;
    } else {
      if (i < 2) continue;
      from = 0, to = i - 1;
    }
    const int junction = tail ? i : i - 1;
    const long before = window_slack(board, p.order, junction);
    p.reverse(from, to);
    poll.spend(static_cast<std::uint64_t>(to - from + 1));
    const long delta = window_slack(board, p.order, junction) - before;
    if (delta > 0 && !rng.chance(std::exp(-static_cast<double>(delta) / temperature))) {
      p.reverse(from, to);
      poll.spend(static_cast<std::uint64_t>(to - from + 1));
    }
  }
  order = std::move(p.order);
}

Values solution_of(const Board& board, const CellOrder& order) {
  Values v(static_cast<std::size_t>(board.size()), 0);
  for (std::size_t i = 0; i < order.size(); ++i) v[static_cast<std::size_t>(order[i])] = static_cast<int>(i) + 1;
  return v;
}

CellOrder order_of(const Values& solution) {
  CellOrder order(solution.size());
  for (std::size_t c = 0; c < solution.size(); ++c) order[static_cast<std::size_t>(solution[c] - 1)] = static_cast<CellId>(c);
  return order;
}

}  // namespace hidato
