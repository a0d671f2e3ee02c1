#pragma once
// Board outlines: procedural shapes by name and mask files (text pictures) -> Mask.
//
// A Mask is the playable/hole picture of a rows x cols grid before it becomes a Board. Procedural
// shapes test each cell centre (topology/geometry.hpp) against a figure in true proportions, so a
// hex6 circle is round; the figure is the largest that fits the rows x cols box and the mask is
// then cropped to the rows and columns it uses. Every mask handed out is connected under its
// topology (the largest component is kept) and has no dead-end cells beyond what a path allows.
//
// Mask file format (templates/shapes/README.md): one grid row per line; `#`, `o`, `O`, `@` or `*`
// is a playable cell, `.`, `_`, `-` or a space is a hole; short lines are padded with holes;
// lines starting with `;` are comments, except `; scale: K` (1..8), which turns every picture
// cell into a K x K block (K = 2 makes any orthogonally connected picture a fillable Numbrix
// board); blank lines before and after the picture are ignored.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/board.hpp"

namespace hidato {

struct Mask {
  int rows = 0;
  int cols = 0;
  std::vector<bool> playable;  // rows*cols, row-major
  int count() const;
  bool at(int r, int c) const { return playable[static_cast<std::size_t>(r * cols + c)]; }
  friend bool operator==(const Mask&, const Mask&) = default;
};

// rect circle diamond heart ring triangle star cross hexagon grown (grown's mask is the whole box;
// the generator's path decides which cells of it become the board, see generator/fill.hpp)
std::vector<std::string> procedural_shape_names();
bool is_procedural_shape(std::string_view name);

// The named figure on a rows x cols grid, connected, cropped, tidied (see tidy_mask); nullopt for
// an unknown name. For square4 the two chequerboard colours are also balanced (see balance_colours).
std::optional<Mask> procedural_mask(Topology t, std::string_view name, int rows, int cols);
// Whether procedural_mask draws the named figure in 2x2 blocks: every procedural shape but rect
// under square4 (a Numbrix figure at rows x cols is a rows/2 x cols/2 figure of blocks).
bool drawn_in_blocks(Topology t, std::string_view name);

// Throws InputError "source:line:col: message" on a malformed picture.
Mask parse_mask(std::string_view text, const std::string& source);
// Throws InputError naming the file when it cannot be read.
Mask read_mask_file(const std::filesystem::path& file);

// The largest connected component under `t` (ties: the one containing the first cell, row-major).
Mask largest_component(Topology t, const Mask& m);
// Removes cells with at most one playable neighbour, repeatedly (a Hamiltonian path can end in at
// most two of them, and a figure's thin tips look ragged anyway), then keeps the largest component.
Mask tidy_mask(Topology t, const Mask& m);
// Drops all-hole border rows and columns (for hex6 the top rows go in pairs to keep odd-r parity).
Mask crop_mask(Topology t, const Mask& m);
// What crop_mask keeps: the first row and column and the size (0 x 0 for an empty mask).
struct CropBox {
  int row0 = 0, col0 = 0, rows = 0, cols = 0;
};
CropBox crop_box(Topology t, const Mask& m);

// square4 only: number of cells of each chequerboard colour ((row+col) even, odd).
std::pair<int, int> colour_counts(const Mask& m);
// Removes outermost cells of the larger colour until the counts differ by at most one, keeping
// the mask connected. Used for procedural square4 shapes so every one of them has a path.
Mask balance_colours(const Mask& m);

Board board_from_mask(Topology t, const Mask& m);

}  // namespace hidato
