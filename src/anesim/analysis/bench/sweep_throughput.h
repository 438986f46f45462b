// A whole sweep's throughput, for `anesim bench --sweep`: the same sweep run
// at -j 1 and at -j 2, side by side in one process, in points per second
// (through the batch runner, as `anesim sweep` runs it: threads, or child
// processes on a machine that needs SystemC; the better of two runs each).
#pragma once

#include <cstddef>

#include <anesim/analysis/sweep/sweep.h>
#include <anesim/io/json.h>
#include <sim/base/machine_config.h>

namespace anesim {

struct SweepThroughput {
  SweepSpec spec;
  size_t points = 0;
  double seconds_j1 = 0, seconds_j2 = 0;
};

// The bench's sweep: x over `values` around k = 1 on `cores` cores, bug and
// fix (the README's x sweep with -512:512:16 on 2 cores: 130 points).
SweepSpec bench_sweep_spec(const std::vector<int64_t>& values, int64_t step, uint32_t cores);

// Runs `spec` at -j 1 and at -j 2, alternating, twice, and keeps the faster
// run of each; throws std::runtime_error when a point fails or the CSVs differ.
SweepThroughput measure_sweep_throughput(SweepSpec spec, const MachineConfig& cfg);
std::string sweep_throughput_text(const SweepThroughput& t);
// Adds the sweep_* keys to a bench report.
void add_sweep_throughput_json(const SweepThroughput& t, Json& j);

}  // namespace anesim
