// Reads counts as users type them ("16384", "0x4000"): decimal or
// 0x-prefixed hexadecimal, no sign, no spaces. Shared by the command line
// and the trace reader, which word their messages differently.
#pragma once

#include <cstdint>
#include <string>

namespace anesim {

enum class CountStatus { kOk, kNotACount, kTooLarge, kTooSmall };

// Reads `text` into `value` when it is a count within [min, max].
CountStatus read_count(const std::string& text, uint64_t min, uint64_t max, uint64_t& value);

// A command-line count; throws UsageError naming `option` and the value.
uint64_t parse_count(const std::string& text, const std::string& option, uint64_t min,
                     uint64_t max);

// The same for a request field given as text (Python's '0x4000'): throws
// FieldError naming `field`, with the text as its value.
uint64_t parse_count_field(const std::string& text, const std::string& field, uint64_t min,
                           uint64_t max);

// A request's count within [min, max], or FieldError in the words of
// parse_count ("'17' is too large (at most 16)"); `item` is its index in a
// list field, -1 for a scalar.
void check_count_field(uint64_t value, const std::string& field, uint64_t min, uint64_t max,
                       long item = -1);

}  // namespace anesim
