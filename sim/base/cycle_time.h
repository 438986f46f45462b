// Cycles and SystemC time in the TLM-2.0 couplings.
//  * Annotated delays mean whole cycles of the config's nominal clock
//    (1 / dram.clock_mhz): CycleTime converts them, through the kernel's
//    time resolution once, not per call.
//  * SystemC's clock follows the model's cycles, boost included
//    (MachineConfig::cycles_to_ns): time_of and cycle_at map between them for
//    the targets that run on SystemC time.
#pragma once

#include <systemc>

#include <cstdint>

#include <sim/base/machine_config.h>

namespace anesim {

class CycleTime {
 public:
  explicit CycleTime(double cycle_ns);
  sc_core::sc_time delay(uint64_t cycles) const;
  uint64_t cycles(const sc_core::sc_time& delay) const;

 private:
  double units_per_cycle_;  // time-resolution units per cycle
};

// When cycle `cycle` starts, from launch (time zero).
sc_core::sc_time time_of(const MachineConfig& cfg, uint64_t cycle);
// The first cycle that starts at or after `t`.
uint64_t cycle_at(const MachineConfig& cfg, const sc_core::sc_time& t);

}  // namespace anesim
