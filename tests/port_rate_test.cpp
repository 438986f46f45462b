// The per-core port's rate: a fractional number of cycles per line is kept
// exactly, so a stream that the port limits runs at the rate between the two
// whole-cycle ports around it, and whole-cycle ports behave as before.
#include <catch2/catch.hpp>

#include <anesim/machine/machine_config_reader.h>
#include "test_support.h"

namespace anesim {
namespace {

uint64_t port_bound_cycles(double port_cycles_per_line) {
  MachineConfig cfg = builtin_config();
  cfg.fabric.port_cycles_per_line = port_cycles_per_line;
  cfg.power.start_clock_mhz = cfg.dram.clock_mhz;  // no boost: cycles only
  cfg.ane.launch_overhead_cycles = 0;
  // One core with the fix and a short fabric: 16 credits cover the round
  // trip many times over, so the port alone limits the stream.
  cfg.fabric.request_latency = 1;
  return test::run_cluster(cfg, RingVariant::kFix, test::workload(0x4000, 1)).sim_cycles;
}

TEST_CASE("a fractional port rate lies between the whole-cycle rates around it", "[fabric]") {
  const uint64_t c13 = port_bound_cycles(13);
  const uint64_t c14 = port_bound_cycles(14);
  // Port-bound: one more cycle per line costs about one cycle per line.
  CHECK(double(c14 - c13) == Approx(0x4000).epsilon(0.01));
  // 13.5 alternates 13 and 14; 13.25 is a quarter of the way.
  CHECK(double(port_bound_cycles(13.5) - c13) == Approx(0x4000 / 2.0).epsilon(0.01));
  CHECK(double(port_bound_cycles(13.25) - c13) == Approx(0x4000 / 4.0).epsilon(0.01));
  // A whole number written as a real is the same port.
  CHECK(port_bound_cycles(13.0) == c13);
}

}  // namespace
}  // namespace anesim
