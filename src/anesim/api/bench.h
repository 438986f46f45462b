// `bench`: simulation speed measured side by side in one process
// (src/anesim/analysis/bench/speed_bench.h), and optionally a sweep's points per
// second at -j 1 and -j 2, as a typed request.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <anesim/analysis/bench/speed_bench.h>
#include <anesim/analysis/bench/sweep_throughput.h>
#include <sim/base/machine_config.h>
#include <sim/base/ring_variant_id.h>

namespace anesim::api {

struct BenchRequest {
  MachineConfig machine;  // its memory target must be the built-in LPDDR5
  RingVariant variant = RingVariant::kBug;
  uint32_t lines = 0x4000;
  uint32_t stream_lines = 0x400000;  // 0: no streaming run
  bool sweep = false;                // also time a sweep of x over sweep_x
  std::vector<int64_t> sweep_x;
  int64_t sweep_step = 1;
};

struct BenchOutcome {
  BenchResult speed;
  std::optional<SweepThroughput> sweep;
};

// Throws UsageError for a machine whose memory is not the built-in model.
void check_bench_machine(const MachineConfig& cfg);
// Checks the machine, then measures.
BenchOutcome bench(const BenchRequest& request);

}  // namespace anesim::api
