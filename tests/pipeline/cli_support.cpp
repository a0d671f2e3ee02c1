#include "cli_support.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace hidato::test {

ChildRun run_hidato(const std::string& args, const fs::path& cwd) {
  const std::string out = (cwd / "stdout.txt").string(), err = (cwd / "stderr.txt").string();
  // Under ASan, fontconfig's caches (still held at exit) are not our leak: see lsan.supp. Their
  // count is not printed either, so stderr holds what hidato said (tests compare it whole).
  const std::string lsan = "LSAN_OPTIONS=\"suppressions=" HIDATO_SOURCE_DIR
                           "/tests/pipeline/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}\" ";
  const std::string cmd = "cd '" + cwd.string() + "' && " + lsan + "'" HIDATO_BINARY "' " + args +
                          " >'" + out + "' 2>'" + err + "'";
  const int status = std::system(cmd.c_str());
  ChildRun r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = slurp(out);
  r.err = slurp(err);
  fs::remove(out);
  fs::remove(err);
  return r;
}

pid_t spawn_hidato(const std::vector<std::string>& args, const fs::path& cwd) {
  const pid_t pid = ::fork();
  if (pid != 0) return pid;
  if (::chdir(cwd.c_str()) != 0) ::_exit(127);
  const std::string log = (cwd / "child.log").string();
  if (!std::freopen(log.c_str(), "w", stderr) || !std::freopen("/dev/null", "w", stdout)) ::_exit(127);
  std::vector<char*> argv;
  std::string binary = HIDATO_BINARY;
  argv.push_back(binary.data());
  std::vector<std::string> copy = args;
  for (auto& a : copy) argv.push_back(a.data());
  argv.push_back(nullptr);
  ::execv(binary.c_str(), argv.data());
  ::_exit(127);
}

int wait_exit(pid_t pid) {
  int status = 0;
  if (::waitpid(pid, &status, 0) != pid) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int wait_exit_within(pid_t pid, int seconds) {
  for (int waited_ms = 0; waited_ms < seconds * 1000; waited_ms += 20) {
    int status = 0;
    const pid_t r = ::waitpid(pid, &status, WNOHANG);
    if (r == pid) return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    if (r < 0) return -1;
    ::usleep(20'000);
  }
  ::kill(pid, SIGKILL);
  wait_exit(pid);
  return -1;
}

std::string slurp(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_text(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary) << text;
}

ChildRun build_config(const std::string& yaml, const std::string& args, const fs::path& cwd) {
  write_text(cwd / "c.yaml", yaml);
  return run_hidato("build c.yaml " + args, cwd);
}

std::vector<std::string> file_names(const fs::path& dir) {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace hidato::test
