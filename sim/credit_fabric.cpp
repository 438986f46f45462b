#include <anesim/sim/credit_fabric.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <anesim/sim/tlm_memory.h>

namespace anesim {

CreditFabric::CreditFabric(const MachineConfig& cfg, uint32_t cores, MemoryCoupling memory,
                           TlmObserver* observer)
    : cfg_(cfg.fabric),
      map_(cfg.dram),
      channels_(cfg.dram.channels, Lpddr5Channel(cfg.dram)),
      credits_(cores, cfg.fabric.credits_per_core),
      port_step_(static_cast<uint64_t>(std::llround(cfg.fabric.port_cycles_per_line * kPortScale))),
      port_next_(cores, 0),
      port_free_(cores, 0),
      ingress_(cfg.dram.channels) {
  if (memory == MemoryCoupling::kBuiltin && cfg.memory.target != MemoryTarget::kLpddr5) {
    throw std::invalid_argument("memory.target other than lpddr5 needs the tlm coupling");
  }
  if (memory == MemoryCoupling::kTlm) {
    tlm_ = std::make_unique<TlmMemory>(channels_, cfg, observer);
  }
}

CreditFabric::~CreditFabric() = default;

size_t CreditFabric::ingress_depth(uint32_t channel) const {
  // The tlm coupling's target holds the request whose BEGIN_REQ awaits END_REQ.
  return ingress_[channel].size() + (tlm_ != nullptr && tlm_->holding(channel) ? 1 : 0);
}

void CreditFabric::tick_tlm(uint32_t ch, uint64_t now) {
  auto& in = ingress_[ch];
  if (in.empty() && tlm_->next_event(ch, now) > now) {
    return;  // nothing to send, and neither tick could change anything
  }
  tlm_->begin(ch, now);
  while (!in.empty() && !tlm_->holding(ch)) {
    tlm_->send(ch, in.front().req, now);
    in.pop_front();
  }
  tlm_->end(ch, now);
  for (const auto& [req, data_done] : tlm_->done()) {
    responded(req, data_done);
  }
  tlm_->done().clear();
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
  requests_.push_back(Arriving{due, req, map_.map(req.line)});
}

uint64_t CreditFabric::next_event(uint64_t now) const {
  uint64_t next = kNever;
  if (!requests_.empty()) {
    next = std::min(next, requests_.front().due);
  }
  for (size_t ch = 0; ch < channels_.size(); ++ch) {
    if (tlm_ != nullptr) {
      next = std::min(next, tlm_->next_event(static_cast<uint32_t>(ch), now));
      continue;
    }
    if (!ingress_[ch].empty() && channels_[ch].can_accept()) {
      return now;
    }
    next = std::min(next, channels_[ch].next_event(now));
  }
  if (!responses_.empty()) {
    next = std::min(next, responses_.top().due);
  }
  return std::max(next, now);
}

}  // namespace anesim
