// The engine's drain rate (ane.drain, machine_config.h) as the simulator
// takes it: cycles per 64-byte line of a task stored in a given format.
#pragma once

#include <anesim/model/weight_format.h>
#include <anesim/sim/base/machine_config.h>

namespace anesim {

// (512 / bits) weights per line at the description's rate for `f`'s dtype,
// in cycles of the memory's full clock (dram.clock_mhz); 0 when the
// description gives no rate for it (the kernel DMA alone sets the pace).
double drain_cycles_per_line(const MachineConfig& cfg, const WeightFormat& f);

}  // namespace anesim
