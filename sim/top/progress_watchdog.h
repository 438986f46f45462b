// Stops a run that no longer makes progress. Every valid machine finishes
// or says why: when no consumer has taken a line for a bound derived from
// the config (a multiple of the worst round trip of a line with every
// credit of every core queued ahead of it), the cluster stops and the
// watchdog names the part that holds the lines, and the cycle.
//
// The check costs the cycle loop one comparison: progress is sampled only
// when a deadline passes.
#pragma once

#include <cstdint>
#include <string>

#include <sim/base/machine_config.h>

namespace anesim {

class CreditFabric;

// The cycles within which a run of `cfg` with `cores` active cores always
// delivers its next line: dispatch and launch, the fabric both ways, the
// port, and for every request that may be queued ahead (all credits of all
// cores) a full row miss plus the refresh the channel may owe; then times
// 8 for margin. `longest_wait` is the longest a core of the run waits
// before a task's dispatch (launch, dispatch and the ops before it,
// cycles_before_dispatch in sim/core/task.h); launch plus dispatch when smaller.
// Saturates at UINT64_MAX.
uint64_t progress_bound(const MachineConfig& cfg, uint32_t cores, uint64_t longest_wait = 0);

class ProgressWatchdog {
 public:
  ProgressWatchdog(const MachineConfig& cfg, uint32_t cores, uint64_t longest_wait = 0)
      : bound_(progress_bound(cfg, cores, longest_wait)), deadline_(bound_) {}

  // `progress` counts lines consumed so far. True once it has not moved
  // between two deadlines `bound()` cycles apart.
  bool stalled(uint64_t now, uint64_t progress) {
    if (now < deadline_) {
      return false;
    }
    return check(now, progress);
  }
  uint64_t bound() const { return bound_; }
  bool fired() const { return fired_; }
  // Why the run stopped: the cycle, the idle span and the holder of the
  // lines ("" while it has not fired).
  const std::string& message() const { return message_; }
  // Records the holder once the cluster has stopped (see describe_holder).
  void explain(const std::string& holder);

 private:
  bool check(uint64_t now, uint64_t progress);

  uint64_t bound_;
  uint64_t deadline_;
  uint64_t last_progress_ = 0;
  uint64_t since_ = 0;  // the cycle the current idle span was first seen
  uint64_t fired_at_ = 0;
  bool fired_ = false;
  std::string message_;
};

// Which part of the memory path holds the `outstanding` lines the cores
// wait for: the fabric's wires, a channel's ingress FIFO or controller
// queue (naming its banks and whether a refresh is owed), or none (the
// rings themselves hold them).
std::string describe_holder(const CreditFabric& fabric, uint64_t now, uint64_t outstanding);

}  // namespace anesim
