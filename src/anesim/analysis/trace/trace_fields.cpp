// The field readers every trace line goes through (trace_fields.h).
#include <anesim/analysis/trace/trace_fields.h>

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

}  // namespace anesim::trace_detail
