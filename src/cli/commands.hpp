#pragma once
// One function per subcommand. Each takes the arguments after the subcommand name and returns
// the process exit code. Exit codes everywhere:
//   0 success, 1 bad input or usage, 2 some puzzle failed (none, multiple, gave up, deadline),
//   3 internal error.
// Bad input is thrown as InputError and turned into exit 1 by main; nothing else catches.
#include <string>
#include <vector>

namespace hidato::cli {

using Args = std::vector<std::string>;

inline constexpr int exit_ok = 0;
inline constexpr int exit_bad_input = 1;
inline constexpr int exit_puzzle_failed = 2;
inline constexpr int exit_internal = 3;

int run_solve(const Args& args);       // cmd_solve.cpp
int run_generate(const Args& args);    // cmd_generate.cpp
int run_grade(const Args& args);       // cmd_generate.cpp
int run_build(const Args& args);       // cmd_build.cpp
int run_regenerate(const Args& args);  // cmd_build.cpp
int run_verify(const Args& args);      // cmd_build.cpp
int run_merge(const Args& args);       // cmd_build.cpp
int run_render(const Args& args);      // cmd_build.cpp

}  // namespace hidato::cli
