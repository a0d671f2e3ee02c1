// hidato: the command-line entry point. Dispatches to a subcommand; the only place that catches.
#include <cstdio>
#include <exception>
#include <iostream>
#include <map>
#include <new>
#include <string>

#include <boost/program_options/errors.hpp>

#include "cli/commands.hpp"
#include "core/errors.hpp"
#include "core/text.hpp"
#include "version.hpp"

namespace {

using namespace hidato::cli;

struct Command {
  int (*run)(const Args&);
  const char* summary;
};

const std::map<std::string, Command>& commands() {
  static const std::map<std::string, Command> table = {
      {"solve", {run_solve, "solve puzzle files and prove uniqueness"}},
      {"generate", {run_generate, "generate puzzles from a board spec"}},
      {"grade", {run_grade, "grade puzzle files by the deductions a person needs"}},
      {"build", {run_build, "build a book from a YAML config (the nightly job)"}},
      {"regenerate", {run_regenerate, "reproduce puzzles from a manifest's seeds"}},
      {"verify", {run_verify, "prove again that every puzzle in a manifest is unique"}},
      {"merge", {run_merge, "join shard manifests into one book"}},
      {"render", {run_render, "render a manifest to PDF/SVG"}},
  };
  return table;
}

void print_help(std::ostream& out) {
  out << "usage: hidato <command> [options]\n\n"
         "Hidato Press: generates, proves and prints Hidato (square8), Numbrix (square4) and\n"
         "hexagonal (hex6) puzzle books.\n\ncommands:\n";
  for (const auto& [name, cmd] : commands()) {
    out << "  " << name << std::string(12 - name.size(), ' ') << cmd.summary << "\n";
  }
  out << "\n'hidato <command> --help' describes each command's options.\n"
         "exit codes: 0 success, 1 bad input or usage, 2 some puzzle failed, 3 internal error\n";
}

int dispatch(int argc, char** argv) {
  const std::string first = argc > 1 ? argv[1] : "";
  if (first == "--version" || first == "-V") {
    std::cout << "hidato " << HIDATO_VERSION << "\n";
    return exit_ok;
  }
  if (first.empty() || first == "--help" || first == "-h" || first == "help") {
    print_help(std::cout);
    return first.empty() ? exit_bad_input : exit_ok;
  }
  const auto it = commands().find(first);
  if (it == commands().end()) {
    std::cerr << "hidato: error: unknown command '" << hidato::terminal_text(first) << "' (try 'hidato --help')\n";
    return exit_bad_input;
  }
  return it->second.run(Args(argv + 2, argv + argc));
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return dispatch(argc, argv);
  } catch (const hidato::InputError& e) {
    std::cerr << "hidato: error: " << hidato::terminal_text(e.what()) << "\n";
    return exit_bad_input;
  } catch (const boost::program_options::error& e) {
    std::cerr << "hidato: error: " << hidato::terminal_text(e.what()) << " (try 'hidato " << hidato::terminal_text(argc > 1 ? argv[1] : "")
              << " --help')\n";
    return exit_bad_input;
  } catch (const hidato::OutputError& e) {
    // The system refused a write (full disk, permissions changed mid-run): the OS reason is in
    // the message, and the earlier book is still in place (core/book_folder.hpp).
    std::cerr << "hidato: error: " << hidato::terminal_text(e.what()) << "\n";
    return exit_internal;
  } catch (const std::bad_alloc&) {
    std::cerr << "hidato: error: out of memory\n";
    return exit_internal;
  } catch (const std::exception& e) {
    std::cerr << "hidato: error: internal: " << hidato::terminal_text(e.what()) << "\n";
    return exit_internal;
  } catch (...) {
    std::cerr << "hidato: error: internal: unknown exception\n";
    return exit_internal;
  }
}
