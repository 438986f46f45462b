#include <anesim/sim/direct_memory_port.h>

#include <algorithm>

namespace anesim {

void DirectMemoryPort::tick(uint64_t now, ChannelIngress& ingress,
                            std::vector<CompletedRead>& done) {
  for (size_t ch = 0; ch < channels_.size(); ++ch) {
    Lpddr5Channel& channel = channels_[ch];
    auto& in = ingress[ch];
    if (due_[ch] > now && (in.empty() || !channel.can_accept())) {
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
  }
}

uint64_t DirectMemoryPort::next_event(uint64_t now, const ChannelIngress& ingress) const {
  uint64_t next = kNever;
  for (size_t ch = 0; ch < channels_.size(); ++ch) {
    if (!ingress[ch].empty() && channels_[ch].can_accept()) {
      return now;
    }
    next = std::min(next, due_[ch]);
  }
  return std::max(next, now);
}

}  // namespace anesim
