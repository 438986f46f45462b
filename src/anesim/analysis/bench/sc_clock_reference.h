// `anesim bench`'s reference integration, the one people usually write: the
// rings driven through SystemC signals by an sc_clock and a per-cycle
// SC_METHOD (src/anesim/analysis/bench/sc_clock_rings.h). It runs in its own process, the
// benchmark-only binary anesim_sc_clock_bench beside the anesim executable,
// because SystemC elaborates once per process and the bench has already run
// the testbench.
#pragma once

#include <cstdint>
#include <string>

#include <sim/base/ring_variant_id.h>
#include <sim/core/task.h>

namespace anesim {

struct ScClockTiming {
  double seconds = 0;
  uint64_t lines_retired = 0;
};

// The reference binary: anesim_sc_clock_bench in the running executable's
// directory.
std::string sc_clock_executable();
// This process's executable (/proc/self/exe).
std::string self_executable();

// Runs `cores` rings for `cycles` cycles on `task` in the reference binary;
// throws std::runtime_error when it is missing or fails.
ScClockTiming measure_sc_clock_rings(RingVariant variant, uint32_t cores, const Task& task,
                                     uint64_t cycles);

}  // namespace anesim
