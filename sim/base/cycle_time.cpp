#include <sim/base/cycle_time.h>

#include <cmath>

namespace anesim {

CycleTime::CycleTime(double cycle_ns)
    : units_per_cycle_(cycle_ns * 1e-9 / sc_core::sc_get_time_resolution().to_seconds()) {}

sc_core::sc_time CycleTime::delay(uint64_t cycles) const {
  return sc_core::sc_time::from_value(
      static_cast<sc_dt::uint64>(std::llround(static_cast<double>(cycles) * units_per_cycle_)));
}

uint64_t CycleTime::cycles(const sc_core::sc_time& delay) const {
  return static_cast<uint64_t>(std::llround(static_cast<double>(delay.value()) / units_per_cycle_));
}

sc_core::sc_time time_of(const MachineConfig& cfg, uint64_t cycle) {
  return sc_core::sc_time(cfg.cycles_to_ns(cycle), sc_core::SC_NS);
}

uint64_t cycle_at(const MachineConfig& cfg, const sc_core::sc_time& t) {
  // Estimate from the clock in force, then correct the rounding both ways.
  uint64_t c = static_cast<uint64_t>(cfg.ns_to_cycles(t.to_seconds() * 1e9));
  while (c > 0 && time_of(cfg, c - 1) >= t) {
    --c;
  }
  while (time_of(cfg, c) < t) {
    ++c;
  }
  return c;
}

}  // namespace anesim
