// A TLM-2.0 AT target that anesim's cycle loop clocks itself: the forward
// interface of the base protocol plus the hooks the loop needs to keep its
// idle skipping (an anesim addition outside the protocol). The built-in
// LPDDR5 target is one. A target without these hooks (one with a payload
// event queue and its own processes) runs on SystemC time instead
// (docs/systemc.md, "Two kinds of target").
#pragma once

#include <tlm>

#include <cstdint>

namespace anesim {

class ClockedTarget : public tlm::tlm_fw_transport_if<> {
 public:
  // Where the target sends END_REQ and BEGIN_RESP: the initiator's side of
  // its socket (set once, before the first transaction).
  virtual void set_backward(tlm::tlm_bw_transport_if<>* bw) = 0;
  // Cycle `now` in two halves: tick_begin before the initiator sends (a
  // held request that now fits ends with END_REQ); tick_end after it (the
  // target may answer with BEGIN_RESP). Delays annotated by either are
  // relative to `now`.
  virtual void tick_begin(uint64_t now) = 0;
  virtual void tick_end(uint64_t now) = 0;
  // The earliest cycle >= now at which a tick can change anything.
  virtual uint64_t next_event(uint64_t now) const = 0;
};

}  // namespace anesim
