// hidato: the command-line entry point. Dispatches to a subcommand; the only place that catches.
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <map>
#include <new>
#include <string>

#include <boost/program_options/errors.hpp>

#include "cli/commands.hpp"
#include "core/atomic_file.hpp"
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
  // `hidato --version extra` said the version and exit 0, the extra word unread.
  if ((first == "--version" || first == "-V") && argc > 2) {
    std::cerr << "hidato: error: " << first << " takes no arguments, got '" << hidato::terminal_text(argv[2])
              << "' (try 'hidato --help')\n";
    return exit_bad_input;
  }
  if (first == "--version" || first == "-V") {
    std::cout << "hidato " << HIDATO_VERSION << "\n";
    return exit_ok;
  }
  // `hidato help build` (or `hidato --help build`) is `hidato build --help`.
  if ((first == "help" || first == "--help" || first == "-h") && argc > 2) {
    if (argc > 3) {
      std::cerr << "hidato: error: help takes one command, got '" << hidato::terminal_text(argv[3]) << "' too (try 'hidato --help')\n";
      return exit_bad_input;
    }
    if (commands().count(argv[2])) return commands().at(argv[2]).run(Args{"--help"});
    std::cerr << "hidato: error: help: unknown command '" << hidato::terminal_text(argv[2]) << "' (try 'hidato --help')\n";
    return exit_bad_input;
  }
  if (first.empty() || first == "--help" || first == "-h" || first == "help") {
    // Asked for: on stdout, exit 0. No command at all is a usage error: on stderr, exit 1.
    print_help(first.empty() ? std::cerr : std::cout);
    return first.empty() ? exit_bad_input : exit_ok;
  }
  const auto it = commands().find(first);
  if (it == commands().end()) {
    std::cerr << "hidato: error: unknown command '" << hidato::terminal_text(first) << "' (try 'hidato --help')\n";
    return exit_bad_input;
  }
  return it->second.run(Args(argv + 2, argv + argc));
}

// A standard descriptor the caller closed (`>&-`) is held open read-only on /dev/null: a file the
// run opens (a lock, a temporary) never takes its number, so progress is never written into it,
// and a write to a closed stdout fails, which finish_output reports.
void hold_standard_descriptors() {
  for (int fd = 0; fd <= 2; ++fd) {
    if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    hidato::note_standard_stream_closed(fd);
    const int got = open("/dev/null", O_RDONLY);
    if (got >= 0 && got != fd) {
      dup2(got, fd);
      close(got);
    }
  }
}

// stdout through a buffer of our own that writes with write(2) and keeps the first failure's OS
// reason (stdio's buffer loses it by the time the run ends, and exit() drops the error).
class StdoutBuffer : public std::streambuf {
 public:
  StdoutBuffer() { setp(buf_, buf_ + sizeof buf_); }
  int error() const { return error_; }

 protected:
  int_type overflow(int_type ch) override {
    if (drain() != 0) return traits_type::eof();
    if (!traits_type::eq_int_type(ch, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(ch);
      pbump(1);
    }
    return traits_type::not_eof(ch);
  }
  int sync() override { return drain(); }

 private:
  int drain() {
    for (const char* p = pbase(); p < pptr() && error_ == 0;) {
      const ssize_t n = ::write(STDOUT_FILENO, p, static_cast<std::size_t>(pptr() - p));
      if (n > 0) p += n;
      else if (n < 0 && errno == EINTR) continue;
      else error_ = n < 0 ? errno : EIO;
    }
    setp(buf_, buf_ + sizeof buf_);
    return error_ != 0 ? -1 : 0;
  }
  char buf_[1 << 14];
  int error_ = 0;
};

// The command's output (puzzles, JSON, tables) reached stdout, or the run fails: a full disk or a
// closed stdout behind `hidato generate > file` must not pass as success with a cut-off file.
int finish_output(int code, const StdoutBuffer& out) {
  std::cout.flush();
  if (out.error() == 0 && !std::cout.fail()) return code;
  std::cerr << "hidato: error: cannot write to standard output: "
            << (out.error() == EBADF ? "it is closed" : std::strerror(out.error() != 0 ? out.error() : EIO)) << "\n";
  return code == exit_bad_input ? code : exit_internal;
}

int run(int argc, char** argv) {
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

}  // namespace

int main(int argc, char** argv) {
  // A reader that goes away (`hidato build 2>&1 | head -1`, a log reader of a cron job) must not
  // kill the run with SIGPIPE: a write to it fails with EPIPE instead; progress on stderr is then
  // dropped and lost output on stdout is reported by finish_output (exit 3).
  signal(SIGPIPE, SIG_IGN);
  hold_standard_descriptors();
  StdoutBuffer buffer;
  std::streambuf* const stdio = std::cout.rdbuf(&buffer);
  if (isatty(STDOUT_FILENO)) std::cout << std::unitbuf;  // a terminal sees each line as it comes
  const int code = finish_output(run(argc, argv), buffer);
  std::cout.rdbuf(stdio);
  return code;
}
