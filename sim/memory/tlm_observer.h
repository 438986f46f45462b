// Sees every nb_transport call of the tlm coupling (tests: a protocol
// checker, tests/tlm_protocol_checker.h).
#pragma once

#include <cstdint>

namespace tlm {
class tlm_generic_payload;
}  // namespace tlm

namespace anesim {

class TlmObserver {
 public:
  virtual ~TlmObserver() = default;
  // `forward`: initiator to target; `status` is the call's return.
  virtual void transport(uint32_t channel, bool forward, const tlm::tlm_generic_payload& trans,
                         int phase_before, int phase_after, int status) = 0;
};

}  // namespace anesim
