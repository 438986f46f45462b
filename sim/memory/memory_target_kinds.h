// The factories of the registered memory targets, one per kind file; only
// the registry (sim/memory/memory_targets.cpp) calls them.
#pragma once

#include <memory>

#include <anesim/sim/memory/memory_target_kind.h>

namespace anesim {

// lpddr5: the built-in LPDDR5 channels of the dram section, clocked by the
// cycle loop (sim/memory/lpddr5_target_kind.cpp).
std::unique_ptr<MemoryTargetKind> make_lpddr5_target_kind();
// fixed_latency: the example AT target on SystemC time
// (sim/memory/fixed_latency_target_kind.cpp).
std::unique_ptr<MemoryTargetKind> make_fixed_latency_target_kind();

}  // namespace anesim
