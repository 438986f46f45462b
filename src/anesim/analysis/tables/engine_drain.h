// The engine's drain rate (ane.drain, machine_config.h) as the simulator
// takes it: cycles per 64-byte line of a task stored in a given format.
// Characterize samples one table per distinct rate, so these functions
// decide table times: they are part of the model version.
#pragma once

#include <string>
#include <vector>

#include <anesim/model/weight_format.h>
#include <sim/base/machine_config.h>

namespace anesim {

// (512 / bits) weights per line at the description's rate for `f`'s dtype,
// in cycles of the memory's full clock (dram.clock_mhz); 0 when the
// description gives no rate for it (the kernel DMA alone sets the pace).
double drain_cycles_per_line(const MachineConfig& cfg, const WeightFormat& f);

// One rate at which the description's engine drains some of its formats.
struct DrainRate {
  double cycles_per_line = 0;
  std::vector<std::string> formats;  // every format of ane.drain at this rate
};

// The distinct rates of ane.drain, ascending by cycles per line; formats
// that drain at the same rate (int8 and uint8 of the same speed) share one.
std::vector<DrainRate> drain_rates(const MachineConfig& cfg);

// Whether two rates are the same rate (as computed and as read back from a
// table file).
bool same_drain(double a, double b);

}  // namespace anesim
