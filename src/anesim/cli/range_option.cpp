#include <anesim/cli/range_option.h>

#include <fmt/format.h>

#include <anesim/api/sweep.h>
#include <anesim/io/count_text.h>
#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>

namespace anesim {

std::vector<int64_t> parse_range(const std::string& text, const std::string& option,
                                 bool allow_negative, int64_t* step) {
  const std::vector<std::string> parts = split_text(text, ':');
  if (parts.size() < 2 || parts.size() > 3) {
    throw UsageError(fmt::format("{}: '{}' is not a range (expected FIRST:LAST or FIRST:LAST:STEP)",
                                 option, printable(text, 60)));
  }
  auto value = [&](const std::string& s, bool is_step) -> int64_t {
    const bool neg = !s.empty() && s[0] == '-';
    if (neg && (!allow_negative || is_step)) {
      throw UsageError(fmt::format("{}: '{}' in '{}' may not be negative", option, s, text));
    }
    uint64_t mag = 0;
    try {
      mag = parse_count(neg ? s.substr(1) : s, option, is_step ? 1 : 0, uint64_t{UINT32_MAX});
    } catch (const UsageError&) {
      // The message names the value as typed, sign included.
      const std::string lowest = is_step          ? "1"
                                 : allow_negative ? fmt::format("-{}", UINT32_MAX)
                                                  : "0";
      throw UsageError(fmt::format("{}: '{}' in '{}' is not a whole number within {}..{}", option,
                                   printable(s, 40), printable(text, 60), lowest, UINT32_MAX));
    }
    return neg ? -static_cast<int64_t>(mag) : static_cast<int64_t>(mag);
  };
  const int64_t first = value(parts[0], false);
  const int64_t last = value(parts[1], false);
  const int64_t st = parts.size() == 3 ? value(parts[2], true) : 1;
  if (last < first) {
    throw UsageError(fmt::format("{}: '{}' ends before it starts", option, text));
  }
  if ((last - first) / st + 1 > 100000) {
    throw UsageError(fmt::format("{}: '{}' has more than 100000 points", option, text));
  }
  if (step != nullptr) {
    *step = st;
  }
  return evenly_spaced(first, last, st);
}

RangeText read_range_text(const std::string& text, const std::string& option) {
  const std::vector<std::string> parts = split_text(text, ':');
  if (parts.size() < 2 || parts.size() > 3) {
    throw UsageError(fmt::format("{}: '{}' is not a range (expected FIRST:LAST or FIRST:LAST:STEP)",
                                 option, printable(text, 60)));
  }
  auto value = [&](const std::string& s, bool is_step) -> int64_t {
    const bool neg = !s.empty() && s[0] == '-';
    if (neg && is_step) {
      throw UsageError(fmt::format("{}: '{}' in '{}' may not be negative", option, s, text));
    }
    uint64_t mag = 0;
    if (read_count(neg ? s.substr(1) : s, is_step ? 1 : 0, UINT32_MAX, mag) != CountStatus::kOk) {
      throw UsageError(fmt::format("{}: '{}' in '{}' is not a whole number within {}..{}", option,
                                   printable(s, 40), printable(text, 60),
                                   is_step ? "1" : fmt::format("-{}", UINT32_MAX), UINT32_MAX));
    }
    return neg ? -static_cast<int64_t>(mag) : static_cast<int64_t>(mag);
  };
  RangeText r;
  r.first = value(parts[0], false);
  r.last = value(parts[1], false);
  r.step = parts.size() == 3 ? value(parts[2], true) : 1;
  return r;
}

}  // namespace anesim
