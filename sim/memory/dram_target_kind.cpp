// memory.target dram_channels (the default): the dram section's channels, of its
// standard, modelled by DramChannel and clocked by the cycle loop. The
// builtin coupling calls them directly; the tlm coupling puts a DramTarget
// behind each socket.
#include <sim/base/registry.h>
#include <sim/memory/dram_channel_module.h>
#include <sim/memory/dram_target.h>
#include <sim/memory/memory_channel_parts.h>
#include <sim/memory/memory_target_kind.h>

namespace anesim {

namespace {

class DramTargetKind final : public MemoryTargetKind {
 public:
  const char* name() const override { return "dram_channels"; }
  const char* keys() const override { return ""; }
  void read(ConfigSection&, MemoryConfig&) const override {}  // the dram section describes it
  bool clocked() const override { return true; }
  bool direct() const override { return true; }
  bool needs_systemc_kernel() const override { return false; }
  // The watchdog's row misses and refresh are this target's own bound.
  long double progress_cycles(const MachineConfig&, long double) const override { return 0; }
  std::unique_ptr<ClockedTarget> make_clocked_target(DramChannel& channel, const MachineConfig& cfg,
                                                     CycleTime time) const override {
    return std::make_unique<DramTarget>(channel, cfg.dram, time);
  }
  MemoryChannelParts make_channel(const char* name, const MachineConfig&,
                                  ClockedTarget* clocked) const override {
    auto module = std::make_unique<DramChannelModule>(name, clocked);
    MemoryChannelParts parts;
    parts.socket = module->socket();
    parts.clocked = clocked;
    parts.module = std::move(module);
    return parts;
  }
};

}  // namespace

ANESIM_REGISTER(MemoryTargetKind, DramTargetKind)

}  // namespace anesim
