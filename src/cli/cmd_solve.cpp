#include <iostream>

#include "cli/commands.hpp"

namespace hidato::cli {

int run_solve(const Args&) {
  std::cerr << "hidato: error: 'solve' is not implemented yet\n";
  return exit_internal;
}

}  // namespace hidato::cli
