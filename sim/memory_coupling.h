// How the fabric reaches the LPDDR5 channels (--memory): by direct calls, or
// through TLM-2.0 approximately-timed transactions (sim/tlm_memory.h). Both
// give the same cycles and results; docs/systemc.md describes the protocol.
#pragma once

#include <cstdint>

namespace tlm {
class tlm_generic_payload;
}  // namespace tlm

namespace anesim {

enum class MemoryCoupling : uint8_t { kBuiltin, kTlm };

// Sees every nb_transport call of the tlm coupling (tests: a protocol
// checker). `forward`: initiator to target; `status` is the call's return.
class TlmObserver {
 public:
  virtual ~TlmObserver() = default;
  virtual void transport(uint32_t channel, bool forward, const tlm::tlm_generic_payload& trans,
                         int phase_before, int phase_after, int status) = 0;
};

}  // namespace anesim
