// What one run of the model takes and gives: the ring variant and each
// core's task descriptors in, the cycles, bandwidth, latencies and errors
// out. Apart from the cycle loop (sim/top/cluster.h) so that the public
// class (sim/top/ane_system.h) names them without the model's parts.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <sim/base/ring_variant_id.h>
#include <sim/core/line_latency.h>
#include <sim/core/task.h>
#include <sim/dram/refresh/dram_bank_state.h>
#include <sim/memory/memory_coupling.h>

namespace anesim {

class TlmObserver;

struct RunSpec {
  RingVariant variant = RingVariant::kBug;
  std::vector<std::vector<Task>> tasks;  // one descriptor list per active core
  // Skip idle cycles and leave rings without input events unclocked. Off
  // clocks every ring every cycle: slower, for cross-checking the skipping.
  bool skip_idle = true;
  // Keep a record of each line requested in this window (--line-log).
  LineLogWindow line_log;
  // How the fabric reaches DRAM (--memory), and who watches the tlm
  // coupling's transactions (tests; may be null).
  MemoryCoupling memory = MemoryCoupling::kBuiltin;
  TlmObserver* tlm_observer = nullptr;
};

struct RunResult {
  // Cycles until the last core retired its last line; for a run stopped
  // early (max_cycles, the watchdog), the cycles it reached.
  uint64_t sim_cycles = 0;
  double time_us = 0;
  double gbps = 0;  // all cores' bytes / simulated time
  double core_gbps_min = 0, core_gbps_mean = 0, core_gbps_max = 0;
  uint64_t lines_total = 0;
  uint64_t lines_prefetched = 0;
  uint64_t lines_demand = 0;
  uint64_t lines_lost = 0;  // from the scoreboard
  std::string scoreboard_error;
  // Why the progress watchdog stopped the run ("" when it did not).
  std::string watchdog_error;
  std::vector<uint32_t> task_credit;    // core 0's lookahead grant per task
  std::vector<uint64_t> task_dispatch;  // core 0: the cycle each task was latched
  std::vector<uint64_t> task_finish;    // core 0: the cycle after each task's last line
  DramStats dram;
  bool rtl_assertion_failed = false;
  LatencyStats latency;              // all cores, per path
  std::vector<LineRecord> line_log;  // RunSpec::line_log's lines, by request cycle
};

// A run as the testbench ends it.
struct SimulationOutcome {
  RunResult result;
  bool exceeded_max_cycles = false;  // stopped at simulation.max_cycles
};

}  // namespace anesim
