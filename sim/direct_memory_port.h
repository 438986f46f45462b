// The builtin memory coupling: the fabric calls its Lpddr5Channels directly.
#pragma once

#include <vector>

#include <anesim/sim/lpddr5_channel.h>
#include <anesim/sim/memory_port.h>

namespace anesim {

class DirectMemoryPort final : public MemoryPort {
 public:
  explicit DirectMemoryPort(std::vector<Lpddr5Channel>& channels) : channels_(channels) {}

  void tick(uint64_t now, ChannelIngress& ingress, std::vector<CompletedRead>& done) override;
  uint64_t next_event(uint64_t now, const ChannelIngress& ingress) const override;
  size_t held(uint32_t) const override { return 0; }

 private:
  std::vector<Lpddr5Channel>& channels_;
};

}  // namespace anesim
