// One run of the cluster's cycle loop with no SystemC kernel: the decoupled
// loop of AneSystem (sim/top/ane_system.h) without its waits, so the results are
// the same cycle for cycle. Unlike simulate(), it may be called any number
// of times per process and from several threads at once (each run owns its
// Verilated context). Only the builtin memory coupling: a target on SystemC
// time needs the kernel.
#pragma once

#include <sim/base/machine_config.h>
#include <sim/top/run_spec.h>

namespace anesim {

// True when `spec` on `cfg` can run without SystemC (builtin coupling, and
// a target that needs no kernel: needs_systemc_kernel, sim/memory/memory_targets.h).
bool runs_without_systemc(const MachineConfig& cfg, const RunSpec& spec);

// Throws std::invalid_argument when !runs_without_systemc(cfg, spec).
SimulationOutcome simulate_without_systemc(const MachineConfig& cfg, const RunSpec& spec);

}  // namespace anesim
