// The initiator side of the tlm coupling (--memory tlm): every 64-byte line
// read becomes a tlm_generic_payload travelling the TLM-2.0 base protocol
// (BEGIN_REQ, END_REQ, BEGIN_RESP, END_RESP), one initiator per DRAM channel.
//  * The address is the physical one (line * 64); a LineExtension
//    (sim/memory/line_extension.h) carries the core, the prefetch flag and the rest
//    of the LineRequest.
//  * One BEGIN_REQ per channel awaits its END_REQ at a time: a target that
//    answers TLM_ACCEPTED holds back the channel's next read (back-pressure).
//  * Each channel is connected either to a ClockedTarget (the built-in
//    LPDDR5 targets: called synchronously from the cycle loop, delays in
//    cycles, the same cycles as the builtin coupling) or to any other AT
//    target, which runs on SystemC time: its backward calls arrive while the
//    loop waits and wake it (sim/top/ane_system.h).
// Without an sc_module hierarchy (a bare Cluster) the channels are connected
// to TlmMemory's own LPDDR5 targets; AneSystem reconnects them through its
// sockets.
#pragma once

#include <tlm>

#include <cstdint>
#include <memory>
#include <vector>

#include <sim/base/cycle_time.h>
#include <sim/base/machine_config.h>
#include <sim/dram/dram_channel.h>
#include <sim/memory/clocked_target.h>
#include <sim/memory/memory_system.h>
#include <sim/memory/tlm_observer.h>

namespace anesim {

class TlmMemory {
 public:
  TlmMemory(std::vector<DramChannel>& channels, const MachineConfig& cfg, TlmObserver* observer);
  ~TlmMemory();

  // Channel `ch`'s forward path, and its cycle hooks when anesim clocks the
  // target (null: the target runs on SystemC time).
  void connect(uint32_t ch, tlm::tlm_fw_transport_if<>* fw, ClockedTarget* clocked);
  // What an initiator socket for channel `ch` binds to.
  tlm::tlm_bw_transport_if<>& backward(uint32_t ch) { return *ports_[ch]; }
  // Channel `ch`'s target when the cycle loop clocks it (the built-in
  // LPDDR5's; null when memory.target names a target on SystemC time).
  ClockedTarget* clocked_target(uint32_t ch) {
    return builtin_.empty() ? nullptr : builtin_[ch].get();
  }
  // Some channel's target runs on SystemC time; `wake` is notified on each
  // of its backward calls.
  bool timed() const;
  void set_wake(sc_core::sc_event* wake) { wake_ = wake; }

  // Channel `ch` at cycle `now`: begin() lets a clocked target end a held
  // request; send() starts a read (only while !holding(ch)); end() lets a
  // clocked target respond. Completed reads land in done().
  void begin(uint32_t ch, uint64_t now);
  void send(uint32_t ch, const LineRequest& req, uint64_t now);
  void end(uint32_t ch, uint64_t now);
  uint64_t next_event(uint32_t ch, uint64_t now) const;
  bool holding(uint32_t ch) const { return ports_[ch]->awaiting_end_req; }
  // The completed reads, in completion order; the caller clears.
  std::vector<CompletedRead>& done() { return done_; }

 private:
  // The initiator side of one channel: the backward interface its socket
  // binds, and what it knows of the protocol state.
  struct Port : tlm::tlm_bw_transport_if<> {
    Port(TlmMemory& owner, uint32_t ch) : memory(owner), index(ch) {}
    tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& trans, tlm::tlm_phase& phase,
                                       sc_core::sc_time& delay) override;
    void invalidate_direct_mem_ptr(sc_dt::uint64, sc_dt::uint64) override {}

    TlmMemory& memory;
    uint32_t index;
    tlm::tlm_fw_transport_if<>* fw = nullptr;
    ClockedTarget* clocked = nullptr;
    bool awaiting_end_req = false;
    uint64_t now = 0;  // the cycle of a clocked target's current tick
  };
  tlm::tlm_generic_payload* payload();
  // The target accepted the read (END_REQ) at `cycle`.
  void accepted(const Port& port, tlm::tlm_generic_payload& trans, uint64_t cycle);
  // The read's data finished at `data_done`: hand it back, recycle the payload.
  void complete(tlm::tlm_generic_payload& trans, uint64_t data_done);
  // The cycle a delay annotated by channel `port`'s target points to.
  uint64_t cycle_after(const Port& port, const sc_core::sc_time& delay) const;

  const MachineConfig& cfg_;
  CycleTime time_;
  TlmObserver* observer_;
  sc_core::sc_event* wake_ = nullptr;
  std::vector<std::unique_ptr<Port>> ports_;
  std::vector<std::unique_ptr<ClockedTarget>> builtin_;
  std::vector<std::unique_ptr<tlm::tlm_generic_payload>> pool_;
  std::vector<tlm::tlm_generic_payload*> free_;
  std::vector<CompletedRead> done_;
};

}  // namespace anesim
