// Ranges and lists as users type them on the command line: "A:B:S" (or
// "A:B", step 1) and "1,2,3".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace anesim {

// "A:B:S" or "A:B" (step 1), decimal or 0x hex; negative values only when
// `allow_negative`; at most 100000 points. Throws UsageError naming `option`.
std::vector<int64_t> parse_range(const std::string& text, const std::string& option,
                                 bool allow_negative, int64_t* step);

// "1,2,3": counts within [min, max]. Throws UsageError naming `option`.
std::vector<uint32_t> parse_count_list(const std::string& text, const std::string& option,
                                       uint32_t min, uint32_t max);

}  // namespace anesim
