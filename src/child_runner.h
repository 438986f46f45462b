// Runs child processes, at most `jobs` at a time, and collects their output.
// anesim runs every simulation of a replay or sweep as a child process
// (`anesim --json ...`): SystemC elaborates once per process, and separate
// processes give -j parallelism with no shared state.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace anesim {

struct ChildResult {
  int exit_code = -1;  // 128 + signal when the child was killed
  std::string out;
  std::string err;
};

// argv[0] of each command is the program path. Results come back in the
// order of `commands`, whatever the order of completion. `progress` (may be
// empty) is called after each child ends with (finished, total).
std::vector<ChildResult> run_children(const std::vector<std::vector<std::string>>& commands,
                                      unsigned jobs,
                                      const std::function<void(size_t, size_t)>& progress);

// A progress bar on stderr, drawn only when stderr is a terminal.
class ProgressBar {
 public:
  explicit ProgressBar(std::string label);
  ~ProgressBar();
  void update(size_t done, size_t total);
  std::function<void(size_t, size_t)> callback();

 private:
  std::string label_;
  bool tty_;
  bool drawn_ = false;
};

}  // namespace anesim
