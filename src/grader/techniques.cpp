// Tiers 1-3 of the grader (tier 4, regions, lives in regions.cpp).
#include "grader/techniques.hpp"

#include <algorithm>
#include <array>
#include <map>

namespace hidato::grading {
namespace {

// Cells within d free moves of a placed cell, for d = 0..depth, as bitsets: moves go through free
// cells only. A breadth-first search, one distance at a time: row d is row d-1 plus the cells
// first reached at distance d. A search asked again from the same cell, no deeper, is kept.
class Balls {
 public:
  explicit Balls(const GradeState& s)
      : board_(s.board()), words_(s.words()), seen_(static_cast<std::size_t>(s.n())),
        reached_(static_cast<std::size_t>(s.n())) {
    for (CellId c = 0; c < s.n(); ++c) seen_[static_cast<std::size_t>(c)] = s.is_free(c) ? 0 : 1;  // never entered
  }

  CellId origin() const { return from_; }

  void explore(CellId from, int depth) {
    if (from == from_ && depth <= asked_) return;
    from_ = from;
    asked_ = depth;
    char* seen = seen_.data();
    CellId* queue = reached_.data();
    std::size_t head = 0, tail = 0;
    queue[tail++] = from;
    level_end_.assign(1, tail);
    bits_.assign(words_, 0);
    set(bits_.data(), from);
    while (static_cast<int>(level_end_.size()) <= depth) {
      const std::size_t end = tail;
      for (; head < end; ++head)
        for (CellId nb : board_.neighbours(queue[head]))
          if (seen[nb] == 0) {
            seen[nb] = 1;
            queue[tail++] = nb;
          }
      if (tail == end) break;  // balls stop growing past the farthest cell
      const std::size_t row = bits_.size();
      bits_.resize(row + words_);
      std::copy_n(bits_.data() + row - words_, words_, bits_.data() + row);
      for (std::size_t i = end; i < tail; ++i) set(bits_.data() + row, queue[i]);
      level_end_.push_back(tail);
    }
    for (std::size_t i = 1; i < tail; ++i) seen[queue[i]] = 0;  // the free cells it entered
  }
  // Marks in `bits` the cells a search to `depth` visits (those within depth free moves).
  void add_visited(std::vector<std::uint64_t>& bits, int depth) const {
    const std::size_t end = level_end_[static_cast<std::size_t>(std::min(depth, depth_reached()))];
    for (std::size_t i = 0; i < end; ++i) set(bits.data(), reached_[i]);
  }
  // Word w of the ball of radius d.
  std::uint64_t within(int d, std::size_t w) const {
    return bits_[static_cast<std::size_t>(std::min(d, depth_reached())) * words_ + w];
  }

 private:
  static void set(std::uint64_t* bits, CellId c) { bits[c >> 6] |= std::uint64_t{1} << (c & 63); }
  // The last search's farthest distance (its balls stop growing there).
  int depth_reached() const { return static_cast<int>(level_end_.size()) - 1; }

  const Board& board_;
  std::size_t words_;
  CellId from_ = no_cell;
  int asked_ = -1;
  std::vector<char> seen_;              // placed cells, and the free cells the running search entered
  std::vector<CellId> reached_;         // the cells of the last search in order of distance (its
                                        // start is placed, the rest free: at most n in all)
  std::vector<std::size_t> level_end_;  // level_end_[d]: reached_[0..) holds the cells within d
  std::vector<std::uint64_t> bits_;
};

// True when only-cell already crossed off everything out of reach for gap g and no cell its
// searches visited has been taken since: the reach is unchanged.
bool reach_unchanged(const GradeState& s, const Gap& g) {
  const ReachMemo* memo = s.reach_memo(g.lo);
  if (memo == nullptr || memo->hi != g.hi || memo->below != g.below || memo->above != g.above) return false;
  for (CellId c : s.placed_since(memo->log_size))
    if ((memo->visited[c >> 6] >> (c & 63)) & 1U) return false;
  return true;
}

// near[v * words + w]: cells with at least one (near1) / two (near2) neighbours among v's candidates.
struct Nearness {
  std::vector<std::uint64_t> near1, near2;
};

// Only the rows of numbers with `wanted[v]` are filled (the others stay empty).
Nearness nearness(const GradeState& s, const std::vector<char>& wanted) {
  const std::size_t words = s.words();
  Nearness out{std::vector<std::uint64_t>(static_cast<std::size_t>(s.n() + 1) * words, 0), {}};
  out.near2 = out.near1;
  for (int v = 1; v <= s.n(); ++v) {
    if (!wanted[static_cast<std::size_t>(v)]) continue;
    std::uint64_t* one = out.near1.data() + static_cast<std::size_t>(v) * words;
    std::uint64_t* two = out.near2.data() + static_cast<std::size_t>(v) * words;
    s.for_each_candidate(v, [&](CellId c) {
      for (CellId nb : s.board().neighbours(c)) {
        const std::uint64_t bit = std::uint64_t{1} << (nb & 63);
        two[nb >> 6] |= one[nb >> 6] & bit;
        one[nb >> 6] |= bit;
      }
    });
  }
  return out;
}

bool bit_of(const std::vector<std::uint64_t>& rows, std::size_t words, int v, CellId c) {
  return (rows[static_cast<std::size_t>(v) * words + (c >> 6)] >> (c & 63)) & 1U;
}

// The only neighbour of x among v's candidates (precondition: there is exactly one).
CellId only_neighbour_in(const GradeState& s, int v, CellId x) {
  for (CellId y : s.board().neighbours(x))
    if (s.has(v, y)) return y;
  return no_cell;
}

}  // namespace

std::vector<Gap> gaps(const GradeState& s) {
  std::vector<Gap> out;
  for (int v = 1; v <= s.n(); ++v) {
    if (s.is_placed(v)) continue;
    Gap g{v, v, v > 1 ? s.cell_of(v - 1) : no_cell, no_cell};
    while (g.hi < s.n() && !s.is_placed(g.hi + 1)) ++g.hi;
    if (g.hi < s.n()) g.above = s.cell_of(g.hi + 1);
    out.push_back(g);
    v = g.hi;
  }
  return out;
}

// Tier 1. For an unplaced v with v-1 and/or v+1 placed, v's cell touches them: look only at the
// placed neighbour's free neighbours that are still candidates of v (and touch the other one when
// both are placed). Exactly one such cell places v; none is a contradiction.
Deductions only_neighbour(const GradeState& s) {
  Deductions d;
  for (int v = 1; v <= s.n(); ++v) {
    if (s.is_placed(v)) continue;
    const CellId lo = v > 1 ? s.cell_of(v - 1) : no_cell;
    const CellId hi = v < s.n() ? s.cell_of(v + 1) : no_cell;
    if (lo == no_cell && hi == no_cell) continue;
    const CellId base = lo != no_cell ? lo : hi;
    const CellId other = lo != no_cell ? hi : no_cell;
    CellId found = no_cell;
    int count = 0;
    for (CellId x : s.board().neighbours(base))
      if (s.is_free(x) && s.has(v, x) && (other == no_cell || s.board().is_adjacent(x, other))) {
        found = x;
        ++count;
      }
    if (count == 1) d.place.emplace_back(v, found);
    if (count == 0) d.contradiction = true;  // v has no cell next to its placed neighbour(s)
  }
  return d;
}

// Tier 2. Numbers lo..hi of a gap are laid through free cells from the cell of lo-1 to the cell of
// hi+1, so v sits within v-(lo-1) free moves of the one and (hi+1)-v of the other. Cross off every
// candidate out of reach; a number left with one candidate is placed.
Deductions only_cell(const GradeState& s) {
  Deductions d;
  // The cell above one gap is often the cell below the next: its search serves both (balls[0]
  // and balls[1] swap roles), done once to the deeper of the two.
  Balls balls[2] = {Balls(s), Balls(s)};
  Balls* from_below = &balls[0];
  Balls* from_above = &balls[1];
  const std::uint64_t all = ~std::uint64_t{0};
  const std::vector<Gap> all_gaps = gaps(s);
  std::vector<char> unchanged(all_gaps.size());
  for (std::size_t i = 0; i < all_gaps.size(); ++i) unchanged[i] = reach_unchanged(s, all_gaps[i]);
  for (std::size_t i = 0; i < all_gaps.size(); ++i) {
    const Gap& g = all_gaps[i];
    if (unchanged[i]) {  // nothing new to cross off; a number may still be down to one cell
      for (int v = g.lo; v <= g.hi; ++v)
        if (s.count(v) == 1) d.place.emplace_back(v, s.single(v));
      continue;
    }
    ReachMemo memo{g.hi, g.below, g.above, s.placements_logged(), std::vector<std::uint64_t>(s.words(), 0)};
    if (g.below != no_cell) {
      if (from_above->origin() == g.below) std::swap(from_below, from_above);
      from_below->explore(g.below, g.length());
      from_below->add_visited(memo.visited, g.length());
    }
    if (g.above != no_cell) {
      const bool shared = i + 1 < all_gaps.size() && !unchanged[i + 1] && all_gaps[i + 1].below == g.above;
      from_above->explore(g.above, shared ? std::max(g.length(), all_gaps[i + 1].length()) : g.length());
      from_above->add_visited(memo.visited, g.length());
    }
    for (int v = g.lo; v <= g.hi; ++v) {
      int left = 0;
      CellId last = no_cell;
      for (std::size_t w = 0; w < s.words(); ++w) {
        const std::uint64_t cand = s.bits(v)[w];
        if (cand == 0) continue;
        const std::uint64_t near = (g.below == no_cell ? all : from_below->within(v - (g.lo - 1), w)) &
                                   (g.above == no_cell ? all : from_above->within((g.hi + 1) - v, w));
        if (const std::uint64_t out = cand & ~near; out != 0)
          d.remove_words.push_back({v, static_cast<std::uint32_t>(w), out});
        if (const std::uint64_t keep = cand & near; keep != 0) {
          left += std::popcount(keep);
          last = static_cast<CellId>(w * 64 + static_cast<std::size_t>(std::countr_zero(keep)));
        }
      }
      if (left == 1) d.place.emplace_back(v, last);
    }
    if (g.below != no_cell || g.above != no_cell) d.memos.emplace_back(g.lo, std::move(memo));
  }
  return d;
}

// Tier 2. Every free cell holds some unplaced number; a free cell that is a candidate of exactly
// one number holds it (and one that no number can reach is a contradiction).
Deductions only_value(const GradeState& s) {
  Deductions d;
  for (CellId x = 0; x < s.n(); ++x) {
    if (!s.is_free(x)) continue;
    const int holders = s.values_count(x);
    if (holders == 1) d.place.emplace_back(s.first_value(x), x);
    if (holders == 0) d.contradiction = true;
  }
  return d;
}

// Tier 3. A number v in a cell x needs v-1 on one neighbour of x and v+1 on another (only one of
// them for 1 and N). Cells that lack such neighbours among the candidates are dead ends for v.
// A cache skips numbers whose own candidates and those of their neighbours in sequence did not
// change since the last pass (its removals were applied then): nothing new follows for them.
Deductions dead_end(const GradeState& s) {
  Deductions d;
  d.dead_end_tick = s.tick();
  const std::uint64_t last = s.dead_end_tick();
  const auto n = static_cast<std::size_t>(s.n());
  std::vector<char> check(n + 2, 0), wanted(n + 2, 0);
  for (int v = 1; v <= s.n(); ++v) {
    if (s.is_placed(v)) continue;
    const bool changed = last == 0 || s.changed_since(v, last) || (v > 1 && s.changed_since(v - 1, last)) ||
                         (v < s.n() && s.changed_since(v + 1, last));
    if (!changed) continue;
    check[static_cast<std::size_t>(v)] = 1;
    wanted[static_cast<std::size_t>(v - 1)] = 1;
    wanted[static_cast<std::size_t>(v + 1)] = 1;
  }
  wanted[n + 1] = 0;
  const Nearness near = nearness(s, wanted);
  const std::size_t words = s.words();
  for (int v = 1; v <= s.n(); ++v) {
    if (!check[static_cast<std::size_t>(v)]) continue;
    s.for_each_candidate(v, [&](CellId x) {
      const bool has_prev = v == 1 || bit_of(near.near1, words, v - 1, x);
      const bool has_next = v == s.n() || bit_of(near.near1, words, v + 1, x);
      bool same_one = false;
      if (has_prev && has_next && v > 1 && v < s.n() && !bit_of(near.near2, words, v - 1, x) &&
          !bit_of(near.near2, words, v + 1, x))
        same_one = only_neighbour_in(s, v - 1, x) == only_neighbour_in(s, v + 1, x);
      if (!has_prev || !has_next || same_one) d.remove.emplace_back(v, x);
    });
  }
  return d;
}

// Tier 3. Naked pair: two numbers whose candidates are the same two cells fill those cells, so no
// other number can use them. Hidden pair: two free cells that only the same two numbers can reach
// hold those numbers, so the numbers can be nowhere else.
Deductions pairs(const GradeState& s) {
  Deductions d;
  std::map<std::pair<CellId, CellId>, std::vector<int>> by_cells;
  std::vector<std::vector<int>> values_of(static_cast<std::size_t>(s.n()));
  for (int v = 1; v <= s.n(); ++v) {
    if (s.is_placed(v)) continue;
    const auto cells = s.candidates(v);
    if (cells.size() == 2) by_cells[{cells[0], cells[1]}].push_back(v);
    for (CellId x : cells)
      if (values_of[x].size() < 3) values_of[x].push_back(v);
  }
  for (const auto& [cells, values] : by_cells) {
    if (values.size() != 2) continue;
    for (int u = 1; u <= s.n(); ++u) {
      if (s.is_placed(u) || u == values[0] || u == values[1]) continue;
      if (s.has(u, cells.first)) d.remove.emplace_back(u, cells.first);
      if (s.has(u, cells.second)) d.remove.emplace_back(u, cells.second);
    }
  }
  std::map<std::pair<int, int>, std::vector<CellId>> by_values;
  for (CellId x = 0; x < s.n(); ++x)
    if (s.is_free(x) && values_of[x].size() == 2) by_values[{values_of[x][0], values_of[x][1]}].push_back(x);
  for (const auto& [values, cells] : by_values) {
    if (cells.size() != 2) continue;
    for (int v : std::array{values.first, values.second})
      for (CellId x : s.candidates(v))
        if (x != cells[0] && x != cells[1]) d.remove.emplace_back(v, x);
  }
  return d;
}

std::span<const Technique> techniques() {
  static constexpr std::array<Technique, 8> table{{
      {"only-neighbour", 1, only_neighbour},
      {"only-cell", 2, only_cell},
      {"only-value", 2, only_value},
      {"dead-end", 3, dead_end},
      {"pair", 3, pairs},
      {"gap-paths", 3, gap_paths},
      {"region", 4, regions},
      {"contradiction", 4, contradiction},
  }};
  return table;
}

}  // namespace hidato::grading
