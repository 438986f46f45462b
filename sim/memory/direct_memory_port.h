// The builtin memory coupling: the fabric calls its Lpddr5Channels directly.
// Each channel's next event is kept from its last tick or enqueue, so a
// cycle ticks only the channels due and next_event() asks none of them (a
// channel's tick before its next event changes nothing: the cycles the
// idle skipping leaves out, as tests/idle_skip_test.cpp checks).
#pragma once

#include <vector>

#include <anesim/sim/dram/lpddr5_channel.h>
#include <anesim/sim/memory/memory_port.h>

namespace anesim {

class DirectMemoryPort final : public MemoryPort {
 public:
  explicit DirectMemoryPort(std::vector<Lpddr5Channel>& channels)
      : channels_(channels), due_(channels.size(), 0) {}

  void tick(uint64_t now, ChannelIngress& ingress, std::vector<CompletedRead>& done) override;
  uint64_t next_event(uint64_t now, const ChannelIngress& ingress) const override;
  size_t held(uint32_t) const override { return 0; }

 private:
  std::vector<Lpddr5Channel>& channels_;
  // Per channel: the earliest cycle its tick can act; and the earliest of all.
  std::vector<uint64_t> due_;
  uint64_t next_ = 0;
};

}  // namespace anesim
