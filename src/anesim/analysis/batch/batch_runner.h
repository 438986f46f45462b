// Runs a batch of simulation points on one machine: the one entry point of
// every sweep, replay, advise, decode, calibrate and report. Points run as
// `jobs` threads of this process (point_threads.h), with no SystemC kernel;
// only a machine whose memory needs the kernel (a target on SystemC time,
// sim/top/run_without_systemc.h) runs them as `anesim` child processes
// (point_children.h), SystemC elaborating once per process. Both give the
// numbers of the same JSON report (run_report.h), rounding included.
#pragma once

#include <string>
#include <vector>

#include <anesim/analysis/batch/sim_point.h>
#include <sim/base/machine_config.h>

namespace anesim {

enum class PointRunner { kThreads, kChildren };
// Where the points of a batch on `cfg` run (needs_systemc_kernel).
PointRunner point_runner(const MachineConfig& cfg);

// Results in the order of `points`; a failed point has `ok` false and
// `error` saying why. `config_path` is the file `cfg` was read from ("" for
// the built-in machine): children read the machine from it, so a machine
// that needs them and has no file throws InputError. Progress is drawn on
// stderr when it is a terminal and `label` is not empty.
std::vector<SimPointResult> simulate_points(const std::vector<SimPoint>& points,
                                            const MachineConfig& cfg,
                                            const std::string& config_path, unsigned jobs,
                                            const std::string& label);

}  // namespace anesim
