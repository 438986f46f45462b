// Ranges and lists as users type them on the command line: "A:B:S" (or
// "A:B", step 1) and "1,2,3".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace anesim {

// "A:B:S" or "A:B" as typed: each value a count with an optional '-' (the
// step without), within 2^32-1. The library checks the range itself
// (src/anesim/api/sweep.h). Throws UsageError naming `option`.
struct RangeText {
  int64_t first = 0, last = 0, step = 1;
};
RangeText read_range_text(const std::string& text, const std::string& option);

// The points of "A:B:S" or "A:B" (step 1) as read_range_text reads it,
// increasing, at most 100000 of them. Throws UsageError naming `option`.
std::vector<int64_t> parse_range(const std::string& text, const std::string& option, int64_t* step);

}  // namespace anesim
