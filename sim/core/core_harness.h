// One ANE core around its prefetch ring: the task dispatcher that feeds
// descriptors (with the per-task dispatch overhead), the 64 KiB KMem that
// receives lines in any order, and the consumer that drains them in order
// into the scoreboard.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include <sim/base/machine_config.h>
#include <sim/base/never_cycle.h>
#include <sim/core/line_latency.h>
#include <sim/core/scoreboard.h>
#include <sim/core/task.h>
#include <sim/fabric/credit_fabric.h>
#include <sim/ring/prefetch_ring.h>

namespace anesim {

struct CoreStats {
  uint64_t lines_prefetched = 0;      // requests issued on the lookahead path
  uint64_t lines_demand = 0;          // requests issued stop-and-go
  uint64_t finish_cycle = 0;          // the cycle after the last line retired
  std::vector<uint32_t> task_credit;  // lookahead grant latched per task
  // Per task: the cycle its descriptor was latched, and the cycle after its
  // last line retired.
  std::vector<uint64_t> task_dispatch, task_finish;
  LatencyStats latency;  // request-to-retire, per path and stage
};

class CoreHarness {
 public:
  CoreHarness(uint32_t id, std::unique_ptr<PrefetchRing> ring, const MachineConfig& cfg,
              const std::vector<Task>& tasks, Scoreboard& scoreboard);

  // Read data for request `req` lands in KMem.
  void deliver(const LineRequest& req);

  // One cycle. The ring is clocked only when one of its inputs carries an
  // event, or in the cycle before its lookahead share opens or shuts (its
  // only time-driven state), or when `force_clock`.
  void step(uint64_t now, CreditFabric& fabric, bool force_clock);

  // step() in two phases, for waveform dumps between the clock edges:
  // prepare() decides the ring's inputs (sending the request they accept and
  // draining the line they retire) and returns whether any carries an event;
  // finish() books the ring's response after its rising edge.
  bool prepare(uint64_t now, CreditFabric& fabric, RingInputs* in);
  void finish(uint64_t now, const RingInputs& in);

  // The earliest cycle at which step() would clock the ring (0: now).
  uint64_t next_event(const CreditFabric& fabric) const;
  bool done() const { return next_task_ == tasks_.size() && !ring_->outputs().busy; }

  const CoreStats& stats() const { return stats_; }
  PrefetchRing& ring() { return *ring_; }

  // Keep a LineRecord of every line requested within `window`.
  void log_lines(const LineLogWindow& window) {
    log_window_ = window.enabled ? window : LineLogWindow{};
  }
  const std::vector<LineRecord>& line_log() const { return line_log_; }

  // For the waveform dump (sim/top/path_tracer.h).
  uint64_t lines_outstanding() const { return issue_seq_ - retire_seq_; }
  uint32_t kmem_occupancy() const { return kmem_occupancy_; }
  bool retired_at(uint64_t now) const { return last_retire_ == now; }
  bool sent_at(uint64_t now) const { return last_send_ == now; }
  uint32_t last_sent_line() const { return last_sent_line_; }
  uint32_t last_retired_line() const { return last_retired_line_; }

 private:
  uint32_t id_;
  std::unique_ptr<PrefetchRing> ring_;
  const std::vector<Task>& tasks_;
  Scoreboard& scoreboard_;
  const AneConfig& ane_;
  uint32_t demand_depth_;  // stop-and-go reads in flight (ane.demand_depth)
  size_t next_task_ = 0;
  uint64_t dispatch_ready_;
  // KMem slot of request tag t is t % size (size a power of two: a mask);
  // the ring never has more lines outstanding than KMem holds, so a slot is
  // free when its line arrives.
  uint64_t kmem_mask_;
  std::vector<uint32_t> kmem_line_;
  std::vector<uint8_t> kmem_full_;
  std::vector<uint8_t> kmem_prefetch_;   // the line came on the lookahead path
  std::vector<LineStamps> kmem_stamps_;  // per slot, from request to retire
  uint32_t kmem_occupancy_ = 0;
  uint64_t issue_seq_ = 0;
  uint64_t retire_seq_ = 0;
  bool was_busy_ = false;  // the ring's busy before the current cycle's edge
  // The next cycle whose lookahead share differs from the one the ring
  // registered at its last edge (kNever: it cannot change).
  uint64_t share_edge_ = kNever;
  // The ring offers its next request from the cycle after the edge that
  // raised req_valid; that cycle starts the line's latency.
  bool request_seen_ = false;
  uint64_t requested_at_ = 0;
  // The cycle from which the engine takes its next line (Task::drain_cycles_per_line).
  double engine_ready_ = 0;
  uint64_t last_retire_ = kNever;
  uint64_t last_send_ = kNever;
  uint32_t last_sent_line_ = 0;
  uint32_t last_retired_line_ = 0;
  LineLogWindow log_window_;
  std::vector<LineRecord> line_log_;
  CoreStats stats_;

  void retire(size_t slot, uint64_t now);
  // Whether the engine takes a line at cycle `now`.
  bool engine_takes(uint64_t now) const { return static_cast<double>(now) >= engine_ready_; }
};

}  // namespace anesim
