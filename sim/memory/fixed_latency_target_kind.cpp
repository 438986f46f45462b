// memory.target fixed_latency: the example AT target on SystemC time
// (sim/memory/fixed_latency_memory.h), one per channel, each with its share
// of memory.bandwidth_gbps. Only behind the tlm coupling's sockets, and
// always in lockstep with SystemC's kernel.
#include <sim/base/cycle_time.h>
#include <sim/base/registry.h>
#include <sim/memory/fixed_latency_memory.h>
#include <sim/memory/memory_channel_parts.h>
#include <sim/memory/memory_target_kind.h>
#include <sim/ring/geometry.h>

namespace anesim {

namespace {

class FixedLatencyTargetKind final : public MemoryTargetKind {
 public:
  const char* name() const override { return "fixed_latency"; }
  const char* keys() const override { return "latency_ns, bandwidth_gbps, queue_depth"; }
  void read(ConfigSection& memory, MemoryConfig& cfg) const override {
    cfg.settings["latency_ns"] = memory.positive_real("latency_ns", 0.001, 1e6);
    cfg.settings["bandwidth_gbps"] = memory.positive_real("bandwidth_gbps", 0.001, 1e5);
    cfg.settings["queue_depth"] = static_cast<double>(memory.integer("queue_depth", 1, 65536));
  }
  bool clocked() const override { return false; }
  bool direct() const override { return false; }
  bool needs_systemc_kernel() const override { return true; }
  long double progress_cycles(const MachineConfig& cfg, long double ahead) const override {
    // Its latency, then each line ahead at its share of the bandwidth (64 B
    // per line, GB/s split over the channels).
    const long double cycles_per_ns = cfg.dram.clock_mhz / 1000.0L;
    const long double line_ns = 64.0L * cfg.dram.channels / cfg.memory.setting("bandwidth_gbps");
    return (cfg.memory.setting("latency_ns") + ahead * line_ns) * cycles_per_ns + 1;
  }
  std::unique_ptr<ClockedTarget> make_clocked_target(DramChannel&, const MachineConfig&,
                                                     CycleTime) const override {
    return nullptr;
  }
  MemoryChannelParts make_channel(const char* name, const MachineConfig& cfg,
                                  ClockedTarget*) const override {
    // The bandwidth is the whole memory's: each channel's target gets its share.
    const double line_ns = kLineBytes * cfg.dram.channels / cfg.memory.setting("bandwidth_gbps");
    auto module = std::make_unique<FixedLatencyMemory>(
        name, sc_core::sc_time(cfg.memory.setting("latency_ns"), sc_core::SC_NS),
        sc_core::sc_time(line_ns, sc_core::SC_NS),
        static_cast<uint32_t>(cfg.memory.setting("queue_depth")));
    MemoryChannelParts parts;
    parts.socket = &module->socket;
    parts.module = std::move(module);
    return parts;
  }
};

}  // namespace

ANESIM_REGISTER(MemoryTargetKind, FixedLatencyTargetKind)

}  // namespace anesim
