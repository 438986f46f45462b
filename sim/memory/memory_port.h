// The fabric's path to the DRAM channels: one implementation per memory
// coupling (sim/memory/memory_coupling.h), chosen once when the fabric is built, so
// that the cycle loop makes one call per cycle instead of a branch per
// channel.
//  * DirectMemoryPort (sim/memory/direct_memory_port.h): calls the Lpddr5Channels.
//  * TlmMemoryPort (sim/memory/tlm_memory_port.h): TLM-2.0 AT transactions.
#pragma once

#include <cstdint>
#include <deque>
#include <vector>

#include <anesim/sim/base/line_request.h>
#include <anesim/sim/dram/dram_address_map.h>

namespace anesim {

class TlmMemory;

// A request that reached its channel's ingress FIFO, with its decoded address.
struct ChannelRequest {
  LineRequest req;
  DramCoord at;
};
// A read whose data finished on the channel at `data_done`.
struct CompletedRead {
  LineRequest req;
  uint64_t data_done;
};
// One FIFO per channel, in front of its controller.
using ChannelIngress = std::vector<std::deque<ChannelRequest>>;

class MemoryPort {
 public:
  virtual ~MemoryPort() = default;
  // Cycle `now` of every channel, in channel order: channel ch takes
  // requests from the front of ingress[ch] while it accepts them, and each
  // read whose data finished is appended to `done`.
  virtual void tick(uint64_t now, ChannelIngress& ingress, std::vector<CompletedRead>& done) = 0;
  // The earliest cycle >= now at which tick() can change anything.
  virtual uint64_t next_event(uint64_t now, const ChannelIngress& ingress) const = 0;
  // Requests of channel `ch` held between its ingress FIFO and its
  // controller (the tlm coupling's BEGIN_REQ awaiting END_REQ).
  virtual size_t held(uint32_t ch) const = 0;
  // The tlm coupling's initiators, for the sc_module hierarchy to connect
  // through its sockets (sim/top/ane_system.h); null for the direct port.
  virtual TlmMemory* tlm() { return nullptr; }
};

}  // namespace anesim
