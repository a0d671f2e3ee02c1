#include <iostream>

#include "cli/commands.hpp"

namespace hidato::cli {

static int not_yet(const char* name) {
  std::cerr << "hidato: error: '" << name << "' is not implemented yet\n";
  return exit_internal;
}

int run_build(const Args&) { return not_yet("build"); }
int run_regenerate(const Args&) { return not_yet("regenerate"); }
int run_verify(const Args&) { return not_yet("verify"); }
int run_merge(const Args&) { return not_yet("merge"); }
int run_render(const Args&) { return not_yet("render"); }

}  // namespace hidato::cli
