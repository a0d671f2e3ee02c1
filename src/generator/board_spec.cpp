// BoardSpec validation and the base board: shape names, mask files, obstacle counts.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>
#include <system_error>

#include "core/errors.hpp"
#include "core/paths.hpp"
#include "core/rng.hpp"
#include "core/text.hpp"
#include "generator/base_board.hpp"
#include "generator/fill.hpp"

namespace hidato {
namespace {

std::string size_text(const BoardSpec& s) { return std::to_string(s.rows) + "x" + std::to_string(s.cols); }

std::string shape_text(const BoardSpec& s) {
  return s.shape == "mask" ? "mask '" + s.mask_file + "'" : "shape '" + s.shape + "'";
}

// "shape 'circle' at 9x9" or "mask 'cat'" (a mask has its own size).
std::string board_text(const BoardSpec& s) { return shape_text(s) + (s.shape == "mask" ? "" : " at " + size_text(s)); }

int dead_ends(const Board& b) {
  int k = 0;
  for (CellId c = 0; c < b.size(); ++c) k += b.neighbours(c).size() <= 1 ? 1 : 0;
  return k;
}

// Why a board has fewer cells than its size suggests, for the messages that count them.
// Numbrix shapes other than rect (drawn_in_blocks) are drawn at half the size, a 2x2 block a
// cell: a 5x5 cross is a 2x2 figure, with no cross left in it (an outside check read "0 playable
// cells" as a bug). A mask
// whose cells fall into pieces that do not touch under the topology is boarded as its largest
// piece: a chequerboard drawn with 8 cells "has 1 playable cell".
std::string drawn_note(const BoardSpec& spec, int cells) {
  if (drawn_in_blocks(spec.topology, spec.shape))
    return " (square4 shapes are drawn in 2x2 blocks, so at " + size_text(spec) + " the figure is " +
           std::to_string(std::max(1, spec.rows / 2)) + " x " + std::to_string(std::max(1, spec.cols / 2)) + " blocks)";
  if (spec.shape != "mask") return "";
  try {
    const int drawn = read_mask_file(resolve_mask_file(spec.mask_file)).count();
    if (drawn <= cells) return "";
    return " (the mask draws " + std::to_string(drawn) + ", in pieces that do not touch under " +
           std::string(to_string(spec.topology)) + "; the board is the largest piece)";
  } catch (const InputError&) {
    return "";
  }
}

}  // namespace

std::vector<std::string> shape_names() {
  auto names = procedural_shape_names();
  names.push_back("mask");
  return names;
}

std::optional<std::string> unknown_shape(const std::string& name) {
  const auto names = shape_names();
  if (std::find(names.begin(), names.end(), name) != names.end()) return std::nullopt;
  std::string expected;
  for (const auto& n : names) expected += (expected.empty() ? "" : ", ") + n;
  return "unknown shape '" + printable(name) + "' (expected " + expected + ")";
}

std::optional<std::filesystem::path> shipped_mask_file(const std::string& name) {
  if (name.empty() || name.find('/') != std::string::npos) return std::nullopt;
  std::error_code ec;
  for (const std::string& rel : {"templates/shapes/" + name, "templates/shapes/" + name + ".txt"})
    if (const auto found = find_data_file(rel); found && std::filesystem::is_regular_file(*found, ec)) return found;
  return std::nullopt;
}

std::filesystem::path resolve_mask_file(const std::string& name) {
  return shipped_mask_file(name).value_or(std::filesystem::path(name));
}

Mask base_mask(const BoardSpec& spec) {
  if (spec.shape == "mask") {
    if (spec.mask_file.empty()) throw InputError("shape 'mask' needs a mask file");
    const std::filesystem::path file = resolve_mask_file(spec.mask_file);
    std::error_code ec;
    if (!std::filesystem::exists(file, ec)) {  // say where it was looked for, as a config's check does
      const std::string name = line_text(spec.mask_file);
      if (spec.mask_file.find('/') != std::string::npos) throw InputError(name + ": no such mask file");
      throw InputError(name + ": no such mask file (looked for templates/shapes/" + name + "[.txt] in " +
                       data_roots_text() + ", then for " + name + " in the working folder)");
    }
    const Mask m = read_mask_file(file);
    return crop_mask(spec.topology, largest_component(spec.topology, m));
  }
  if (spec.rows < 2 || spec.cols < 2 || spec.rows > max_side || spec.cols > max_side)
    throw InputError("rows and cols must be between 2 and " + std::to_string(max_side) + " (got " + size_text(spec) + ")");
  auto m = procedural_mask(spec.topology, spec.shape, spec.rows, spec.cols);
  if (!m) throw InputError(unknown_shape(spec.shape).value_or("unknown shape '" + spec.shape + "'"));
  return *m;
}

int grown_cells(double fill, int box_cells) { return static_cast<int>(std::ceil(fill * box_cells - 1e-9)); }

int grown_target(double fill, int box_cells) { return std::min(box_cells, std::max(min_cells, grown_cells(fill, box_cells))); }

int obstacle_count(double ratio, int cells) {
  return static_cast<int>(std::floor(ratio * cells + 1e-9));
}

int playable_cells(const BoardSpec& spec, int shape_cells) {
  const int cells = spec.shape == "grown" ? grown_target(spec.fill, shape_cells) : shape_cells;
  return cells - obstacle_count(spec.obstacles, cells);
}

std::optional<std::string> too_big(const BoardSpec& spec, int shape_cells) {
  const int left = playable_cells(spec, shape_cells);
  if (left <= max_generated_cells) return std::nullopt;
  const char* after = spec.shape == "grown" ? (spec.obstacles > 0 ? " after the fill and obstacles" : " after the fill")
                                            : (spec.obstacles > 0 ? " after obstacles" : "");
  return "board too big: " + board_text(spec) + " under " + std::string(to_string(spec.topology)) + " has " +
         counted(left, "playable cell") + after + "; the generator makes boards of at most " +
         std::to_string(max_generated_cells) +
         " (the grader keeps every deduction state's candidates as cells x values bits, so a puzzle's memory and time "
         "grow with the square of the cells: 100 x 100 takes minutes and 0.4 GB, 200 x 200 hours and several GB)";
}

// Plan: cheap checks first (ratio, size, shape name, mask file), then the board itself: enough
// cells, square4 colour balance, at most two dead ends, and finally one Hamiltonian path found
// with a fixed seed, so a spec that passes can always be filled.
std::optional<std::string> check_spec(const BoardSpec& spec) {
  if (!(spec.obstacles >= 0.0 && spec.obstacles < 0.5)) {
    std::ostringstream s;
    s << "obstacle ratio " << spec.obstacles << " is out of range [0, 0.5)";
    return s.str();
  }
  if (spec.shape == "grown" && !(spec.fill >= 0.2 && spec.fill <= 1.0)) {
    std::ostringstream s;
    s << "fill " << spec.fill << " is out of range [0.2, 1]";
    return s.str();
  }
  if (spec.shape != "mask" && (spec.rows < 2 || spec.cols < 2 || spec.rows > max_side || spec.cols > max_side))
    return "rows and cols must be between 2 and " + std::to_string(max_side) + " (got " + size_text(spec) + ")";
  Mask mask;
  try {
    mask = base_mask(spec);
  } catch (const InputError& e) {
    return std::string(e.what());
  }
  const int cells = mask.count();
  const int left = cells - obstacle_count(spec.obstacles, cells);
  const std::string where = board_text(spec) + " under " + std::string(to_string(spec.topology));
  if (auto big = too_big(spec, cells)) return big;
  if (left < min_cells)
    return "board too small: " + where + " has " + counted(cells, "playable cell") + drawn_note(spec, cells) + ", " +
           std::to_string(left) + " after obstacles (at least " + std::to_string(min_cells) + " needed)";
  if (spec.topology == Topology::square4) {
    const auto [even, odd] = colour_counts(mask);
    if (std::abs(even - odd) > 1)
      return "Numbrix parity: " + where + " has " + std::to_string(even) + " cells of one chequerboard colour and " +
             std::to_string(odd) + " of the other; a square4 path alternates colours, so they must differ by at most one";
  }
  const Board board = board_from_mask(spec.topology, mask);
  if (const int d = dead_ends(board); d > 2)
    return where + " has " + std::to_string(d) + " dead-end cells (one neighbour); a path can end in at most two";
  Rng rng(0x5EEDC0DEull);
  if (!find_hamiltonian_path(board, rng, 2000ull * static_cast<std::uint64_t>(cells) + 100000))
    return "no Hamiltonian path found on " + where + " (try another size, shape or topology)";
  return std::nullopt;
}

namespace {

// Whether `mask` holds every cell of `board` when the board's corner sits at (r0, c0).
bool holds_at(const Mask& mask, const Board& board, int r0, int c0) {
  for (CellId c = 0; c < board.size(); ++c)
    if (const Coord at = board.coord(c); !mask.at(at.row + r0, at.col + c0)) return false;
  return true;
}

// Whether `mask` holds `board` at some placement: the generator crops empty border lines away
// (hex6 from an even row, to keep the odd-r layout).
bool holds_somewhere(const Mask& mask, const Board& board) {
  const int step = board.topology() == Topology::hex6 ? 2 : 1;
  for (int r0 = 0; r0 + board.rows() <= mask.rows; r0 += step)
    for (int c0 = 0; c0 + board.cols() <= mask.cols; ++c0)
      if (holds_at(mask, board, r0, c0)) return true;
  return false;
}

}  // namespace

// Plan: the spec's base board must hold the board's cells at some placement, and the board has
// at most the cells the spec leaves after its holes -- exactly those when it asks for none
// (carving may stop short of its count, never past it); with its ends shown, 1 and N are givens.
// A mask file is not read: it may have moved or changed since (an edited mask, or a shipped one
// redrawn by an upgrade), and the made puzzle stays good; regenerate is what compares with it.
std::optional<std::string> board_problem(const BoardSpec& spec, const Puzzle& puzzle) {
  const Board& board = puzzle.board;
  if (!spec.hide_ends) {
    const auto shows = [&](int v) { return std::find(puzzle.givens.begin(), puzzle.givens.end(), v) != puzzle.givens.end(); };
    if (!shows(1) || !shows(board.size())) return "its spec shows the ends (hide_ends: false), but 1 or N is not given";
  }
  if (spec.shape == "mask") return std::nullopt;
  Mask mask;
  try {
    mask = base_mask(spec);
  } catch (const InputError& e) {
    return std::string(e.what());
  }
  int cells = mask.count();
  if (spec.shape == "grown") cells = grown_target(spec.fill, cells);
  const bool holes = obstacle_count(spec.obstacles, cells) > 0;
  const std::string where = board_text(spec) + " under " + std::string(to_string(spec.topology));
  if (board.size() > cells || (!holes && board.size() != cells))
    return "the board has " + counted(board.size(), "cell") + ", but " + where + " leaves " +
           (holes ? "at most " : "") + std::to_string(cells);
  if (!holds_somewhere(mask, board)) return "the board does not fit " + where;
  return std::nullopt;
}

int min_cells_for(Difficulty level) {
  switch (level) {
    case Difficulty::easy: return min_cells;
    case Difficulty::medium:
    case Difficulty::hard: return 16;
    case Difficulty::expert:
    case Difficulty::extreme: return 49;
  }
  return min_cells;
}

std::optional<std::string> shape_note(const BoardSpec& spec) {
  if (spec.shape == "rect" || spec.shape == "grown" || spec.shape == "mask") return std::nullopt;
  const Mask m = base_mask(spec);
  if (m.count() != m.rows * m.cols) return std::nullopt;
  return board_text(spec) + " under " + std::string(to_string(spec.topology)) + " comes out a plain " +
         std::to_string(m.rows) + " x " + std::to_string(m.cols) + " rectangle at this size (a larger board shows the figure)";
}

std::optional<std::string> check_level(const BoardSpec& spec, Difficulty level) {
  int cells = 0;
  try {
    cells = base_mask(spec).count();
  } catch (const InputError&) {
    return std::nullopt;  // check_spec reports it
  }
  const int left = playable_cells(spec, cells);
  if (spec.shape == "grown") cells = grown_target(spec.fill, cells);
  if (left >= min_cells_for(level)) return std::nullopt;
  // The shape's own cells first, then what its holes leave (the count after obstacles read as
  // the shape's size).
  const std::string has = left == cells ? counted(cells, "playable cell") + drawn_note(spec, cells)
                                        : counted(cells, "playable cell") + drawn_note(spec, cells) + ", " +
                                              std::to_string(left) + " after " +
                                              (spec.shape == "grown" ? "the fill and " : "") + "obstacles";
  return "level '" + std::string(to_string(level)) + "' needs at least " + std::to_string(min_cells_for(level)) +
         " playable cells; " + board_text(spec) + " has " + has +
         " (on smaller boards the generator's attempts rarely reach this level, though such puzzles exist)";
}

}  // namespace hidato
