// The tlm memory coupling as a memory system: each channel's reads travel
// as TLM-2.0 AT transactions through TlmMemory's initiators
// (sim/memory/tlm_memory.h) to whatever target memory.target builds; the
// DRAM channels serve them when that target is dram.
#pragma once

#include <vector>

#include <sim/memory/dram_channels.h>
#include <sim/memory/memory_system.h>
#include <sim/memory/tlm_memory.h>
#include <sim/memory/tlm_observer.h>

namespace anesim {

class TlmMemorySystem final : public MemorySystem {
 public:
  // `observer` sees every transaction (may be null).
  TlmMemorySystem(const MachineConfig& cfg, TlmObserver* observer);

  void tick(uint64_t now, LineIngress& ingress, std::vector<CompletedRead>& done) override;
  uint64_t next_event(uint64_t now) const override;
  // The target holds the request whose BEGIN_REQ awaits END_REQ.
  size_t held(uint32_t ch) const override { return tlm_.holding(ch) ? 1 : 0; }
  long double progress_cycles(long double ahead) const override {
    return memory_progress_cycles(cfg_, ahead);
  }
  const std::vector<DramChannel>& dram_channels() const override { return dram_.channels; }
  TlmMemory* tlm() override { return &tlm_; }

 private:
  const MachineConfig& cfg_;
  DramChannels dram_;  // before tlm_, which holds targets over its channels
  TlmMemory tlm_;
};

}  // namespace anesim
