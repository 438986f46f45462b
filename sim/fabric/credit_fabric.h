// The request fabric between the 16 cores and the memory system
// (sim/memory/memory_system.h), of which it knows no DRAM type.
//  * Each core holds `credits_per_core` request credits; a request spends one
//    and its response returns it (credit-based flow control, no drops).
//  * Each core's port accepts one line every `port_cycles_per_line` cycles;
//    a fractional rate is kept exactly in fixed point, so a port of 13.5
//    cycles per line alternates 13 and 14.
//  * Requests reach their channel after `request_latency` cycles, waiting in
//    a per-channel ingress FIFO while the channel accepts none.
//  * Read data reaches the core's KMem `response_latency` cycles after the
//    burst ends.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <queue>
#include <vector>

#include <sim/base/machine_config.h>
#include <sim/base/never_cycle.h>
#include <sim/memory/memory_coupling.h>
#include <sim/memory/memory_system.h>

namespace anesim {

class CreditFabric {
 public:
  // `memory`: how requests reach the memory (sim/memory/memory_system.h);
  // `observer` sees every transaction of the tlm coupling (may be null).
  CreditFabric(const MachineConfig& cfg, uint32_t cores,
               MemoryCoupling memory = MemoryCoupling::kBuiltin, TlmObserver* observer = nullptr);
  ~CreditFabric();

  bool can_accept(uint32_t core, uint64_t now) const {
    return credits_[core] != 0 && now >= port_free_[core];
  }
  // The earliest cycle a core that has a request could send it; kNever while
  // it waits for a credit (a delivery will wake it).
  uint64_t next_accept(uint32_t core) const {
    return credits_[core] != 0 ? port_free_[core] : kNever;
  }
  void send(const LineRequest& req, uint64_t now);

  // Advances the fabric and the memory by one cycle; hands every response
  // due at `now` to `deliver(const LineRequest&)`.
  template <typename Deliver>
  void tick(uint64_t now, Deliver&& deliver);

  // The earliest cycle >= now at which tick() has anything to do.
  uint64_t next_event(uint64_t now) const;

  const MemorySystem& memory() const { return *memory_; }
  // For the waveform dump (sim/top/path_tracer.h).
  uint32_t credits_in_use(uint32_t core) const { return cfg_.credits_per_core - credits_[core]; }
  bool port_busy(uint32_t core, uint64_t now) const { return now < port_free_[core]; }
  size_t ingress_depth(uint32_t channel) const;
  // For the progress watchdog's diagnosis (sim/top/progress_watchdog.h).
  size_t requests_on_wire() const { return requests_.size(); }
  size_t responses_on_wire() const { return in_order_.size() + out_of_order_.size(); }
  // The tlm coupling's initiators (null: the builtin coupling), for the
  // sc_module hierarchy to connect through its sockets (sim/top/ane_system.h).
  TlmMemory* tlm() { return memory_->tlm(); }

 private:
  struct InFlight {
    uint64_t due;
    uint64_t order;  // ties resolve in send order: deterministic runs
    LineRequest req;
    bool operator>(const InFlight& o) const { return due != o.due ? due > o.due : order > o.order; }
  };
  struct Arriving {
    uint64_t due;
    uint32_t channel;
    LineRequest req;
  };

  FabricConfig cfg_;
  std::unique_ptr<MemorySystem> memory_;
  std::vector<uint32_t> credits_;
  // A port's next free time in 1/kPortScale cycles; port_free_ is its ceiling.
  static constexpr uint64_t kPortScale = 1u << 16;
  uint64_t port_step_;  // port_cycles_per_line in 1/kPortScale cycles
  std::vector<uint64_t> port_next_;
  std::vector<uint64_t> port_free_;
  std::deque<Arriving> requests_;  // fixed latency keeps it sorted by due
  LineIngress ingress_;
  // Responses by (due, order). A fixed response latency after data that
  // finishes in issue order (the builtin coupling) keeps them sorted as they
  // come: those wait in a FIFO, and only one due before the FIFO's last (the
  // tlm coupling's targets may finish out of order) goes to the heap.
  std::deque<InFlight> in_order_;
  std::priority_queue<InFlight, std::vector<InFlight>, std::greater<>> out_of_order_;
  uint64_t order_ = 0;
  std::vector<CompletedRead> completed_;  // by memory_ in this cycle

  void responded(const LineRequest& req, uint64_t data_done) {
    if (req.stamps != nullptr) {
      req.stamps->data = data_done;
    }
    const InFlight response{data_done + cfg_.response_latency, order_++, req};
    if (in_order_.empty() || in_order_.back().due <= response.due) {
      in_order_.push_back(response);
    } else {
      out_of_order_.push(response);
    }
  }
  // The response due first, or null.
  const InFlight* next_response() const {
    if (out_of_order_.empty()) {
      return in_order_.empty() ? nullptr : &in_order_.front();
    }
    if (in_order_.empty() || in_order_.front() > out_of_order_.top()) {
      return &out_of_order_.top();
    }
    return &in_order_.front();
  }
};

template <typename Deliver>
void CreditFabric::tick(uint64_t now, Deliver&& deliver) {
  while (!requests_.empty() && requests_.front().due <= now) {
    const Arriving& arrived = requests_.front();
    ingress_[arrived.channel].push_back(arrived.req);
    requests_.pop_front();
  }
  memory_->tick(now, ingress_, completed_);
  for (const CompletedRead& read : completed_) {
    responded(read.req, read.data_done);
  }
  completed_.clear();
  for (const InFlight* next = next_response(); next != nullptr && next->due <= now;
       next = next_response()) {
    const LineRequest req = next->req;
    if (!in_order_.empty() && next == &in_order_.front()) {
      in_order_.pop_front();
    } else {
      out_of_order_.pop();
    }
    if (req.stamps != nullptr) {
      req.stamps->delivered = now;
    }
    ++credits_[req.core];
    deliver(req);
  }
}

}  // namespace anesim
