// Sizes shared by every part of the model.
#pragma once

#include <cstdint>

namespace anesim {

constexpr uint32_t kLineBytes = 64;        // one kernel-DMA line
constexpr uint32_t kRingLines = 1u << 14;  // one prefetch-ring lap = 1 MiB
constexpr uint32_t kPageLines = 256;       // 16 KiB VM page = lookahead depth

constexpr bool is_pow2(uint64_t v) { return v != 0 && (v & (v - 1)) == 0; }

constexpr uint32_t log2_exact(uint64_t v) {
  uint32_t n = 0;
  while (v > 1) {
    v >>= 1;
    ++n;
  }
  return n;
}

}  // namespace anesim
