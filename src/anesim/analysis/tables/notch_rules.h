// The rules `anesim advise` applies to a payload: which payloads can sit in
// the 1 MiB notch at all, the published notch as a rule, and when the
// erratum counts as costing time. Below both the advisor and the timing
// tables, which answer by these rules.
#pragma once

#include <cstdint>

namespace anesim {

// Splits are tried from 2 up to this many chunks.
constexpr uint32_t kMaxAdviceSplit = 8;

// Payloads below the first lap's V (lines < 0x4000 - 256) are never
// affected: their fix-variant time need not be simulated.
bool below_first_lap(uint64_t lines);
// The published notch as a rule: in it when k >= 1 and |x| < 256.
bool in_notch_by_rule(uint64_t lines);
// The erratum costs the transfer time (see the tolerance in advice.cpp).
bool costs_time(double bug_time_us, double fix_time_us);

}  // namespace anesim
