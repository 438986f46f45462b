// The built-in LPDDR5 model as a TLM-2.0 approximately-timed target: one per
// channel, wrapping that channel's DramChannel (the same object the direct
// coupling calls). Clocked by anesim's cycle loop (sim/memory/clocked_target.h).
//  * BEGIN_REQ: enqueued at once (TLM_UPDATED, END_REQ) if the controller
//    queue has room; otherwise TLM_ACCEPTED, and END_REQ on the backward
//    path when a slot frees: back-pressure.
//  * The address is decoded with the same DramAddressMap.
//  * BEGIN_RESP on the backward path when the read's burst is scheduled,
//    its delay annotated to the cycle the burst ends, status TLM_OK_RESPONSE.
#pragma once

#include <tlm>

#include <cstdint>
#include <utility>
#include <vector>

#include <sim/base/cycle_time.h>
#include <sim/dram/dram_address_map.h>
#include <sim/dram/dram_channel.h>
#include <sim/memory/clocked_target.h>

namespace anesim {

class DramTarget : public ClockedTarget {
 public:
  DramTarget(DramChannel& channel, const DramConfig& cfg, CycleTime time)
      : channel_(channel), map_(cfg), time_(time) {}

  void set_backward(tlm::tlm_bw_transport_if<>* bw) override { bw_ = bw; }
  tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& trans, tlm::tlm_phase& phase,
                                     sc_core::sc_time& delay) override;
  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) override;
  bool get_direct_mem_ptr(tlm::tlm_generic_payload&, tlm::tlm_dmi&) override { return false; }
  unsigned int transport_dbg(tlm::tlm_generic_payload&) override { return 0; }

  void tick_begin(uint64_t now) override;
  void tick_end(uint64_t now) override;
  uint64_t next_event(uint64_t now) const override {
    return held_ != nullptr && channel_.can_accept() ? now : channel_.next_event(now);
  }

 private:
  void accept(tlm::tlm_generic_payload& trans, uint64_t at);

  DramChannel& channel_;
  DramAddressMap map_;
  CycleTime time_;
  tlm::tlm_bw_transport_if<>* bw_ = nullptr;
  uint64_t now_ = 0;
  tlm::tlm_generic_payload* held_ = nullptr;  // BEGIN_REQ not yet ended
  std::vector<std::pair<tlm::tlm_generic_payload*, LineRequest>> queued_;
};

}  // namespace anesim
