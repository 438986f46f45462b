// The batch runner's points as `anesim` child processes, `jobs` at a time:
// for a machine whose memory needs the SystemC kernel, which elaborates
// once per process. The protocol (docs/architecture.md): the child's
// command line is `anesim --json --point-stdin [--config FILE]`, the point
// comes as JSON on its stdin (point_request.h); the child prints one JSON
// object (run_report.h's run_json) on stdout and exits 0, or a message on
// stderr and a non-zero exit code.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include <anesim/analysis/batch/sim_point.h>

namespace anesim {

// The anesim binary the children run; default the running executable
// (/proc/self/exe). Tests point it at the built anesim.
void set_simulator_executable(const std::string& path);
const std::string& simulator_executable();

// Every child's command line (the point itself goes on stdin).
std::vector<std::string> point_command(const std::string& config_path);

// Results in the order of `points`; `progress` (may be empty) is called
// after each child ends with (finished, total).
std::vector<SimPointResult> simulate_points_as_children(
    const std::vector<SimPoint>& points, const std::string& config_path, unsigned jobs,
    const std::function<void(size_t, size_t)>& progress);

}  // namespace anesim
