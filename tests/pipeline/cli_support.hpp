#pragma once
// Helpers for tests that run the `hidato` binary as a child process in a temporary folder.
#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

#include "temp_dir.hpp"

namespace hidato::test {

namespace fs = std::filesystem;

struct ChildRun {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// Runs `hidato <args>` with the working directory `cwd` (arguments are passed through /bin/sh).
ChildRun run_hidato(const std::string& args, const fs::path& cwd);

// Starts `hidato args...` in `cwd` without waiting; output goes to cwd/child.log.
pid_t spawn_hidato(const std::vector<std::string>& args, const fs::path& cwd);
// Waits for `pid`: the exit code, or 128 + signal when it was killed.
int wait_exit(pid_t pid);
// Like wait_exit, but after `seconds` kills the child (SIGKILL) and returns -1.
int wait_exit_within(pid_t pid, int seconds);

// Writes `yaml` to cwd/c.yaml and runs `hidato build c.yaml <args>` there.
ChildRun build_config(const std::string& yaml, const std::string& args, const fs::path& cwd);

std::string slurp(const fs::path& file);
void write_text(const fs::path& file, const std::string& text);
std::vector<std::string> file_names(const fs::path& dir);  // sorted

}  // namespace hidato::test
