#include <anesim/io/count_text.h>

#include <fmt/format.h>

#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>

namespace anesim {

CountStatus read_count(const std::string& text, uint64_t min, uint64_t max, uint64_t& value) {
  const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  const std::string digits = hex ? text.substr(2) : text;
  const char* allowed = hex ? "0123456789abcdefABCDEF" : "0123456789";
  if (digits.empty() || digits.find_first_not_of(allowed) != std::string::npos) {
    return CountStatus::kNotACount;
  }
  const unsigned base = hex ? 16 : 10;
  uint64_t v = 0;
  for (char ch : digits) {
    const unsigned d = ch <= '9' ? ch - '0' : (ch | 0x20) - 'a' + 10;
    if (d > max || v > (max - d) / base) {
      return CountStatus::kTooLarge;
    }
    v = v * base + d;
  }
  if (v < min) {
    return CountStatus::kTooSmall;
  }
  value = v;
  return CountStatus::kOk;
}

uint64_t parse_count(const std::string& text, const std::string& option, uint64_t min,
                     uint64_t max) {
  // Values are cut to 40 characters so that every message is one short line.
  const std::string shown = printable(text, 40);
  uint64_t value = 0;
  switch (read_count(text, min, max, value)) {
    case CountStatus::kOk:
      return value;
    case CountStatus::kNotACount: {
      const char* hint =
          !text.empty() && (text[0] == '-' || text[0] == '+') ? " (a count has no sign)" : "";
      throw UsageError(fmt::format(
          "{}: '{}' is not a number: expected decimal digits or 0x followed by hex digits{}",
          option, shown, hint));
    }
    case CountStatus::kTooLarge:
      throw UsageError(fmt::format("{}: '{}' is too large (at most {})", option, shown, max));
    case CountStatus::kTooSmall:
      break;
  }
  throw UsageError(fmt::format("{}: '{}' is too small (at least {})", option, shown, min));
}

}  // namespace anesim
