// The tlm coupling of the fabric to DRAM (--memory tlm). Every 64-byte line
// read becomes a tlm_generic_payload travelling the TLM-2.0 base protocol
// (BEGIN_REQ, END_REQ, BEGIN_RESP, END_RESP) from one initiator per channel
// to an approximately-timed target that wraps the channel's Lpddr5Channel.
//  * The address is the physical one (line * 64); the target decodes it with
//    the same DramAddressMap. A LineExtension carries the core, the prefetch
//    flag and the rest of the LineRequest.
//  * Delays are annotated relative to the calling cycle and mean whole
//    cycles of the config's nominal clock (cycles_to_delay).
//  * A full controller queue answers BEGIN_REQ with TLM_ACCEPTED and sends
//    END_REQ later: the initiator holds its next request until then.
// The cluster runs in one SC_THREAD with temporal decoupling, so the calls
// are made synchronously from the cycle loop: no payload event queue, the
// same cycle-level behaviour as the builtin coupling.
#pragma once

#include <tlm>

#include <cstdint>
#include <deque>
#include <memory>
#include <utility>
#include <vector>

#include "sim/dram_address_map.h"
#include "sim/line_request.h"
#include "sim/lpddr5_channel.h"
#include "sim/memory_coupling.h"
#include "sim/model_config.h"

namespace anesim {

struct LineExtension : tlm::tlm_extension<LineExtension> {
  LineRequest req;
  tlm::tlm_extension_base* clone() const override { return new LineExtension(*this); }
  void copy_from(const tlm::tlm_extension_base& other) override {
    req = static_cast<const LineExtension&>(other).req;
  }
};

// Annotated delays: whole cycles of the nominal clock.
// Converted through the kernel's time resolution once, not per call.
class CycleTime {
 public:
  explicit CycleTime(double cycle_ns);
  sc_core::sc_time delay(uint64_t cycles) const;
  uint64_t cycles(const sc_core::sc_time& delay) const;

 private:
  double units_per_cycle_;  // time-resolution units per cycle
};

// The AT target around one channel.
class Lpddr5Target : public tlm::tlm_fw_transport_if<> {
 public:
  Lpddr5Target(Lpddr5Channel& channel, const DramConfig& cfg, CycleTime time)
      : channel_(channel), map_(cfg), time_(time) {}
  void bind(tlm::tlm_bw_transport_if<>* bw, uint32_t channel, TlmObserver* observer) {
    bw_ = bw;
    index_ = channel;
    observer_ = observer;
  }

  tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& trans, tlm::tlm_phase& phase,
                                     sc_core::sc_time& delay) override;
  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) override;
  bool get_direct_mem_ptr(tlm::tlm_generic_payload&, tlm::tlm_dmi&) override { return false; }
  unsigned int transport_dbg(tlm::tlm_generic_payload&) override { return 0; }

  // The cycle loop: tick_begin takes a held request if the queue has room
  // (END_REQ); tick_end lets the controller issue at most one command.
  void tick_begin(uint64_t now);
  void tick_end(uint64_t now);
  bool holding() const { return held_ != nullptr; }
  uint64_t next_event(uint64_t now) const {
    return held_ != nullptr && channel_.can_accept() ? now : channel_.next_event(now);
  }

 private:
  void accept(tlm::tlm_generic_payload& trans, uint64_t at);

  Lpddr5Channel& channel_;
  DramAddressMap map_;
  CycleTime time_;
  tlm::tlm_bw_transport_if<>* bw_ = nullptr;
  uint32_t index_ = 0;
  TlmObserver* observer_ = nullptr;
  uint64_t now_ = 0;
  tlm::tlm_generic_payload* held_ = nullptr;  // BEGIN_REQ not yet ended
  std::vector<std::pair<tlm::tlm_generic_payload*, LineRequest>> queued_;
};

// The initiators (one per channel) and their targets.
class TlmMemory {
 public:
  TlmMemory(std::vector<Lpddr5Channel>& channels, const ModelConfig& cfg, TlmObserver* observer);
  ~TlmMemory();

  // Channel `ch` at cycle `now`: begin() lets the target take a held
  // request; send() starts a read (only while !holding(ch)); end() lets the
  // controller issue. Completed reads land in done().
  void begin(uint32_t ch, uint64_t now);
  void send(uint32_t ch, const LineRequest& req, uint64_t now);
  void end(uint32_t ch, uint64_t now);
  uint64_t next_event(uint32_t ch, uint64_t now) const { return ports_[ch]->target.next_event(now); }
  bool holding(uint32_t ch) const { return ports_[ch]->target.holding(); }
  // (request, cycle its data finished), in completion order; the caller clears.
  std::vector<std::pair<LineRequest, uint64_t>>& done() { return done_; }

 private:
  // The initiator side of one channel's socket, bound to its target.
  struct Port : tlm::tlm_bw_transport_if<> {
    Port(TlmMemory& owner, Lpddr5Channel& channel, const DramConfig& cfg)
        : memory(owner), target(channel, cfg, owner.time_) {}
    tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& trans, tlm::tlm_phase& phase,
                                       sc_core::sc_time& delay) override;
    void invalidate_direct_mem_ptr(sc_dt::uint64, sc_dt::uint64) override {}

    TlmMemory& memory;
    Lpddr5Target target;
    uint64_t now = 0;
  };
  tlm::tlm_generic_payload* payload();

  CycleTime time_;
  TlmObserver* observer_;
  std::vector<std::unique_ptr<Port>> ports_;
  std::vector<std::unique_ptr<tlm::tlm_generic_payload>> pool_;
  std::vector<tlm::tlm_generic_payload*> free_;
  std::vector<std::pair<LineRequest, uint64_t>> done_;
};

}  // namespace anesim
