// Turns what a user asks for (lines per core or a layer shape, cores, split)
// into per-core task descriptor lists, laid out as the published task
// descriptors show: core i's slice starts at base + i * size.
#pragma once

#include <cstdint>
#include <vector>

#include <sim/core/task.h>
#include <sim/ring/geometry.h>

namespace anesim {

struct Workload {
  uint32_t cores = 16;
  uint32_t lines_per_core = 0;
  uint32_t split = 1;      // back-to-back tasks per core, of near-equal length
  uint32_t base_line = 0;  // line address of core 0's slice
  // Explicit task lengths instead (a layer cut into unequal chunks, as a
  // compiler cuts channels); they sum to lines_per_core and `split` is their
  // count. Empty: `split` near-equal tasks.
  std::vector<uint32_t> task_lines;
  // A decode step (docs/decode.md): per task, the ops that stream no weights
  // before it (empty: none), and the tasks, by index from 1, that open a new
  // program with its own launch.
  std::vector<uint32_t> task_ops;
  std::vector<uint32_t> program_starts;
  // Per task, the lines of the core's slice before it that hold other
  // constants, not streamed as its weights (a decode step's norm weights,
  // docs/decode.md); empty: none. They move where the task starts, which a
  // ring that repairs its grant only on a lap boundary sees.
  std::vector<uint32_t> task_gaps;
  // Per task, the engine's cycles per line (Task::drain_cycles_per_line);
  // empty: none limited.
  std::vector<double> task_drain;
};

// Each core's task lengths, in order.
std::vector<uint32_t> task_lengths(const Workload& w);
std::vector<std::vector<Task>> build_tasks(const Workload& w);

// Lines per core of a fp16 1x1 conv / linear X[1,D] x W[D,N] on the 16-core
// ANE: ceil(N/16) * D * 2 bytes, rounded up to whole 64 B lines. Returns 0
// when the result does not fit 32 bits. Inline: the model-file reader
// (src/config/) checks shapes with it without linking the model.
inline uint64_t lines_for_shape(uint64_t cin_d, uint64_t cout_n) {
  const uint64_t per_core_cout = (cout_n + 15) / 16;
  // Both inputs are at most 2^32-1, so the product fits in 128 bits; check
  // before multiplying in 64.
  if (per_core_cout != 0 && cin_d > UINT64_MAX / 2 / per_core_cout) {
    return 0;
  }
  const uint64_t bytes = per_core_cout * cin_d * 2;
  const uint64_t lines = (bytes + kLineBytes - 1) / kLineBytes;
  return lines > UINT32_MAX ? 0 : lines;
}

// A length as laps and signed offset from the nearest lap boundary:
// lines = k * 0x4000 + x with |x| <= 0x2000.
struct LapPosition {
  uint64_t k = 0;
  int64_t x = 0;
};
LapPosition lap_position(uint64_t lines);

}  // namespace anesim
