// The tlm memory coupling: each channel's reads travel as TLM-2.0 AT
// transactions through TlmMemory's initiators (sim/memory/tlm_memory.h).
#pragma once

#include <memory>
#include <vector>

#include <anesim/sim/base/machine_config.h>
#include <anesim/sim/dram/lpddr5_channel.h>
#include <anesim/sim/memory/memory_port.h>
#include <anesim/sim/memory/tlm_memory.h>
#include <anesim/sim/memory/tlm_observer.h>

namespace anesim {

class TlmMemoryPort final : public MemoryPort {
 public:
  // `observer` sees every transaction (may be null).
  TlmMemoryPort(std::vector<Lpddr5Channel>& channels, const MachineConfig& cfg,
                TlmObserver* observer);

  void tick(uint64_t now, ChannelIngress& ingress, std::vector<CompletedRead>& done) override;
  uint64_t next_event(uint64_t now, const ChannelIngress& ingress) const override;
  // The target holds the request whose BEGIN_REQ awaits END_REQ.
  size_t held(uint32_t ch) const override { return tlm_.holding(ch) ? 1 : 0; }
  TlmMemory* tlm() override { return &tlm_; }

 private:
  uint32_t channels_;
  TlmMemory tlm_;
};

}  // namespace anesim
