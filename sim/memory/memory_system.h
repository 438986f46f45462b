// The memory system behind the credit fabric: what the fabric sees of the
// memory, whatever serves it. The fabric holds one, built once for the
// run's coupling (make_memory_system), so that the cycle loop makes one
// virtual call per cycle (tick), not a branch per channel:
//  * DramMemorySystem (sim/memory/dram_memory_system.h): the builtin
//    coupling, direct calls into the DRAM channels of dram.standard.
//  * TlmMemorySystem (sim/memory/tlm_memory_system.h): the tlm coupling,
//    TLM-2.0 AT transactions to any memory target (sim/memory/tlm_memory.h).
// A line goes to channel line % channels: every address map interleaves
// consecutive lines over the channels first (sim/dram/dram_address_map.h).
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

#include <sim/base/line_request.h>
#include <sim/base/machine_config.h>
#include <sim/memory/memory_coupling.h>

namespace anesim {

class DramChannel;
class TlmMemory;
class TlmObserver;

// A read whose data finished on its channel at `data_done`.
struct CompletedRead {
  LineRequest req;
  uint64_t data_done;
};
// One FIFO per channel in front of the memory: the lines that reached it
// and wait to be accepted.
using LineIngress = std::vector<std::deque<LineRequest>>;

class MemorySystem {
 public:
  explicit MemorySystem(uint32_t channels) : channels_(channels) {}
  virtual ~MemorySystem() = default;

  uint32_t channels() const { return channels_; }
  uint32_t channel_of(uint32_t line) const { return line % channels_; }

  // Cycle `now` of every channel, in channel order. Accepting a line is
  // taking it from the front of ingress[ch]: a channel takes lines while it
  // can accept them, and the rest wait in the FIFO (back-pressure). Each
  // read whose data finished is appended to `done`.
  virtual void tick(uint64_t now, LineIngress& ingress, std::vector<CompletedRead>& done) = 0;
  // The earliest cycle >= now at which tick() can change anything.
  virtual uint64_t next_event(uint64_t now) const = 0;
  // Lines of channel `ch` accepted from ingress but not yet by the target
  // (the tlm coupling's BEGIN_REQ awaiting END_REQ).
  virtual size_t held(uint32_t ch) const = 0;
  // The cycles it may take to serve a line with `ahead` reads before it:
  // the progress watchdog's bound on the memory (sim/top/progress_watchdog.h).
  virtual long double progress_cycles(long double ahead) const = 0;
  // The DRAM channels of the dram section, for statistics, the waveforms
  // and the watchdog's diagnosis (idle when another target serves).
  virtual const std::vector<DramChannel>& dram_channels() const = 0;
  // The tlm coupling's initiators, for the sc_module hierarchy to connect
  // through its sockets (sim/top/ane_system.h); null for direct calls.
  virtual TlmMemory* tlm() { return nullptr; }

 private:
  uint32_t channels_;
};

// The memory system of `cfg` for `coupling`; std::invalid_argument when the
// builtin coupling cannot reach memory.target. `observer` sees every
// transaction of the tlm coupling (may be null).
std::unique_ptr<MemorySystem> make_memory_system(const MachineConfig& cfg, MemoryCoupling coupling,
                                                 TlmObserver* observer);

// progress_cycles() of cfg's memory system: the DRAM's row misses and
// refresh debt for `ahead` reads, plus the target's own bound.
long double memory_progress_cycles(const MachineConfig& cfg, long double ahead);

}  // namespace anesim
