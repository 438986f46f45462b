#include <anesim/sim/fabric/credit_fabric.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <anesim/sim/memory/direct_memory_port.h>
#include <anesim/sim/memory/memory_targets.h>
#include <anesim/sim/memory/tlm_memory_port.h>

namespace anesim {

CreditFabric::CreditFabric(const MachineConfig& cfg, uint32_t cores, MemoryCoupling memory,
                           TlmObserver* observer)
    : cfg_(cfg.fabric),
      dram_(cfg.dram),
      credits_(cores, cfg.fabric.credits_per_core),
      port_step_(static_cast<uint64_t>(std::llround(cfg.fabric.port_cycles_per_line * kPortScale))),
      port_next_(cores, 0),
      port_free_(cores, 0),
      ingress_(cfg.dram.channels) {
  // Direct calls reach only the LPDDR5 channels: any other target would be
  // silently replaced by them.
  if (memory == MemoryCoupling::kBuiltin && !memory_target(cfg).direct()) {
    throw std::invalid_argument("memory.target " + cfg.memory.target +
                                " is not reached by direct calls: it needs the tlm coupling");
  }
  if (memory == MemoryCoupling::kTlm) {
    port_ = std::make_unique<TlmMemoryPort>(dram_.channels, cfg, observer);
  } else {
    port_ = std::make_unique<DirectMemoryPort>(dram_.channels);
  }
}

CreditFabric::~CreditFabric() = default;

size_t CreditFabric::ingress_depth(uint32_t channel) const {
  return ingress_[channel].size() + port_->held(channel);
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
  requests_.push_back(Arriving{due, ChannelRequest{req, dram_.map.map(req.line)}});
}

uint64_t CreditFabric::next_event(uint64_t now) const {
  uint64_t next = kNever;
  if (!requests_.empty()) {
    next = std::min(next, requests_.front().due);
  }
  next = std::min(next, port_->next_event(now, ingress_));
  if (const InFlight* response = next_response()) {
    next = std::min(next, response->due);
  }
  return std::max(next, now);
}

}  // namespace anesim
