// The batch runner's points simulated in this process, `jobs` threads at a
// time, with no SystemC kernel (sim/top/run_without_systemc.h): what the Python
// module's advise calls use instead of child processes. Each point's result
// goes through the same JSON report a child prints (run_report.h), so the
// numbers are those of simulate_points, rounding included.
#pragma once

#include <vector>

#include <anesim/analysis/batch/batch_runner.h>
#include <anesim/sim/base/machine_config.h>

namespace anesim {

// Results in the order of `points`; a failed point has `ok` false and
// `error` saying why, as a child's stderr would.
std::vector<SimPointResult> simulate_points_in_process(const std::vector<SimPoint>& points,
                                                       const MachineConfig& cfg, unsigned jobs);

}  // namespace anesim
