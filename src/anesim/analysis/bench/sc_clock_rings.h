// The usual way to drive a Verilated model from SystemC, kept for `anesim
// bench` only, as the reference the testbench is measured against: the same
// ring Verilated with --sc (sc_in/sc_out ports), one instance per core, every
// port bound to an sc_signal, an sc_clock, and one SC_METHOD on the clock's
// falling edge that drives every ring's inputs each cycle. The environment is
// the bench's bare-rings loop (src/anesim/analysis/bench/speed_bench.cpp): a request is
// accepted at once, a line retired the next cycle, a finished ring gets its
// task again, so both count the same retired lines. Built into its own
// binary (anesim_sc_clock_bench): SystemC elaborates once per process and
// the --sc models are not part of anesim.
#pragma once

#include <cstdint>

#include <sim/base/ring_variant_id.h>
#include <sim/core/task.h>

namespace anesim {

struct ScClockRun {
  double seconds = 0;          // wall time of sc_start (elaboration excluded)
  uint64_t cycles = 0;         // clock cycles with inputs applied
  uint64_t lines_retired = 0;  // over all rings: cycles with line_retired_i set
};

// Elaborates `cores` rings and runs them `cycles` clock cycles, each on
// `task`. Call at most once per process.
ScClockRun run_sc_clock_rings(RingVariant variant, uint32_t cores, const Task& task,
                              uint64_t cycles);

}  // namespace anesim
