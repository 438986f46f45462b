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

namespace {

// The message for a count that is not one, with `label` naming the option
// or field and `shown` the value.
std::string count_message(const std::string& label, const std::string& text,
                          const std::string& shown, CountStatus status, uint64_t min,
                          uint64_t max) {
  switch (status) {
    case CountStatus::kNotACount: {
      const char* hint =
          !text.empty() && (text[0] == '-' || text[0] == '+') ? " (a count has no sign)" : "";
      return fmt::format(
          "{}: '{}' is not a number: expected decimal digits or 0x followed by hex digits{}", label,
          shown, hint);
    }
    case CountStatus::kTooLarge:
      return fmt::format("{}: '{}' is too large (at most {})", label, shown, max);
    default:
      return fmt::format("{}: '{}' is too small (at least {})", label, shown, min);
  }
}

}  // namespace

uint64_t parse_count(const std::string& text, const std::string& option, uint64_t min,
                     uint64_t max) {
  uint64_t value = 0;
  const CountStatus status = read_count(text, min, max, value);
  if (status != CountStatus::kOk) {
    // Values are cut to 40 characters so that every message is one short line.
    throw UsageError(count_message(option, text, printable(text, 40), status, min, max));
  }
  return value;
}

uint64_t parse_count_field(const std::string& text, const std::string& field, uint64_t min,
                           uint64_t max) {
  uint64_t value = 0;
  const CountStatus status = read_count(text, min, max, value);
  if (status != CountStatus::kOk) {
    throw FieldError(field, count_message(field_mark(field), text, value_mark(), status, min, max),
                     printable(text, 40));
  }
  return value;
}

void check_count_field(uint64_t value, const std::string& field, uint64_t min, uint64_t max,
                       long item) {
  if (value < min || value > max) {
    const CountStatus status = value < min ? CountStatus::kTooSmall : CountStatus::kTooLarge;
    throw FieldError(field, count_message(field_mark(field), "", value_mark(), status, min, max),
                     std::to_string(value), item);
  }
}

}  // namespace anesim
