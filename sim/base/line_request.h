// A line read travelling from a core through the fabric to DRAM and back.
#pragma once

#include <cstdint>

namespace anesim {

// The cycle at which a line crossed each stage boundary on its way; the
// retire cycle is known only to the consumer. Each component stamps its own
// boundary as the request passes, so the latency breakdown
// (sim/core/line_latency.h) costs a few stores per line and nothing per
// cycle. The record stays with the requesting core (one per KMem slot) and
// the request carries a pointer to it: the request itself, copied through
// the fabric's and the controllers' queues, grows by 8 bytes, not 48.
struct LineStamps {
  uint64_t requested = 0;  // the ring first offered the request (req_valid)
  uint64_t sent = 0;       // the fabric took it: a credit was free and the port idle
  uint64_t arrived = 0;    // it reached its channel (ingress FIFO / controller queue)
  uint64_t command = 0;    // the controller issued the first command for it (PRE/ACT/RD)
  uint64_t data = 0;       // its burst finished on the channel's data bus
  uint64_t delivered = 0;  // it landed in the core's KMem
};

struct LineRequest {
  uint32_t line = 0;             // line address
  uint32_t core = 0;             // requesting core
  uint64_t tag = 0;              // the core's request sequence number
  bool prefetch = false;         // issued on the lookahead path
  LineStamps* stamps = nullptr;  // the core's record of this line; null: not recorded
};

}  // namespace anesim
