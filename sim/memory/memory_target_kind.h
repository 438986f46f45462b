// One kind of memory target (memory.target): what serves the fabric's reads.
// Each kind registers itself by name in Registry<MemoryTargetKind>
// (sim/memory/memory_targets.h) from its own file, reads its own keys of
// the `memory:` section, and answers what the rest of the model needs to
// know about it, so that no other code asks which target a config selected.
// The header needs no SystemC: the config reader includes it.
#pragma once

#include <memory>

#include <sim/base/config_section.h>
#include <sim/base/machine_config.h>

namespace anesim {

class ClockedTarget;
class CycleTime;
class DramChannel;
struct MemoryChannelParts;  // sim/memory/memory_channel_parts.h

class MemoryTargetKind {
 public:
  virtual ~MemoryTargetKind() = default;

  // The value of memory.target.
  virtual const char* name() const = 0;
  // Its keys of `memory:` besides `target`, for messages ("": none).
  virtual const char* keys() const = 0;
  // Reads them into cfg.settings, each checked against its range; a
  // failure names the file, line and field (sim/base/config_section.h).
  virtual void read(ConfigSection& memory, MemoryConfig& cfg) const = 0;
  // The cycle loop clocks it (its make_clocked_target is not null), rather
  // than SystemC time.
  virtual bool clocked() const = 0;
  // The builtin coupling's direct calls reach it: it is the dram section's
  // channels, which the fabric calls without sockets (dram alone). Any
  // other target, clocked or not, is served through the tlm coupling's
  // sockets, so by the SystemC path.
  virtual bool direct() const = 0;
  // It runs on SystemC time: every run needs the SystemC kernel (one per
  // process, so a batch runs it in child processes, not threads).
  virtual bool needs_systemc_kernel() const = 0;
  // The cycles it may take to serve a line with `ahead` reads queued before
  // it, beyond the DRAM row misses the progress watchdog always counts
  // (sim/memory/memory_system.h).
  virtual long double progress_cycles(const MachineConfig& cfg, long double ahead) const = 0;
  // Under the tlm coupling, channel `channel`'s target when the cycle loop
  // clocks it (TlmMemory owns it); null when anesim.dram's module is the
  // target itself.
  virtual std::unique_ptr<ClockedTarget> make_clocked_target(DramChannel& channel,
                                                             const MachineConfig& cfg,
                                                             CycleTime time) const = 0;
  // Channel `name` of anesim.dram. `clocked` is what make_clocked_target
  // gave (null under the builtin coupling).
  virtual MemoryChannelParts make_channel(const char* name, const MachineConfig& cfg,
                                          ClockedTarget* clocked) const = 0;
};

}  // namespace anesim
