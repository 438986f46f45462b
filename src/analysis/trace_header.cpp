#include <algorithm>
#include <cstdlib>

#include "src/analysis/trace_parser.h"
#include "src/io/printable.h"

namespace anesim::trace_detail {

namespace {


const std::vector<std::string> kKnownKeys = {"anesim-trace", "source", "provenance", "device",
                                             "date",         "units",  "timed",      "conversion",
                                             "note"};
const std::vector<std::string> kRequiredKeys = {"source", "device", "date", "units", "timed"};

double unit_to_us(const std::string& units) {
  if (units == "us") return 1.0;
  if (units == "ms") return 1e3;
  if (units == "s") return 1e6;
  if (units == "ns") return 1e-3;
  return 0;
}

bool valid_key(const std::string& k) {
  return !k.empty() && k.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_-") ==
                           std::string::npos;
}

bool valid_date(const std::string& d) {
  if (d.size() != 10 || d[4] != '-' || d[7] != '-') return false;
  for (size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) {
    if (d[i] < '0' || d[i] > '9') return false;
  }
  const int month = std::atoi(d.substr(5, 2).c_str());
  const int day = std::atoi(d.substr(8, 2).c_str());
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

}  // namespace

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

size_t parse_header(const Parser& p, const std::vector<std::string>& lines, Trace& t,
                    double& us_per_unit) {
  // Line 1: the format and its version.
  {
    const std::string& l = lines[0];
    const std::string prefix = "# anesim-trace:";
    if (l.rfind(prefix, 0) != 0) {
      p.fail(1, "malformed header: the first line must be '# anesim-trace: MAJOR.MINOR'");
    }
    const std::string v = trim(l.substr(prefix.size()));
    const size_t dot = v.find('.');
    const std::string maj = v.substr(0, dot);
    const std::string min = dot == std::string::npos ? "0" : v.substr(dot + 1);
    if (maj.empty() || min.empty() || maj.find_first_not_of("0123456789") != std::string::npos ||
        min.find_first_not_of("0123456789") != std::string::npos || maj.size() > 6 ||
        min.size() > 6) {
      p.fail(1, fmt::format("anesim-trace: '{}' is not a version (expected MAJOR.MINOR, e.g. 1.0)",
                            v));
    }
    t.version_major = std::atoi(maj.c_str());
    t.version_minor = std::atoi(min.c_str());
    if (t.version_major != kTraceFormatMajor) {
      p.fail(1, fmt::format("anesim-trace: unknown format version {} (this reader reads {}.x)", v,
                            kTraceFormatMajor));
    }
    t.header["anesim-trace"] = v;
  }
  const bool newer_minor = t.version_minor > kTraceFormatMinor;

  // The `# key: value` header.
  size_t i = 1;
  std::map<std::string, int> key_line;
  for (; i < lines.size(); ++i) {
    const int ln = static_cast<int>(i + 1);
    const std::string& l = lines[i];
    if (l.empty() || l[0] != '#') break;
    const std::string body = trim(l.substr(1));
    if (body.empty()) continue;  // a spacer
    const size_t colon = body.find(':');
    if (colon == std::string::npos) {
      p.fail(ln, fmt::format("malformed header: expected '# key: value', found '{}'", l));
    }
    const std::string key = trim(body.substr(0, colon));
    const std::string value = trim(body.substr(colon + 1));
    if (!valid_key(key)) {
      p.fail(ln, fmt::format("malformed header: '{}' is not a key (lower case, digits, - and _)",
                             key));
    }
    if (value.empty()) {
      p.fail(ln, fmt::format("{}: empty value", key));
    }
    const bool known = std::find(kKnownKeys.begin(), kKnownKeys.end(), key) != kKnownKeys.end();
    if (!known && !newer_minor) {
      p.fail(ln, fmt::format("{}: unknown header key in a version {}.{} file (known: {}); keys "
                             "from a newer minor version need that version in line 1",
                             key, t.version_major, t.version_minor, join(kKnownKeys)));
    }
    if (key == "note") {
      t.notes.push_back(value);
      continue;
    }
    if (key_line.count(key) != 0 || key == "anesim-trace") {
      p.fail(ln, fmt::format("{}: duplicate header key (first on line {})", key,
                             key == "anesim-trace" ? 1 : key_line[key]));
    }
    key_line[key] = ln;
    t.header[key] = value;
  }
  const int column_line = static_cast<int>(i + 1);
  for (const auto& k : kRequiredKeys) {
    if (t.header.count(k) == 0) {
      p.fail(column_line, fmt::format("{}: missing header key (required: {})", k,
                                      join(kRequiredKeys)));
    }
  }
  us_per_unit = unit_to_us(t.header["units"]);
  if (us_per_unit == 0) {
    p.fail(key_line["units"], fmt::format("units: '{}' is not a time unit (us, ms, s or ns)",
                                          t.header["units"]));
  }
  if (!valid_date(t.header["date"])) {
    p.fail(key_line["date"],
           fmt::format("date: '{}' is not a date (YYYY-MM-DD)", t.header["date"]));
  }

  return i;
}

}  // namespace anesim::trace_detail
