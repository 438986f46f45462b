// The lookahead's share of time (rtl/kdma_prefetch_ring.sv, TimeShare = 1):
// the ring opens its lookahead while the SoC timebase's phase (256 steps of
// 2^kShareStepBits cycles) is below the grant. The ring decides this itself;
// the harness only needs to know when the decision changes, so that it
// clocks the ring at the cycle before each edge instead of every cycle.
#pragma once

#include <cstdint>

namespace anesim {

// rtl parameter ShareStepBits, which CMake sets from the same cache variable
// (ANESIM_SHARE_STEP_BITS); the idle-skipping test fails if the two disagree,
// since the ring would then change outside the cycles woken.
#ifndef ANESIM_SHARE_STEP_BITS
#define ANESIM_SHARE_STEP_BITS 4
#endif
constexpr unsigned kShareStepBits = ANESIM_SHARE_STEP_BITS;
constexpr uint64_t kSharePeriod = uint64_t{256} << kShareStepBits;  // cycles
// The ring's timebase input is the cycle number's low bits.
constexpr uint32_t kTimebaseMask = static_cast<uint32_t>(kSharePeriod - 1);

// Whether a grant of `credit` (0..256) opens the lookahead in `cycle`.
constexpr bool share_open(uint64_t cycle, uint32_t credit) {
  return ((cycle & kTimebaseMask) >> kShareStepBits) < credit;
}

// The first cycle after `cycle` whose share differs from `cycle`'s, for a
// partial grant (0 < credit < 256); a grant of 0 or 256 never changes.
constexpr uint64_t next_share_edge(uint64_t cycle, uint32_t credit) {
  const uint64_t phase = cycle & (kSharePeriod - 1);
  const uint64_t open_cycles = uint64_t{credit} << kShareStepBits;
  return cycle - phase + (phase < open_cycles ? open_cycles : kSharePeriod);
}

}  // namespace anesim
