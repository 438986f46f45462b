#include <anesim/cli/range_option.h>

#include <fmt/format.h>

#include <anesim/api/sweep.h>
#include <anesim/io/count_text.h>
#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>

namespace anesim {

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

std::vector<int64_t> parse_range(const std::string& text, const std::string& option,
                                 int64_t* step) {
  const RangeText r = read_range_text(text, option);
  if (r.last < r.first) {
    throw UsageError(fmt::format("{}: '{}' ends before it starts", option, text));
  }
  if ((r.last - r.first) / r.step + 1 > 100000) {
    throw UsageError(fmt::format("{}: '{}' has more than 100000 points", option, text));
  }
  if (step != nullptr) {
    *step = r.step;
  }
  return evenly_spaced(r.first, r.last, r.step);
}

}  // namespace anesim
