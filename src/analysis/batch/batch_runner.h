// Simulates many workloads, each in its own `anesim --json` child process,
// and reads their reports back. Why processes: SystemC elaborates once per
// process, and separate processes give -j parallelism with no shared state.
// The protocol (docs/architecture.md): the parent passes a point as
// command-line options; the child prints one JSON object (run_report.h's
// run_json) on stdout and exits 0, or a message on stderr and a non-zero
// exit code.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <anesim/sim/ring/ring_variant.h>

namespace anesim {

struct SimPoint {
  RingVariant variant = RingVariant::kBug;
  uint32_t cores = 16;
  uint32_t lines_per_core = 0;
  uint32_t split = 1;
  uint32_t base_line = 0;
  std::vector<uint32_t> task_lines;  // explicit task lengths instead of `split`
  // A decode step (docs/decode.md): ops before each task (non-empty: the
  // child also reports each task's span), tasks opening a new program, and
  // the run's cycle limit (0: the config's simulation.max_cycles).
  std::vector<uint32_t> task_ops;
  std::vector<uint32_t> program_starts;
  uint64_t max_cycles = 0;
};

struct SimPointResult {
  bool ok = false;
  std::string error;  // the child's stderr (or why its output was unreadable)
  double time_us = 0;
  double gbps = 0;  // the active cores' bytes / simulated time
  uint64_t lines_prefetched = 0, lines_demand = 0;
  int64_t k = 0, x = 0;
  bool notch = false;
  uint64_t sim_cycles = 0;
  // With SimPoint::task_ops: core 0's cycle of each task's dispatch and the
  // cycle after its last line.
  std::vector<uint64_t> task_dispatch_cycles, task_finish_cycles;
};

// The anesim binary the children run; default the running executable
// (/proc/self/exe). Tests point it at the built anesim.
void set_simulator_executable(const std::string& path);
const std::string& simulator_executable();

// The command line of one point's child.
std::vector<std::string> point_command(const SimPoint& p, const std::string& config_path);

// Reads a child's stdout; on failure `ok` is false and `error` says why.
SimPointResult parse_point_report(const std::string& json_text);

// Results in the order of `points`. Progress is drawn on stderr when it is a
// terminal and `label` is not empty.
std::vector<SimPointResult> simulate_points(const std::vector<SimPoint>& points,
                                            const std::string& config_path, unsigned jobs,
                                            const std::string& label);

}  // namespace anesim
