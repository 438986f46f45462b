// An example of bringing your own memory: a TLM-2.0 approximately-timed
// target written the way SoC platforms write them (a simple_target_socket
// and a payload event queue, on SystemC time), serving 64-byte reads with a
// fixed latency and a bandwidth limit. Selected by `memory.target:
// fixed_latency` (tlm coupling); tests/tlm_socket_test.cpp checks its timing
// and the base protocol on every transaction. docs/systemc.md explains how
// any other AT target (DRAMSys, for example) takes its place.
//  * BEGIN_REQ is accepted (END_REQ on the backward path) while fewer than
//    `queue_depth` reads are in service; otherwise it waits: back-pressure.
//  * A read's data completes `latency` after acceptance, and no sooner than
//    `line_time` after the previous read's (the bandwidth limit).
//  * BEGIN_RESP goes out when the data is complete, status TLM_OK_RESPONSE
//    (writes get TLM_COMMAND_ERROR_RESPONSE); one response awaits END_RESP
//    at a time.
#pragma once

#include <tlm_utils/peq_with_cb_and_phase.h>
#include <tlm_utils/simple_target_socket.h>
#include <tlm>

#include <cstdint>
#include <deque>

namespace anesim {

class FixedLatencyMemory : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<FixedLatencyMemory> socket;

  FixedLatencyMemory(sc_core::sc_module_name name, const sc_core::sc_time& latency,
                     const sc_core::sc_time& line_time, uint32_t queue_depth);
  const char* kind() const override { return "anesim::FixedLatencyMemory"; }

 private:
  tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& trans, tlm::tlm_phase& phase,
                                     sc_core::sc_time& delay);
  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
  // The payload event queue delivers each phase at its annotated time.
  void on_phase(tlm::tlm_generic_payload& trans, const tlm::tlm_phase& phase);
  void start(tlm::tlm_generic_payload& trans);
  void respond_next();
  void finish_response();

  sc_core::sc_time latency_, line_time_;
  uint32_t queue_depth_;
  tlm_utils::peq_with_cb_and_phase<FixedLatencyMemory> peq_;
  uint32_t in_service_ = 0;                             // accepted, response not ended
  sc_core::sc_time last_done_ = sc_core::SC_ZERO_TIME;  // when the previous read's data completed
  std::deque<tlm::tlm_generic_payload*> waiting_;       // BEGIN_REQ not yet accepted
  std::deque<tlm::tlm_generic_payload*> ready_;         // data complete, BEGIN_RESP not sent
  bool responding_ = false;                             // a BEGIN_RESP awaits END_RESP
};

}  // namespace anesim
