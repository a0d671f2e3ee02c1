#pragma once
// The documented limits every reader enforces while it reads (README "Limits").
//
// Board size: rows x cols grid positions, holes included, at most max_board_cells (256 x 256).
// The solver keeps two bit matrices of cells x values (n^2 / 64 words each): at 65,536 cells
// that is 1.07 GB (measured: solving a 256 x 256 board peaks at 1.05 GB RSS), the most a book
// machine should be asked for; 300 x 300 would need 2 GB. Input files: at most max_input_bytes (config, template and mask files much less).
#include <cstddef>
#include <optional>
#include <string>

namespace hidato {

inline constexpr long long max_board_cells = 65'536;
inline constexpr std::size_t max_input_bytes = 64u << 20;       // puzzle files, manifests
inline constexpr std::size_t max_small_input_bytes = 1u << 20;  // config, page template, mask
// Puzzles in one puzzle file, and `key: value` headers kept per puzzle: a 64 MB file of a few
// million one-cell puzzles or headers took 1.5-4 GB to read.
inline constexpr int max_puzzles_per_file = 100'000;
// A per-puzzle deadline (config, manifest, --deadline-ms): a day, far beyond any puzzle, far from
// overflow.
inline constexpr long long max_deadline_ms = 86'400'000;
// book.creation_epoch (config, manifest): up to 9999-12-31T23:59:59, what a PDF date can say.
inline constexpr long long max_creation_epoch = 253'402'300'799;
inline constexpr std::size_t max_headers_per_puzzle = 1'000;
// Shards of one book (--shard K/N, a manifest's shard.count).
inline constexpr int max_shards = 1'000'000;

// "board too large: R x C (the limit is 65,536 cells, e.g. 256 x 256)" when rows * cols is over the
// limit; "board size must be at least 1 x 1" for a side below 1; nullopt when the size is allowed.
std::optional<std::string> board_size_problem(long long rows, long long cols);

}  // namespace hidato
