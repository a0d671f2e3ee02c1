#include "pipeline/signals.hpp"

#include <csignal>

#include "core/atomic_file.hpp"

namespace hidato {
namespace {

std::atomic<bool> stop_flag{false};
volatile std::sig_atomic_t stop_sig = 0;

// A second signal ends the process at once, as it would without the handler, but first removes
// the temporary files being written (the files they were to replace stay as they were).
extern "C" void on_stop_signal(int sig) {
  if (stop_flag.load()) {
    remove_temp_files_now();
    std::signal(sig, SIG_DFL);
    std::raise(sig);
    return;
  }
  stop_sig = sig;
  stop_flag.store(true);
}

}  // namespace

const std::atomic<bool>& install_stop_handlers() {
  static_assert(std::atomic<bool>::is_always_lock_free);
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGHUP, &sa, nullptr);  // the terminal or SSH session of a run without nohup closed
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
  return stop_flag;
}

int stop_signal() { return stop_sig; }

}  // namespace hidato
