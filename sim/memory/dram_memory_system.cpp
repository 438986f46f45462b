#include <sim/memory/dram_memory_system.h>

#include <algorithm>

namespace anesim {

void DramMemorySystem::tick(uint64_t now, LineIngress& ingress, std::vector<CompletedRead>& done) {
  uint64_t next = kNever;
  std::vector<DramChannel>& channels = dram_.channels;
  for (size_t ch = 0; ch < channels.size(); ++ch) {
    DramChannel& channel = channels[ch];
    auto& in = ingress[ch];
    if (due_[ch] > now && (in.empty() || !channel.can_accept())) {
      next = std::min(next, due_[ch]);
      continue;
    }
    while (!in.empty() && channel.can_accept()) {
      channel.enqueue(in.front(), dram_.map.map(in.front().line), now);
      in.pop_front();
    }
    channel.tick(now, [&](const LineRequest& req, uint64_t data_done) {
      done.push_back(CompletedRead{req, data_done});
    });
    due_[ch] = channel.next_event(now + 1);
    if (!in.empty() && channel.can_accept()) {
      due_[ch] = now + 1;  // a RD made room for the next request waiting
    }
    next = std::min(next, due_[ch]);
  }
  next_ = next;
}

uint64_t DramMemorySystem::next_event(uint64_t now) const {
  // The ingress FIFOs fill only at the start of a fabric tick, before this
  // system's: after it every channel waits for its due_ (even in the first
  // cycle: next_ starts at 0).
  return std::max(next_, now);
}

}  // namespace anesim
