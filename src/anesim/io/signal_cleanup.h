// What a run leaves on disk while it works (temporaries, folders it made),
// registered so that a terminating signal removes it before the process
// exits with 128 + the signal's number. Storage is fixed, so the handler
// touches no allocator.
#pragma once

#include <string>

namespace anesim {

enum class Leftover {
  kFile,       // a temporary
  kDirectory,  // a folder the run made: removed if empty
  kTree,       // a scratch folder: removed with the files in it
};

// Registers / unregisters `path` (the same spelling both times).
void register_leftover(const std::string& path, Leftover kind);
void unregister_leftover(const std::string& path);

// Handles every catchable signal whose default ends the process (SIGHUP,
// SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGALRM, SIGUSR1/2, SIGPROF,
// SIGVTALRM, SIGXCPU, SIGIO, SIGPWR) by removing the leftovers; a signal
// ignored when the process started (nohup, a shell's background job) stays
// ignored. SIGXFSZ is ignored, so that a write past `ulimit -f` fails with
// EFBIG and the command reports it (exit 4) instead of dying.
void install_signal_cleanup();

}  // namespace anesim
