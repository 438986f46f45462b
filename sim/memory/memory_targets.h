// The memory targets, by name: Registry<MemoryTargetKind>, which every
// target joins from its own file (ANESIM_REGISTER). A new target is one
// file: its kind (what it reads, answers and builds) and its registration.
#pragma once

#include <sim/base/machine_config.h>
#include <sim/base/registry.h>
#include <sim/memory/memory_target_kind.h>

namespace anesim {

using MemoryTargets = Registry<MemoryTargetKind>;

// The kind cfg.memory.target names; std::invalid_argument listing the names
// when none does.
const MemoryTargetKind& memory_target(const MachineConfig& cfg);

// A run of `cfg` needs the SystemC kernel whatever the coupling (its target
// runs on SystemC time, or is not direct: only the SystemC path drives the
// tlm coupling): what decides threads or child processes.
bool needs_systemc_kernel(const MachineConfig& cfg);

}  // namespace anesim
