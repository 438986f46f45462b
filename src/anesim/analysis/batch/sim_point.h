// One simulation point of a batch (a sweep's point, a replayed record, an
// advise payload, a decode step) and its result, as the batch runner
// (batch_runner.h) takes and gives them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <sim/base/ring_variant_id.h>

namespace anesim {

struct SimPoint {
  RingVariant variant = RingVariant::kBug;
  uint32_t cores = 16;
  uint32_t lines_per_core = 0;
  uint32_t split = 1;
  uint32_t base_line = 0;
  std::vector<uint32_t> task_lines;  // explicit task lengths instead of `split`
  // A decode step (docs/decode.md): ops before each task (non-empty: the
  // result also has each task's span), tasks opening a new program, and
  // the run's cycle limit (0: the config's simulation.max_cycles).
  std::vector<uint32_t> task_ops;
  std::vector<uint32_t> program_starts;
  std::vector<uint32_t> task_gaps;  // lines before each task that it does not stream (Workload)
  std::vector<double> task_drain;   // the engine's cycles per line of each task (Workload)
  // The one core stands for all: its port is held to its share of the
  // memory's peak (MachineConfig::ports_outrun_memory).
  bool memory_share = false;
  uint64_t max_cycles = 0;
};

struct SimPointResult {
  bool ok = false;
  std::string error;  // why the point failed (a child's stderr, or the run's failure)
  double time_us = 0;
  double gbps = 0;  // the active cores' bytes / simulated time
  uint64_t lines_prefetched = 0, lines_demand = 0;
  int64_t k = 0, x = 0;
  bool notch = false;
  uint64_t sim_cycles = 0;
  // With SimPoint::task_ops: core 0's cycle of each task's dispatch and the
  // cycle after its last line.
  std::vector<uint64_t> task_dispatch_cycles, task_finish_cycles;
};

}  // namespace anesim
