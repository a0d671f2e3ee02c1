#pragma once
// SIGHUP/SIGINT/SIGTERM -> a stop flag the pipeline checks cooperatively. The first signal asks for a
// prompt, clean stop (in-flight jobs are cancelled, temporaries removed); a second one kills the
// process at once (any temporaries are removed by the next run in that folder).
#include <atomic>

namespace hidato {

const std::atomic<bool>& install_stop_handlers();
int stop_signal();  // the signal that raised the flag, 0 when none
inline int exit_code_for_signal(int sig) { return 128 + sig; }

}  // namespace hidato
