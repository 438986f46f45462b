// Sizes shared by every part of the model: a kernel-DMA line, one lap of the
// prefetch ring and one page. The ring's sizes come from the RTL package
// (rtl/kdma_pkg.sv), read at configure time into ring_geometry.h.
#pragma once

#include <cstdint>

#include <anesim/generated/ring_geometry.h>

namespace anesim {

constexpr uint32_t kLineBytes = 64;                    // one kernel-DMA line
constexpr uint32_t kRingLines = 1u << kRingIndexBits;  // one prefetch-ring lap = 1 MiB
constexpr uint32_t kPageLines = 1u << kPageIndexBits;  // 16 KiB VM page = lookahead depth
static_assert(kPageLines == kPrefetchMaxLines, "the lookahead depth is one page");

}  // namespace anesim
