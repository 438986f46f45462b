// The field readers every trace line goes through (trace_fields.h).
#include <anesim/analysis/trace/trace_fields.h>

#include <cstdint>

#include <anesim/analysis/stats/statistics.h>
#include <anesim/io/text_functions.h>

namespace anesim::trace_detail {

std::string trim(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t");
  if (b == std::string::npos) {
    return "";
  }
  const size_t e = s.find_last_not_of(" \t");
  return s.substr(b, e - b + 1);
}

std::vector<std::string> split_on(const std::string& s, char sep) {
  std::vector<std::string> parts = split_text(s, sep);
  for (std::string& p : parts) {
    p = trim(p);
  }
  return parts;
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) {
    s += (s.empty() ? "" : ", ") + x;
  }
  return s;
}

void read_timing(const Parser& p, int line, const std::string& samples, const std::string& median,
                 const std::string& count, bool has_samples_column, double scale, TraceRecord& r) {
  if (!samples.empty() && !median.empty()) {
    p.fail(line, "samples: give samples or median, not both");
  }
  if (!samples.empty()) {
    if (!count.empty()) {
      p.fail(line, "count: only with a median (samples imply their count)");
    }
    for (const std::string& s : split_on(samples, ';')) {
      r.samples_us.push_back(p.time(line, "samples", s) * scale);
    }
    r.median_us = median_of(r.samples_us);
    r.count = r.samples_us.size();
  } else if (!median.empty()) {
    r.median_us = p.time(line, "median", median) * scale;
    r.count = count.empty() ? 0 : p.integer(line, "count", count, 1, UINT64_MAX / 2);
  } else {
    p.fail(line, has_samples_column ? "samples: empty (give samples or median)" : "median: empty");
  }
}

}  // namespace anesim::trace_detail
