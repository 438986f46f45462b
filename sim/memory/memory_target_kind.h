// One kind of memory target (memory.target): what serves the fabric's reads.
// Each kind is registered by name in sim/memory/memory_targets.h and answers
// what the rest of the model needs to know about it, so that no other code
// asks which target a config selected. Its keys of the `memory:` section are
// read by its reader in src/machine/memory_target_readers.cpp (sim/ includes
// nothing from src/), registered under the same name.
#pragma once

#include <tlm>

#include <memory>

#include <anesim/sim/base/machine_config.h>
#include <anesim/sim/memory/clocked_target.h>

namespace anesim {

class CycleTime;
class Lpddr5Channel;

// One channel of anesim.dram: the module SystemC names, its target socket,
// and its cycle hooks (null: the target runs on SystemC time).
struct MemoryChannelParts {
  std::unique_ptr<sc_core::sc_module> module;
  tlm::tlm_target_socket<>* socket = nullptr;
  ClockedTarget* clocked = nullptr;
};

class MemoryTargetKind {
 public:
  virtual ~MemoryTargetKind() = default;

  // The value of memory.target.
  virtual const char* name() const = 0;
  // The cycle loop clocks it (its make_clocked_target is not null), rather
  // than SystemC time.
  virtual bool clocked() const = 0;
  // The builtin coupling's direct calls reach it: it is the dram section's
  // LPDDR5 channels, which the fabric calls without sockets (lpddr5 alone).
  // Any other target, clocked or not, is served through the tlm coupling's
  // sockets, so by the SystemC path.
  virtual bool direct() const = 0;
  // It runs on SystemC time: every run needs the SystemC kernel (one per
  // process, so a batch runs it in child processes, not threads).
  virtual bool needs_systemc_kernel() const = 0;
  // The cycles it may take to serve a line with `ahead` reads queued before
  // it, beyond the LPDDR5 row misses the progress watchdog always counts
  // (sim/top/progress_watchdog.h).
  virtual long double progress_cycles(const MachineConfig& cfg, long double ahead) const = 0;
  // Under the tlm coupling, channel `channel`'s target when the cycle loop
  // clocks it (TlmMemory owns it); null when anesim.dram's module is the
  // target itself.
  virtual std::unique_ptr<ClockedTarget> make_clocked_target(Lpddr5Channel& channel,
                                                             const MachineConfig& cfg,
                                                             CycleTime time) const = 0;
  // Channel `name` of anesim.dram. `clocked` is what make_clocked_target
  // gave (null under the builtin coupling).
  virtual MemoryChannelParts make_channel(const char* name, const MachineConfig& cfg,
                                          ClockedTarget* clocked) const = 0;
};

}  // namespace anesim
