// One kernel-DMA task descriptor as the ring sees it.
#pragma once

#include <cstdint>
#include <vector>

#include <sim/base/machine_config.h>

namespace anesim {

struct Task {
  uint32_t start_line = 0;  // first line address (byte address / 64)
  uint32_t lines = 0;       // transfer length, >= 1
  // Ops that stream no weights (norms, attention over the KV cache, ...) and
  // run on the core after the previous task and before this one's dispatch:
  // each costs ane.op_overhead_cycles. 0 for a plain transfer.
  uint32_t ops_before = 0;
  // This task opens a new program: ane.launch_overhead_cycles before its
  // dispatch. The first task always pays the launch.
  bool starts_program = false;
  // The engine takes one of this task's lines from KMem every this many
  // cycles at most (its weights' format decides: ane.drain); a full KMem
  // then holds the ring's requests back. 0: it keeps up with any delivery.
  double drain_cycles_per_line = 0;
};

// The cycles a core waits between the previous task's end (or the run's
// start, for the first task) and the dispatch of `t`.
uint64_t cycles_before_dispatch(const AneConfig& ane, const Task& t, bool first);

// Splits `lines` starting at `start_line` into `parts` back-to-back tasks of
// near-equal size (the first ones one line longer when it does not divide).
std::vector<Task> split_transfer(uint32_t start_line, uint32_t lines, uint32_t parts);

}  // namespace anesim
