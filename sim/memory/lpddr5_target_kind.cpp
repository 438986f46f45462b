// memory.target lpddr5 (the default): the dram section's channels, modelled
// by Lpddr5Channel and clocked by the cycle loop. The builtin coupling calls
// them directly; the tlm coupling puts an Lpddr5Target behind each socket.
#include <anesim/sim/memory/lpddr5_channel_module.h>
#include <anesim/sim/memory/lpddr5_target.h>
#include <anesim/sim/memory/memory_target_kinds.h>

namespace anesim {

namespace {

class Lpddr5TargetKind final : public MemoryTargetKind {
 public:
  const char* name() const override { return "lpddr5"; }
  bool clocked() const override { return true; }
  bool direct() const override { return true; }
  bool needs_systemc_kernel() const override { return false; }
  // The watchdog's row misses and refresh are this target's own bound.
  long double progress_cycles(const MachineConfig&, long double) const override { return 0; }
  std::unique_ptr<ClockedTarget> make_clocked_target(Lpddr5Channel& channel,
                                                     const MachineConfig& cfg,
                                                     CycleTime time) const override {
    return std::make_unique<Lpddr5Target>(channel, cfg.dram, time);
  }
  MemoryChannelParts make_channel(const char* name, const MachineConfig&,
                                  ClockedTarget* clocked) const override {
    auto module = std::make_unique<Lpddr5ChannelModule>(name, clocked);
    MemoryChannelParts parts;
    parts.socket = module->socket();
    parts.clocked = clocked;
    parts.module = std::move(module);
    return parts;
  }
};

}  // namespace

std::unique_ptr<MemoryTargetKind> make_lpddr5_target_kind() {
  return std::make_unique<Lpddr5TargetKind>();
}

}  // namespace anesim
