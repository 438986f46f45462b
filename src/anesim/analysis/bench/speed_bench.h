// Simulation speed, measured side by side in one run: the full SystemC
// testbench, the same cluster with every ring clocked every cycle (no
// SystemC, no idle skipping), the same Verilated rings clocked bare in a
// plain C++ loop (no fabric, no DRAM) for the same number of cycles, and
// those rings wired the usual SystemC way (sc_signals, an sc_clock, a
// per-cycle SC_METHOD; sc_clock_reference.h, in a child process). Beside
// the ratios, two wall times a user waits for: the main job (the bug on 16
// cores x 0x4000 lines) and a long streaming fix run (lines per second).
#pragma once

#include <cstdint>
#include <string>

#include <anesim/io/json.h>
#include <sim/base/machine_config.h>
#include <sim/base/ring_variant_id.h>
#include <sim/top/run_spec.h>

namespace anesim {

struct BenchResult {
  RingVariant variant = RingVariant::kBug;
  uint32_t cores = 0;
  uint32_t lines_per_core = 0;
  uint64_t sim_cycles = 0;
  SimulationOutcome outcome;  // the testbench run, for its exit code
  double testbench_s = 0, all_clocked_s = 0, bare_rings_s = 0;  // wall seconds
  double sc_clock_s = 0;  // the sc_clock reference (0: not measured)
  // The cluster with idle skipping, no SystemC: the fabric's reads by direct
  // calls and through the TLM-2.0 coupling (--memory), best of two each.
  double direct_s = 0, tlm_s = 0;
  uint64_t lines_retired = 0;          // by the bare rings, and by the sc_clock reference
  double main_job_s = 0;               // `anesim --variant bug --lines 0x4000` (the testbench)
  uint32_t stream_lines_per_core = 0;  // the streaming fix run (0: not measured)
  uint64_t stream_lines = 0;           // its lines, all cores
  double stream_s = 0;
  double mcycles_per_s(double seconds) const { return sim_cycles / seconds / 1e6; }
};

// Runs the testbench once per process (SystemC elaborates once). Throws
// std::runtime_error when the sc_clock reference fails or its rings retire
// another number of lines than the bare ones (they must do the same work).
// `stream_lines_per_core`: the streaming fix run's transfer (0: skipped).
BenchResult measure_speed(const MachineConfig& cfg, RingVariant variant, uint32_t lines_per_core,
                          uint32_t stream_lines_per_core = 0, bool sc_clock_reference = true);
std::string bench_text(const BenchResult& b);
Json bench_json(const BenchResult& b);

}  // namespace anesim
