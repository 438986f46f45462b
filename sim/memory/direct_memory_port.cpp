#include <anesim/sim/memory/direct_memory_port.h>

#include <algorithm>

namespace anesim {

void DirectMemoryPort::tick(uint64_t now, ChannelIngress& ingress,
                            std::vector<CompletedRead>& done) {
  uint64_t next = kNever;
  for (size_t ch = 0; ch < channels_.size(); ++ch) {
    Lpddr5Channel& channel = channels_[ch];
    auto& in = ingress[ch];
    if (due_[ch] > now && (in.empty() || !channel.can_accept())) {
      next = std::min(next, due_[ch]);
      continue;
    }
    while (!in.empty() && channel.can_accept()) {
      channel.enqueue(in.front().req, in.front().at, now);
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

uint64_t DirectMemoryPort::next_event(uint64_t now, const ChannelIngress&) const {
  // The ingress FIFOs fill only at the start of a fabric tick, before this
  // port's: after it every channel waits for its due_ (even in the first
  // cycle: next_ starts at 0).
  return std::max(next_, now);
}

}  // namespace anesim
