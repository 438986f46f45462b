#include <sim/core/core_harness.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <sim/ring/geometry.h>
#include <sim/ring/lookahead_share.h>

namespace anesim {

CoreHarness::CoreHarness(uint32_t id, std::unique_ptr<PrefetchRing> ring, const MachineConfig& cfg,
                         const std::vector<Task>& tasks, Scoreboard& scoreboard)
    : id_(id),
      ring_(std::move(ring)),
      tasks_(tasks),
      scoreboard_(scoreboard),
      ane_(cfg.ane),
      demand_depth_(cfg.ane.demand_depth),
      dispatch_ready_(tasks.empty() ? 0 : cycles_before_dispatch(cfg.ane, tasks.front(), true)),
      kmem_mask_(cfg.ane.kmem_lines - 1),
      kmem_line_(cfg.ane.kmem_lines),
      kmem_full_(cfg.ane.kmem_lines, 0),
      kmem_prefetch_(cfg.ane.kmem_lines, 0),
      kmem_stamps_(cfg.ane.kmem_lines) {
  if (cfg.ane.kmem_lines == 0 || (cfg.ane.kmem_lines & (cfg.ane.kmem_lines - 1)) != 0) {
    throw std::invalid_argument("ane.kmem_lines must be a power of two");
  }
}

void CoreHarness::deliver(const LineRequest& req) {
  const size_t slot = req.tag & kmem_mask_;
  if (kmem_full_[slot] != 0 || req.tag < retire_seq_ || req.tag >= issue_seq_) {
    scoreboard_.corrupted(id_, req.line, "KMem slot overwritten or stale response");
    return;
  }
  kmem_line_[slot] = req.line;
  kmem_prefetch_[slot] = req.prefetch ? 1 : 0;
  kmem_full_[slot] = 1;
  ++kmem_occupancy_;
}

void CoreHarness::retire(size_t slot, uint64_t now) {
  const uint32_t line = kmem_line_[slot];
  const bool prefetch = kmem_prefetch_[slot] != 0;
  const LineStamps& stamps = kmem_stamps_[slot];
  scoreboard_.consumed(id_, line);
  stats_.latency.add(prefetch, stamps, now);
  // One unsigned compare: a disabled window is empty (from = to = 0).
  if (stamps.requested - log_window_.from < log_window_.to - log_window_.from) {
    line_log_.push_back(LineRecord{id_, line, prefetch, stamps, now});
  }
  last_retire_ = now;
  last_retired_line_ = line;
}

void CoreHarness::finish(uint64_t now, const RingInputs& in) {
  const RingOutputs& out = ring_->outputs();
  if (out.req_valid && !request_seen_) {
    request_seen_ = true;
    requested_at_ = now + 1;
  }
  if (in.task_valid) {
    ++next_task_;
    stats_.task_credit.push_back(out.prefetch_credit);
    stats_.task_dispatch.push_back(now);
  }
  if (was_busy_ && !out.busy) {
    stats_.finish_cycle = now + 1;
    stats_.task_finish.push_back(now + 1);
    dispatch_ready_ = now + 1;
    if (next_task_ < tasks_.size()) {
      dispatch_ready_ += cycles_before_dispatch(ane_, tasks_[next_task_], false);
    }
  }
  // The edge just registered the share of cycle now + 1. A partial grant
  // opens and shuts it until what is left fits in the grant.
  share_edge_ = kNever;
  if (ring_->time_share() && out.busy && out.prefetch_credit > 0 &&
      out.prefetch_credit < kPageLines &&
      tasks_[next_task_ - 1].lines - out.lines_issued > out.prefetch_credit) {
    share_edge_ = next_share_edge(now + 1, out.prefetch_credit);
  }
}

void CoreHarness::step(uint64_t now, CreditFabric& fabric, bool force_clock) {
  RingInputs in;
  if (prepare(now, fabric, &in) || force_clock || now + 1 >= share_edge_) {
    ring_->clock(in);
    finish(now, in);
  }
}

bool CoreHarness::prepare(uint64_t now, CreditFabric& fabric, RingInputs* inputs) {
  const RingOutputs& out = ring_->outputs();
  RingInputs& in = *inputs;
  in = RingInputs{};
  bool event = false;
  in.timebase = static_cast<uint32_t>(now);
  in.demand_depth = demand_depth_;

  const size_t head = retire_seq_ & kmem_mask_;
  if (out.busy && kmem_full_[head] != 0 && engine_takes(now)) {
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
    // The slot's record is free: its previous line retired before this
    // tag could be issued (the ring never outruns KMem).
    LineStamps* stamps = &kmem_stamps_[issue_seq_ & kmem_mask_];
    stamps->requested = requested_at_;
    const LineRequest req{out.req_line, id_, issue_seq_++, out.req_prefetch, stamps};
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
    retire(head, now);
    ++retire_seq_;
    // A slow engine: the next line no sooner than its drain time after this
    // one. A line that waited for the engine keeps its fractional start, so
    // the rate holds on average (retiring happens on whole cycles).
    const double drain = tasks_[next_task_ - 1].drain_cycles_per_line;
    if (drain > 1) {
      const double t = static_cast<double>(now);
      engine_ready_ = (t < engine_ready_ + 1 ? engine_ready_ : t) + drain;
    }
  }
  was_busy_ = out.busy;
  return event;
}

uint64_t CoreHarness::next_event(const CreditFabric& fabric) const {
  const RingOutputs& out = ring_->outputs();
  uint64_t next = kNever;
  if (out.busy && kmem_full_[retire_seq_ & kmem_mask_] != 0) {
    // Can retire when the engine takes its next line (a past cycle: now).
    next = static_cast<uint64_t>(std::ceil(engine_ready_));
    if (next == 0) return 0;
  }
  if (out.req_valid) {
    next = fabric.next_accept(id_);
  }
  if (!out.busy && next_task_ < tasks_.size()) {
    next = std::min(next, dispatch_ready_);
  }
  if (share_edge_ != kNever) {
    next = std::min(next, share_edge_ - 1);  // registers the edge's share
  }
  return next;
}

}  // namespace anesim
