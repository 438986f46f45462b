#include <sim/fabric/credit_fabric.h>

#include <algorithm>
#include <cmath>

namespace anesim {

CreditFabric::CreditFabric(const MachineConfig& cfg, uint32_t cores, MemoryCoupling memory,
                           TlmObserver* observer)
    : cfg_(cfg.fabric),
      memory_(make_memory_system(cfg, memory, observer)),
      credits_(cores, cfg.fabric.credits_per_core),
      port_step_(static_cast<uint64_t>(std::llround(cfg.fabric.port_cycles_per_line * kPortScale))),
      port_next_(cores, 0),
      port_free_(cores, 0),
      ingress_(cfg.dram.channels) {}

CreditFabric::~CreditFabric() = default;

size_t CreditFabric::ingress_depth(uint32_t channel) const {
  return ingress_[channel].size() + memory_->held(channel);
}

void CreditFabric::send(const LineRequest& req, uint64_t now) {
  --credits_[req.core];
  // A port sending as soon as it is free carries the fraction of a cycle it
  // is owed; one that was idle starts from now (whole cycles: now + N).
  uint64_t& next = port_next_[req.core];
  next = (now == port_free_[req.core] ? next : now * kPortScale) + port_step_;
  port_free_[req.core] = (next + kPortScale - 1) / kPortScale;
  const uint64_t due = now + cfg_.request_latency;
  if (req.stamps != nullptr) {
    req.stamps->sent = now;
    req.stamps->arrived = due;
  }
  requests_.push_back(Arriving{due, memory_->channel_of(req.line), req});
}

uint64_t CreditFabric::next_event(uint64_t now) const {
  uint64_t next = kNever;
  if (!requests_.empty()) {
    next = std::min(next, requests_.front().due);
  }
  next = std::min(next, memory_->next_event(now));
  if (const InFlight* response = next_response()) {
    next = std::min(next, response->due);
  }
  return std::max(next, now);
}

}  // namespace anesim
