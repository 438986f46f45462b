// Runs child processes without a shell, at most `jobs` at a time, and
// collects their output: gnuplot, vcd2fst, the benchmark's reference, and
// the simulations of a batch on a machine that needs the SystemC kernel
// (src/anesim/analysis/batch/batch_runner.h says when).
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

// argv[0] is the program path; `input` is the child's stdin (empty: stdin
// is /dev/null). Input of any size: it is written to an anonymous file
// before the child starts, never through the command line.
struct ChildCommand {
  std::vector<std::string> argv;
  std::string input;
};

std::vector<ChildResult> run_children(const std::vector<ChildCommand>& commands, unsigned jobs,
                                      const std::function<void(size_t, size_t)>& progress);

// The same with stdin /dev/null. argv[0] of each command is the program path. Results come back in
// the order of `commands`, whatever the order of completion. `progress` (may be empty) is called
// after each child ends with (finished, total).
std::vector<ChildResult> run_children(const std::vector<std::vector<std::string>>& commands,
                                      unsigned jobs,
                                      const std::function<void(size_t, size_t)>& progress);

// The first executable `name` in the directories of $PATH ("" when none).
std::string find_on_path(const std::string& name);

}  // namespace anesim
