#pragma once
// The puzzle text format and the one-line description.
//
// Text format: one row per line, whitespace-separated tokens: a number is a given, `.` a blank,
// `x` a hole. Lines starting with `#` are headers (`# topology: hex6`, default square8; other
// `# key: value` lines are kept in Puzzle::headers). Blank lines are ignored.
//
// Description: `<topology>:<rows>x<cols>:<row>/<row>/...`, each row a comma-separated list of
// tokens, where `.` and `x` may carry a repeat count: `square8:3x3:6,.,9/.,2,8/1,.2`.
#include <filesystem>
#include <string>
#include <string_view>

#include "core/puzzle.hpp"

namespace hidato {

// Throws InputError "source:line:col: message" on any malformed input.
Puzzle parse_puzzle(std::string_view text, const std::string& source);
Puzzle read_puzzle_file(const std::filesystem::path& file);

// A file may hold several puzzles, as `hidato generate --count K` writes them: each starts with a
// `# puzzle:` header line, and a `# solution` line starts its answer grid, which readers skip.
// Every puzzle keeps the file's own line numbers in error messages.
std::vector<Puzzle> parse_puzzle_collection(std::string_view text, const std::string& source);
std::vector<Puzzle> read_puzzle_collection(const std::filesystem::path& file);

// Grid of `values` (0 -> `.`) in the text format, with the topology header and `puzzle.headers`.
std::string format_grid(const Puzzle& puzzle, const Values& values);
inline std::string format_puzzle(const Puzzle& p) { return format_grid(p, p.givens); }

std::string describe(const Puzzle& puzzle);
std::string describe_values(const Board& board, const Values& values);
// Throws InputError "SOURCE, column C: message" (C counts from 1 in `desc`); the size is checked
// against the board limit (core/limits.hpp) before anything is allocated.
Puzzle parse_description(std::string_view desc, const std::string& source = "description");

// Rows of values with -1 for holes (the JSON grid shape): grid[row][col].
std::vector<std::vector<int>> to_grid(const Board& board, const Values& values);

}  // namespace hidato
