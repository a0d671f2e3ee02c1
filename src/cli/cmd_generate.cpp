#include <iostream>

#include "cli/commands.hpp"

namespace hidato::cli {

int run_generate(const Args&) {
  std::cerr << "hidato: error: 'generate' is not implemented yet\n";
  return exit_internal;
}

int run_grade(const Args&) {
  std::cerr << "hidato: error: 'grade' is not implemented yet\n";
  return exit_internal;
}

}  // namespace hidato::cli
