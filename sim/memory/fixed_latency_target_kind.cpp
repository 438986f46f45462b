// memory.target fixed_latency: the example AT target on SystemC time
// (sim/memory/fixed_latency_memory.h), one per channel, each with its share
// of memory.bandwidth_gbps. Only behind the tlm coupling's sockets, and
// always in lockstep with SystemC's kernel.
#include <anesim/sim/base/cycle_time.h>
#include <anesim/sim/memory/fixed_latency_memory.h>
#include <anesim/sim/memory/memory_target_kinds.h>
#include <anesim/sim/ring/geometry.h>

namespace anesim {

namespace {

class FixedLatencyTargetKind final : public MemoryTargetKind {
 public:
  const char* name() const override { return "fixed_latency"; }
  bool clocked() const override { return false; }
  bool direct() const override { return false; }
  bool needs_systemc_kernel() const override { return true; }
  long double progress_cycles(const MachineConfig& cfg, long double ahead) const override {
    // Its latency, then each line ahead at its share of the bandwidth (64 B
    // per line, GB/s split over the channels).
    const long double cycles_per_ns = cfg.dram.clock_mhz / 1000.0L;
    const long double line_ns = 64.0L * cfg.dram.channels / cfg.memory.bandwidth_gbps;
    return (cfg.memory.latency_ns + ahead * line_ns) * cycles_per_ns + 1;
  }
  std::unique_ptr<ClockedTarget> make_clocked_target(Lpddr5Channel&, const MachineConfig&,
                                                     CycleTime) const override {
    return nullptr;
  }
  MemoryChannelParts make_channel(const char* name, const MachineConfig& cfg,
                                  ClockedTarget*) const override {
    // The bandwidth is the whole memory's: each channel's target gets its share.
    const double line_ns = kLineBytes * cfg.dram.channels / cfg.memory.bandwidth_gbps;
    auto module = std::make_unique<FixedLatencyMemory>(
        name, sc_core::sc_time(cfg.memory.latency_ns, sc_core::SC_NS),
        sc_core::sc_time(line_ns, sc_core::SC_NS), cfg.memory.queue_depth);
    MemoryChannelParts parts;
    parts.socket = &module->socket;
    parts.module = std::move(module);
    return parts;
  }
};

}  // namespace

std::unique_ptr<MemoryTargetKind> make_fixed_latency_target_kind() {
  return std::make_unique<FixedLatencyTargetKind>();
}

}  // namespace anesim
