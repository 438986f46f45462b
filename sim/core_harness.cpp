#include "sim/core_harness.h"

namespace anesim {

CoreHarness::CoreHarness(uint32_t id, std::unique_ptr<PrefetchRing> ring, const ModelConfig& cfg,
                         const std::vector<Task>& tasks, Scoreboard& scoreboard)
    : id_(id),
      ring_(std::move(ring)),
      tasks_(tasks),
      scoreboard_(scoreboard),
      dispatch_cycles_(cfg.ane.task_dispatch_cycles),
      dispatch_ready_(uint64_t{cfg.ane.launch_overhead_cycles} + cfg.ane.task_dispatch_cycles),
      kmem_line_(cfg.ane.kmem_lines),
      kmem_full_(cfg.ane.kmem_lines, 0) {}

void CoreHarness::deliver(const LineRequest& req) {
  const size_t slot = req.tag % kmem_full_.size();
  if (kmem_full_[slot] != 0 || req.tag < retire_seq_ || req.tag >= issue_seq_) {
    scoreboard_.corrupted(id_, req.line, "KMem slot overwritten or stale response");
    return;
  }
  kmem_line_[slot] = req;
  kmem_full_[slot] = 1;
  ++kmem_occupancy_;
}

void CoreHarness::retire(const LineRequest& req, uint64_t now) {
  scoreboard_.consumed(id_, req.line);
  stats_.latency.add(req.prefetch, req.stamps, now);
  if (log_window_.enabled && req.stamps.requested >= log_window_.from &&
      req.stamps.requested < log_window_.to) {
    line_log_.push_back(LineRecord{id_, req.line, req.prefetch, req.stamps, now});
  }
  last_retire_ = now;
  last_retired_line_ = req.line;
}

void CoreHarness::step(uint64_t now, CreditFabric& fabric, bool force_clock) {
  RingInputs in;
  if (prepare(now, fabric, &in) || force_clock) {
    ring_->clock(in);
    finish(now, in);
  }
}

bool CoreHarness::prepare(uint64_t now, CreditFabric& fabric, RingInputs* inputs) {
  const RingOutputs& out = ring_->outputs();
  RingInputs& in = *inputs;
  in = RingInputs{};
  bool event = false;

  const size_t head = retire_seq_ % kmem_full_.size();
  if (out.busy && kmem_full_[head] != 0) {
    in.line_retired = true;
    event = true;
  }
  if (!out.busy && next_task_ < tasks_.size() && now >= dispatch_ready_) {
    in.task_valid = true;
    in.task_start_line = tasks_[next_task_].start_line;
    in.task_lines = tasks_[next_task_].lines;
    event = true;
  }
  if (out.req_valid && !request_seen_) {
    // Only before the first edge (reset state): later requests are seen in finish().
    request_seen_ = true;
    requested_at_ = now;
  }
  if (out.req_valid && fabric.can_accept(id_, now)) {
    in.req_ready = true;
    LineRequest req{out.req_line, id_, issue_seq_++, out.req_prefetch, {}};
    req.stamps.requested = requested_at_;
    request_seen_ = false;
    last_send_ = now;
    last_sent_line_ = req.line;
    fabric.send(req, now);
    ++(out.req_prefetch ? stats_.lines_prefetched : stats_.lines_demand);
    event = true;
  }
  if (in.line_retired) {
    kmem_full_[head] = 0;
    --kmem_occupancy_;
    retire(kmem_line_[head], now);
    ++retire_seq_;
  }
  was_busy_ = out.busy;
  return event;
}

void CoreHarness::finish(uint64_t now, const RingInputs& in) {
  if (ring_->outputs().req_valid && !request_seen_) {
    request_seen_ = true;
    requested_at_ = now + 1;
  }
  if (in.task_valid) {
    ++next_task_;
    stats_.task_credit.push_back(ring_->outputs().prefetch_credit);
  }
  if (was_busy_ && !ring_->outputs().busy) {
    stats_.finish_cycle = now + 1;
    dispatch_ready_ = now + 1 + dispatch_cycles_;
  }
}

uint64_t CoreHarness::next_event(const CreditFabric& fabric) const {
  const RingOutputs& out = ring_->outputs();
  if (out.busy && kmem_full_[retire_seq_ % kmem_full_.size()] != 0) {
    return 0;  // can retire now
  }
  uint64_t next = kNever;
  if (out.req_valid) {
    next = fabric.next_accept(id_);
  }
  if (!out.busy && next_task_ < tasks_.size()) {
    next = std::min(next, dispatch_ready_);
  }
  return next;
}

}  // namespace anesim
