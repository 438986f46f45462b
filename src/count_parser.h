// Parses the values users type on the command line: counts ("16384",
// "0x4000") and ring variant names.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "sim/prefetch_ring.h"

namespace anesim {

// A bad command-line value; the message names the option and the value.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Decimal or 0x-prefixed hexadecimal, no sign, no spaces, within [min, max].
// Throws UsageError naming `option` otherwise.
uint64_t parse_count(const std::string& text, const std::string& option, uint64_t min,
                     uint64_t max);

// A ring variant name ("bug", "fix", ...); throws UsageError naming `option`.
RingVariant parse_variant_option(const std::string& text, const std::string& option);

}  // namespace anesim
