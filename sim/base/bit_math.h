// Powers of two, for sizes that must be one (banks, rows, channels).
#pragma once

#include <cstdint>

namespace anesim {

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
