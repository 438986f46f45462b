// Lets a front end stop the runs it started (Python's Ctrl-C): the cycle
// loop without SystemC checks its thread's token once per quantum, and the
// point threads inherit the token of the thread that started them.
#pragma once

#include <atomic>
#include <stdexcept>

namespace anesim {

struct StopToken {
  std::atomic<bool> requested{false};
};

// Thrown by a run whose token was set.
class RunStopped : public std::runtime_error {
 public:
  RunStopped() : std::runtime_error("the run was stopped") {}
};

// The token the runs of this thread watch (nullptr: none).
StopToken* current_stop_token();

// Sets this thread's token for its lifetime.
class StopScope {
 public:
  explicit StopScope(StopToken* token);
  ~StopScope();
  StopScope(const StopScope&) = delete;
  StopScope& operator=(const StopScope&) = delete;

 private:
  StopToken* previous_;
};

// Throws RunStopped when this thread's token was set.
void throw_if_stop_requested();

}  // namespace anesim
