// The batch runner's points as threads of this process, `jobs` at a time,
// with no SystemC kernel (sim/top/run_without_systemc.h): the default path
// of every batch. Each point's result goes through the same JSON report a
// child prints (run_report.h), so the numbers are those of a child,
// rounding included.
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

#include <anesim/analysis/batch/sim_point.h>
#include <sim/base/machine_config.h>

namespace anesim {

// Results in the order of `points`; a failed point has `ok` false and
// `error` saying why, as a child's stderr would. `progress` (may be empty)
// is called, one call at a time, after each point with (finished, total).
std::vector<SimPointResult> simulate_points_in_threads(
    const std::vector<SimPoint>& points, const MachineConfig& cfg, unsigned jobs,
    const std::function<void(size_t, size_t)>& progress);

}  // namespace anesim
