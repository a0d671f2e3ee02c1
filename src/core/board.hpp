#pragma once
// The board: which cells are playable and which cells touch.
//
// Vocabulary used everywhere in Hidato Press:
//   cell      a linear id 0..size()-1 over the playable cells only (row-major order)
//   coord     a topology-specific {row, col} position on the rows x cols grid
//   hole      a grid position that is not part of the board (`x` in the text format)
//   given     a printed clue: a value fixed in a cell
//   solution  the full numbering: solution[cell] in 1..N, N = size()
//   set       one YAML group of puzzles;  book  one output document
//
// Topologies: square8 (Hidato, king moves), square4 (Numbrix, orthogonal), hex6 (hexagonal
// cells in odd-r offset rows: odd rows, 0-based, sit half a cell to the right).
// A Board is built once and never changes; solver, generator and renderer read the same object.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace hidato {

enum class Topology { square8, square4, hex6 };

std::string_view to_string(Topology t);
std::optional<Topology> parse_topology(std::string_view name);

struct Coord {
  int row = 0;
  int col = 0;
  friend bool operator==(const Coord&, const Coord&) = default;
};

using CellId = int;
inline constexpr CellId no_cell = -1;

// Grid positions adjacent to `c` under topology `t`, whether or not they are on the grid.
std::vector<Coord> neighbour_coords(Topology t, Coord c);

class Board {
 public:
  Board() = default;
  // playable is rows*cols, row-major. Preconditions: rows, cols >= 1 and playable.size() == rows*cols.
  Board(Topology topology, int rows, int cols, std::vector<bool> playable);

  Topology topology() const { return topology_; }
  int rows() const { return rows_; }
  int cols() const { return cols_; }
  int size() const { return static_cast<int>(coords_.size()); }

  CellId cell_at(Coord c) const;   // no_cell for holes and positions off the grid
  bool is_playable(Coord c) const { return cell_at(c) != no_cell; }
  Coord coord(CellId cell) const { return coords_[static_cast<std::size_t>(cell)]; }
  // Inline: the grader's and the solver's inner loops walk it.
  std::span<const CellId> neighbours(CellId cell) const {
    const auto i = static_cast<std::size_t>(cell);
    return {adj_.data() + adj_start_[i], adj_.data() + adj_start_[i + 1]};
  }
  bool is_adjacent(CellId a, CellId b) const;
  int max_degree() const { return max_degree_; }
  bool is_connected() const;

  friend bool operator==(const Board& a, const Board& b) {
    return a.topology_ == b.topology_ && a.rows_ == b.rows_ && a.cols_ == b.cols_ &&
           a.cell_of_pos_ == b.cell_of_pos_;
  }

 private:
  Topology topology_ = Topology::square8;
  int rows_ = 0;
  int cols_ = 0;
  int max_degree_ = 0;
  std::vector<CellId> cell_of_pos_;       // rows*cols -> cell or no_cell
  std::vector<Coord> coords_;             // cell -> coord
  std::vector<int> adj_start_;            // CSR offsets, size()+1 entries
  std::vector<CellId> adj_;               // CSR neighbour lists, ascending cell ids
};

}  // namespace hidato
