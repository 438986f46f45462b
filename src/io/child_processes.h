// Runs child processes without a shell, at most `jobs` at a time, and
// collects their output. anesim runs every simulation of a replay or sweep
// as a child process (src/analysis/batch/batch_runner.h says why), and gnuplot and
// vcd2fst the same way.
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

// The first executable `name` in the directories of $PATH ("" when none).
std::string find_on_path(const std::string& name);

}  // namespace anesim
