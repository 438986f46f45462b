// The builtin memory coupling: the fabric's lines go to the DRAM channels
// by direct calls. Each channel's next event is kept from its last tick or
// enqueue, so a cycle ticks only the channels due and next_event() asks
// none of them (a channel's tick before its next event changes nothing:
// the cycles the idle skipping leaves out, as tests/idle_skip_test.cpp
// checks).
#pragma once

#include <vector>

#include <sim/memory/dram_channels.h>
#include <sim/memory/memory_system.h>

namespace anesim {

class DramMemorySystem final : public MemorySystem {
 public:
  explicit DramMemorySystem(const MachineConfig& cfg)
      : MemorySystem(cfg.dram.channels), cfg_(cfg), dram_(cfg.dram), due_(cfg.dram.channels, 0) {}

  void tick(uint64_t now, LineIngress& ingress, std::vector<CompletedRead>& done) override;
  uint64_t next_event(uint64_t now) const override;
  size_t held(uint32_t) const override { return 0; }
  long double progress_cycles(long double ahead) const override {
    return memory_progress_cycles(cfg_, ahead);
  }
  const std::vector<DramChannel>& dram_channels() const override { return dram_.channels; }

 private:
  const MachineConfig& cfg_;
  DramChannels dram_;
  // Per channel: the earliest cycle its tick can act; and the earliest of all.
  std::vector<uint64_t> due_;
  uint64_t next_ = 0;
};

}  // namespace anesim
