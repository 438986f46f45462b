// A TLM-2.0 base-protocol checker for the tests: installed as the run's
// TlmObserver (sim/memory/tlm_observer.h), it sees every nb_transport call of
// the tlm coupling and records the first rule broken.
#pragma once

#include <tlm>

#include <cstdint>
#include <map>
#include <string>

#include <sim/memory/line_extension.h>
#include <sim/memory/tlm_observer.h>
#include <sim/ring/geometry.h>

namespace anesim::test {

// The base protocol as the fabric and the LPDDR5 target use it: BEGIN_REQ,
// END_REQ (returned at once, or later on the backward path when the queue
// was full), BEGIN_RESP with a response status set, END_RESP; one BEGIN_REQ
// outstanding per socket until its END_REQ.
class ProtocolChecker : public TlmObserver {
 public:
  enum State { kIdle, kRequested, kRequestEnded, kResponding };

  void transport(uint32_t channel, bool forward, const tlm::tlm_generic_payload& trans, int before,
                 int after, int status) override {
    State& s = state_[&trans];
    const tlm::tlm_generic_payload*& held = outstanding_[channel];
    if (forward && before == tlm::BEGIN_REQ) {
      ++begun_;
      check(s == kIdle, "BEGIN_REQ on a transaction in flight");
      check(held == nullptr, "BEGIN_REQ while another BEGIN_REQ awaits END_REQ");
      check(trans.is_read() && trans.get_data_length() == kLineBytes, "not a 64-byte read");
      const LineExtension* ext = trans.get_extension<LineExtension>();
      check(ext != nullptr && uint64_t{ext->req.line} * kLineBytes == trans.get_address(),
            "extension missing or not matching the address");
      if (status == tlm::TLM_UPDATED && after == tlm::END_REQ) {
        s = kRequestEnded;
      } else {
        check(status == tlm::TLM_ACCEPTED && after == tlm::BEGIN_REQ, "bad BEGIN_REQ return");
        s = kRequested;
        held = &trans;
        ++deferred_;
      }
    } else if (!forward && before == tlm::END_REQ) {
      check(s == kRequested && held == &trans, "END_REQ without an outstanding BEGIN_REQ");
      check(status == tlm::TLM_ACCEPTED, "bad END_REQ return");
      held = nullptr;
      s = kRequestEnded;
    } else if (!forward && before == tlm::BEGIN_RESP) {
      check(s == kRequestEnded, "BEGIN_RESP before END_REQ");
      check(trans.get_response_status() == tlm::TLM_OK_RESPONSE, "response status not set");
      const bool ended =
          (status == tlm::TLM_UPDATED && after == tlm::END_RESP) || status == tlm::TLM_COMPLETED;
      s = ended ? kIdle : kResponding;
      completed_ += ended ? 1 : 0;
    } else if (forward && before == tlm::END_RESP) {
      check(s == kResponding, "END_RESP without BEGIN_RESP");
      s = kIdle;
      ++completed_;
    } else {
      check(false, "unexpected phase");
    }
  }

  void check(bool ok, const char* what) {
    if (!ok && error_.empty()) {
      error_ = what;
    }
  }
  bool all_done() const {
    for (const auto& [trans, s] : state_) {
      if (s != kIdle) {
        return false;
      }
    }
    for (const auto& [ch, held] : outstanding_) {
      if (held != nullptr) {
        return false;
      }
    }
    return true;
  }

  std::string error_;
  uint64_t begun_ = 0, completed_ = 0, deferred_ = 0;

 private:
  std::map<const tlm::tlm_generic_payload*, State> state_;
  std::map<uint32_t, const tlm::tlm_generic_payload*> outstanding_;
};

}  // namespace anesim::test
