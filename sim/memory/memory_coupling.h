// How the fabric reaches the LPDDR5 channels (--memory): by direct calls, or
// through TLM-2.0 approximately-timed transactions (sim/memory/tlm_memory.h). Both
// give the same cycles and results; docs/systemc.md describes the protocol.
// Each coupling is a MemorySystem (sim/memory/memory_system.h).
#pragma once

#include <cstdint>

namespace anesim {

enum class MemoryCoupling : uint8_t { kBuiltin, kTlm };

}  // namespace anesim
