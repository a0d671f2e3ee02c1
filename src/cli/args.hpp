#pragma once
// Command-line parsing shared by every subcommand (Boost.Program_options).
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "cli/commands.hpp"
#include "core/puzzle.hpp"

namespace hidato::cli {

struct Parsed {
  boost::program_options::variables_map vm;
  bool help = false;
};

// Adds --help to `options` (unless it has one) and parses `args`; the bare arguments go to the
// hidden option `positional_name` (up to max_count of them, -1 = any number; nullptr = none).
// Bad flags throw boost::program_options::error, which main turns into exit 1.
Parsed parse_command(const Args& args, boost::program_options::options_description& options,
                     const char* positional_name = nullptr, int max_count = -1);

// The bare arguments; InputError "COMMAND: missing NAME (try ...)" when there are none.
std::vector<std::string> positionals(const Parsed& p, const char* name, const char* command);

// The puzzles of one bare argument of `solve` or `grade`: a puzzle file (which may hold several)
// or a one-line description (an argument with ':' that names no file, such as
// 'square8:3x3:6,.,9/.,2,8/1,.2'), whose errors name the argument: "argument 2, column 17: ...";
// `-` is standard input, named so in messages.
std::vector<Puzzle> read_puzzle_argument(const std::string& arg, std::size_t position);

}  // namespace hidato::cli
