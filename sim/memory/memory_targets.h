// The memory targets, registered by name: the one place that knows which
// kinds exist (sim/memory/memory_target_kind.h). A new target is one kind
// in its own file, its factory in memory_target_kinds.h, one line in
// memory_targets.cpp and its reader (docs/architecture.md lists all).
#pragma once

#include <string>
#include <vector>

#include <anesim/sim/base/machine_config.h>
#include <anesim/sim/memory/memory_target_kind.h>

namespace anesim {

// Every kind, in registration order (the built-in LPDDR5 first).
const std::vector<const MemoryTargetKind*>& memory_targets();
// Null when no kind has that name.
const MemoryTargetKind* find_memory_target(const std::string& name);
// The kind cfg.memory.target names; std::invalid_argument listing the names
// when none does.
const MemoryTargetKind& memory_target(const MachineConfig& cfg);
// "lpddr5, fixed_latency": the registered names, for messages.
std::string memory_target_choices();

// A run of `cfg` needs the SystemC kernel whatever the coupling (its target
// runs on SystemC time, or is not direct: only the SystemC path drives the
// tlm coupling): what decides threads or child processes.
bool needs_systemc_kernel(const MachineConfig& cfg);

}  // namespace anesim
