// One simulation of one workload under SystemC, with its optional waveform
// dump: what `anesim [run options]` does, and what each child of a batch
// (point_children.h) does for its point.
#pragma once

#include <cstdint>
#include <string>

#include <sim/base/machine_config.h>
#include <sim/base/ring_variant_id.h>
#include <sim/core/line_latency.h>
#include <sim/core/workload.h>
#include <sim/memory/memory_coupling.h>
#include <sim/top/run_spec.h>

namespace anesim {

class OutputSet;

struct RunRequest {
  RingVariant variant = RingVariant::kBug;
  Workload workload;
  bool skip_idle = true;
  // Waveforms of cycles [wave_from, wave_to) when either path is set.
  std::string vcd_path, fst_path;
  uint64_t wave_from = 0, wave_to = 0;
  // Lines requested in this window are kept for --line-log.
  LineLogWindow line_log;
  MemoryCoupling memory = MemoryCoupling::kBuiltin;  // --memory
};

// A lower bound on the cycles of `request` on `cfg` (see minimum_cycles).
uint64_t minimum_run_cycles(const MachineConfig& cfg, const RunRequest& request);

// Elaborates and runs the testbench (once per process). A complete run's
// waveforms are staged in `outputs`, to be published with the command's
// other outputs. Throws OutputError when a waveform cannot be written.
SimulationOutcome run_single(const MachineConfig& cfg, const RunRequest& request,
                             OutputSet& outputs);

// The same run with no SystemC kernel (sim/top/run_without_systemc.h): any
// number per process, from any thread; no waveform, builtin coupling only
// (throws std::invalid_argument otherwise).
SimulationOutcome run_single_without_systemc(const MachineConfig& cfg, const RunRequest& request);

// The objects SystemC sees once the request's system is elaborated
// (--print-hierarchy; once per process, instead of run_single).
std::string describe_system(const MachineConfig& cfg, const RunRequest& request);

}  // namespace anesim
