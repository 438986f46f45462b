#include <sim/memory/tlm_memory_system.h>

#include <algorithm>

namespace anesim {

TlmMemorySystem::TlmMemorySystem(const MachineConfig& cfg, TlmObserver* observer)
    : MemorySystem(cfg.dram.channels),
      cfg_(cfg),
      dram_(cfg.dram),
      tlm_(dram_.channels, cfg, observer) {}

void TlmMemorySystem::tick(uint64_t now, LineIngress& ingress, std::vector<CompletedRead>& done) {
  for (uint32_t ch = 0; ch < channels(); ++ch) {
    auto& in = ingress[ch];
    if (in.empty() && tlm_.next_event(ch, now) > now) {
      continue;  // nothing to send, and neither half of the tick could change anything
    }
    tlm_.begin(ch, now);
    while (!in.empty() && !tlm_.holding(ch)) {
      tlm_.send(ch, in.front(), now);
      in.pop_front();
    }
    tlm_.end(ch, now);
    done.insert(done.end(), tlm_.done().begin(), tlm_.done().end());
    tlm_.done().clear();
  }
}

uint64_t TlmMemorySystem::next_event(uint64_t now) const {
  // A request waits in ingress only while its channel's target holds one,
  // and the target's next event covers the moment it ends that request.
  uint64_t next = kNever;
  for (uint32_t ch = 0; ch < channels(); ++ch) {
    next = std::min(next, tlm_.next_event(ch, now));
  }
  return next;
}

}  // namespace anesim
