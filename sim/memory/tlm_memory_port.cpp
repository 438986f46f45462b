#include <anesim/sim/memory/tlm_memory_port.h>

#include <algorithm>

namespace anesim {

TlmMemoryPort::TlmMemoryPort(std::vector<Lpddr5Channel>& channels, const MachineConfig& cfg,
                             TlmObserver* observer)
    : channels_(cfg.dram.channels), tlm_(channels, cfg, observer) {}

void TlmMemoryPort::tick(uint64_t now, ChannelIngress& ingress, std::vector<CompletedRead>& done) {
  for (uint32_t ch = 0; ch < channels_; ++ch) {
    auto& in = ingress[ch];
    if (in.empty() && tlm_.next_event(ch, now) > now) {
      continue;  // nothing to send, and neither half of the tick could change anything
    }
    tlm_.begin(ch, now);
    while (!in.empty() && !tlm_.holding(ch)) {
      tlm_.send(ch, in.front().req, now);
      in.pop_front();
    }
    tlm_.end(ch, now);
    done.insert(done.end(), tlm_.done().begin(), tlm_.done().end());
    tlm_.done().clear();
  }
}

uint64_t TlmMemoryPort::next_event(uint64_t now, const ChannelIngress&) const {
  // A request waits in ingress only while its channel's target holds one,
  // and the target's next event covers the moment it ends that request.
  uint64_t next = kNever;
  for (uint32_t ch = 0; ch < channels_; ++ch) {
    next = std::min(next, tlm_.next_event(ch, now));
  }
  return next;
}

}  // namespace anesim
