#include "src/count_parser.h"

#include <fmt/format.h>

namespace anesim {

namespace {

// The value as messages show it: control and non-ASCII bytes escaped, long
// values cut, so that every message is one short line.
std::string shown(const std::string& text) {
  constexpr size_t kMax = 40;
  std::string out;
  for (size_t i = 0; i < text.size() && i < kMax; ++i) {
    const auto ch = static_cast<unsigned char>(text[i]);
    if (ch < 0x20 || ch >= 0x7f) {
      out += fmt::format("\\x{:02x}", ch);
    } else {
      out += static_cast<char>(ch);
    }
  }
  return text.size() > kMax ? out + "..." : out;
}

}  // namespace

uint64_t parse_count(const std::string& text, const std::string& option, uint64_t min,
                     uint64_t max) {
  const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  const std::string digits = hex ? text.substr(2) : text;
  const char* allowed = hex ? "0123456789abcdefABCDEF" : "0123456789";
  if (digits.empty() || digits.find_first_not_of(allowed) != std::string::npos) {
    const char* hint = !text.empty() && (text[0] == '-' || text[0] == '+')
                           ? " (a count has no sign)"
                           : "";
    throw UsageError(fmt::format(
        "{}: '{}' is not a number: expected decimal digits or 0x followed by hex digits{}", option,
        shown(text), hint));
  }
  const unsigned base = hex ? 16 : 10;
  uint64_t value = 0;
  for (char ch : digits) {
    const unsigned d = ch <= '9' ? ch - '0' : (ch | 0x20) - 'a' + 10;
    if (d > max || value > (max - d) / base) {
      throw UsageError(
          fmt::format("{}: '{}' is too large (at most {})", option, shown(text), max));
    }
    value = value * base + d;
  }
  if (value < min) {
    throw UsageError(fmt::format("{}: '{}' is too small (at least {})", option, shown(text), min));
  }
  return value;
}

RingVariant parse_variant_option(const std::string& text, const std::string& option) {
  const auto variant = parse_variant(text);
  if (!variant) {
    throw UsageError(fmt::format("{}: '{}' is not a variant (expected one of: {})", option,
                                 shown(text),
                                 variant_choices()));
  }
  return *variant;
}

}  // namespace anesim
