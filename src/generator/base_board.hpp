#pragma once
// BoardSpec -> the board before obstacles: the named shape (or mask file) under the topology.
#include <filesystem>
#include <optional>
#include <string>

#include "generator/generator.hpp"
#include "topology/shapes.hpp"

namespace hidato {

inline constexpr int min_cells = 4;    // fewest playable cells a generated board may have
inline constexpr int max_side = 200;   // rows and cols (and mask pictures) up to this

// The shipped mask a bare name (no '/') stands for: templates/shapes/<name>[.txt] in the data
// folders (find_data_file), when there is one; nullopt for any other name. A config records such
// a mask by its name, and the generator reads it back by the same rule.
std::optional<std::filesystem::path> shipped_mask_file(const std::string& name);

// Where a spec's mask lives: the shipped mask of a bare name when there is one, else the path as
// given (`./cat.txt` for a file of one's own by a shipped name). A manifest records a shipped mask
// by its bare name, so a `cat.txt` in the folder `regenerate` ran from made another board of
// `"mask":"cat.txt"` while the working folder came first.
std::filesystem::path resolve_mask_file(const std::string& name);

// The shape's mask, connected and tidied. Throws InputError for an unknown shape or a bad mask.
Mask base_mask(const BoardSpec& spec);

// Number of holes the obstacle ratio asks for on a shape of `cells` cells.
int obstacle_count(double ratio, int cells);
// The cells of a `grown` board in a box of `box_cells`: ceil(fill * box_cells).
int grown_cells(double fill, int box_cells);
// What grow_board grows to: grown_cells, at least min_cells, at most the box.
int grown_target(double fill, int box_cells);
// The playable cells of a board of `spec` whose shape (mask, or box of a grown board) has
// `shape_cells` cells: what grown fills of it, less the obstacles.
int playable_cells(const BoardSpec& spec, int shape_cells);
// "board too big: ..." when playable_cells is above max_generated_cells, else nullopt.
std::optional<std::string> too_big(const BoardSpec& spec, int shape_cells);

}  // namespace hidato
