#include <anesim/analysis/trace/trace_format.h>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include <anesim/analysis/trace/trace_fields.h>
#include <anesim/io/errors.h>
#include <anesim/io/text_file.h>
#include <anesim/io/text_functions.h>
#include <sim/core/workload.h>

namespace anesim {

namespace {

using namespace trace_detail;

const std::vector<std::string> kKnownKeys = {"anesim-trace", "source", "provenance", "device",
                                             "date",         "units",  "timed",      "conversion",
                                             "note",         "records"};
const std::vector<std::string> kRequiredKeys = {"source", "device", "date", "units", "timed"};

double unit_to_us(const std::string& units) {
  if (units == "us") return 1.0;
  if (units == "ms") return 1e3;
  if (units == "s") return 1e6;
  if (units == "ns") return 1e-3;
  return 0;
}

bool valid_key(const std::string& k) {
  return !k.empty() &&
         k.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_-") == std::string::npos;
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

// Reads line 1 and the header into `t`; returns the index of the column
// row in `lines` and sets `us_per_unit` from the units key.
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
      p.fail(ln,
             fmt::format("malformed header: '{}' is not a key (lower case, digits, - and _)", key));
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
      p.fail(column_line,
             fmt::format("{}: missing header key (required: {})", k, join(kRequiredKeys)));
    }
  }
  us_per_unit = unit_to_us(t.header["units"]);
  if (us_per_unit == 0) {
    p.fail(key_line["units"],
           fmt::format("units: '{}' is not a time unit (us, ms, s or ns)", t.header["units"]));
  }
  if (!valid_date(t.header["date"])) {
    p.fail(key_line["date"],
           fmt::format("date: '{}' is not a date (YYYY-MM-DD)", t.header["date"]));
  }
  if (t.header.count("records") != 0) {
    const std::string& kind = t.header["records"];
    if (kind != "transfer" && kind != "decode-step") {
      p.fail(key_line["records"],
             fmt::format("records: '{}' is not a record kind (transfer or decode-step)", kind));
    }
    if (t.version_major == 1 && t.version_minor < 1) {
      p.fail(key_line["records"], "records: needs format version 1.1 in line 1");
    }
  }

  return i;
}

const std::vector<std::string> kColumns = {"curve",  "cores", "lines_per_core", "cin",
                                           "cout",   "split", "base_line",      "samples",
                                           "median", "count", "comment"};

}  // namespace

using namespace trace_detail;

Trace parse_trace(const std::string& text, const std::string& origin) {
  const Parser p(origin);
  Trace t;
  t.path = origin;
  std::vector<std::string> lines;
  {
    // A UTF-8 byte order mark is accepted, as the config reader accepts it.
    const bool bom = text.rfind("\xEF\xBB\xBF", 0) == 0;
    std::istringstream in(bom ? text.substr(3) : text);
    for (std::string l; std::getline(in, l);) {
      if (!l.empty() && l.back() == '\r') l.pop_back();
      lines.push_back(l);
    }
  }
  if (lines.empty()) {
    p.fail(1, "empty file: expected '# anesim-trace: MAJOR.MINOR' as the first line");
  }

  double scale = 0;
  size_t i = parse_header(p, lines, t, scale);
  if (t.header.count("records") != 0 && t.header["records"] == "decode-step") {
    parse_step_records(p, lines, i, scale, t);
    return t;
  }
  const int column_line = static_cast<int>(i + 1);

  // The column row.
  if (i >= lines.size() || trim(lines[i]).empty()) {
    p.fail(column_line, "missing column row (e.g. 'curve,cores,lines_per_core,split,samples')");
  }
  const std::vector<std::string> cols = split_on(lines[i], ',');
  std::map<std::string, size_t> col;
  for (size_t c = 0; c < cols.size(); ++c) {
    if (std::find(kColumns.begin(), kColumns.end(), cols[c]) == kColumns.end()) {
      p.fail(column_line,
             fmt::format("column '{}': unknown column (known: {})", cols[c], join(kColumns)));
    }
    if (col.count(cols[c]) != 0) {
      p.fail(column_line, fmt::format("column '{}': duplicate column", cols[c]));
    }
    col[cols[c]] = c;
  }
  for (const char* need : {"curve", "cores", "split"}) {
    if (col.count(need) == 0) {
      p.fail(column_line, fmt::format("missing column '{}'", need));
    }
  }
  if (col.count("lines_per_core") == 0 && (col.count("cin") == 0 || col.count("cout") == 0)) {
    p.fail(column_line, "missing column 'lines_per_core' (or both 'cin' and 'cout')");
  }
  if ((col.count("cin") != 0) != (col.count("cout") != 0)) {
    p.fail(column_line, fmt::format("missing column '{}': cin and cout come together",
                                    col.count("cin") != 0 ? "cout" : "cin"));
  }
  if (col.count("samples") == 0 && col.count("median") == 0) {
    p.fail(column_line, "missing column 'samples' (or 'median')");
  }
  if (col.count("count") != 0 && col.count("median") == 0) {
    p.fail(column_line, "column 'count': only with a 'median' column");
  }

  // The records.
  std::map<std::string, int> seen;
  for (++i; i < lines.size(); ++i) {
    const int ln = static_cast<int>(i + 1);
    if (trim(lines[i]).empty()) continue;
    if (lines[i][0] == '#') {
      p.fail(ln, "header lines ('#') must come before the column row");
    }
    const std::vector<std::string> f = split_on(lines[i], ',');
    if (f.size() != cols.size()) {
      p.fail(ln,
             fmt::format("expected {} fields ({}), found {}", cols.size(), join(cols), f.size()));
    }
    auto get = [&](const char* name) -> std::string {
      const auto it = col.find(name);
      return it == col.end() ? std::string() : f[it->second];
    };
    TraceRecord r;
    r.line = ln;
    r.curve = get("curve");
    if (r.curve.empty() || r.curve.find_first_not_of(
                               "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-"
                               "+") != std::string::npos) {
      p.fail(ln,
             fmt::format("curve: '{}' is not a curve name (letters, digits, . _ - +)", r.curve));
    }
    r.cores = static_cast<uint32_t>(p.integer(ln, "cores", get("cores"), 1, 4096));
    const std::string lpc = get("lines_per_core"), cin = get("cin"), cout = get("cout");
    if (!lpc.empty() && (!cin.empty() || !cout.empty())) {
      p.fail(ln, "lines_per_core: give lines_per_core or cin and cout, not both");
    }
    if (!lpc.empty()) {
      r.lines_per_core = static_cast<uint32_t>(p.integer(ln, "lines_per_core", lpc, 1, UINT32_MAX));
    } else {
      if (cin.empty() && cout.empty()) {
        p.fail(ln, col.count("lines_per_core") != 0
                       ? "lines_per_core: empty (give lines_per_core, or cin and cout)"
                       : "cin: empty");
      }
      r.cin = p.integer(ln, "cin", cin, 1, UINT32_MAX);
      r.cout = p.integer(ln, "cout", cout, 1, UINT32_MAX);
      const uint64_t l = lines_for_shape(r.cin, r.cout);
      if (l == 0) {
        p.fail(ln, "cin: cin x cout exceeds 2^32-1 lines per core");
      }
      r.lines_per_core = static_cast<uint32_t>(l);
    }
    r.split = static_cast<uint32_t>(p.integer(ln, "split", get("split"), 1, r.lines_per_core));
    const std::string base = get("base_line");
    r.base_line =
        base.empty() ? 0 : static_cast<uint32_t>(p.integer(ln, "base_line", base, 0, UINT32_MAX));
    read_timing(p, ln, get("samples"), get("median"), get("count"), col.count("samples") != 0,
                scale, r);
    r.comment = get("comment");
    const std::string key =
        fmt::format("{}|{}|{}|{}|{}", r.curve, r.cores, r.lines_per_core, r.split, r.base_line);
    if (seen.count(key) != 0) {
      p.fail(ln, fmt::format("duplicate record: curve {}, {} cores, {} lines per core, split {}, "
                             "base_line {} is already on line {}",
                             r.curve, r.cores, r.lines_per_core, r.split, r.base_line, seen[key]));
    }
    seen[key] = ln;
    t.records.push_back(r);
  }
  if (t.records.empty()) {
    p.fail(static_cast<int>(lines.size()), "no records after the column row");
  }
  return t;
}

void refuse_repeated_records(const std::vector<Trace>& traces) {
  std::map<std::string, std::pair<const Trace*, int>> seen;
  for (const Trace& t : traces) {
    for (const TraceRecord& r : t.records) {
      const bool step = r.kind == RecordKind::kDecodeStep;
      const std::string key = step ? "step|" + trace_detail::step_record_key(r)
                                   : fmt::format("{}|{}|{}|{}|{}", r.curve, r.cores,
                                                 r.lines_per_core, r.split, r.base_line);
      const auto [it, fresh] = seen.emplace(key, std::make_pair(&t, r.line));
      if (!fresh && it->second.first != &t && step) {
        throw TraceError(fmt::format(
            "{}:{}: duplicate record: {} is already in {}:{} (each measurement once across the "
            "trace files)",
            printable(t.path), r.line, trace_detail::step_record_fields(r),
            printable(it->second.first->path), it->second.second));
      }
      if (!fresh && it->second.first != &t) {
        throw TraceError(fmt::format(
            "{}:{}: duplicate record: curve {}, {} cores, {} lines per core, split {}, base_line "
            "{} is already in {}:{} (each measurement once across the trace files)",
            printable(t.path), r.line, r.curve, r.cores, r.lines_per_core, r.split, r.base_line,
            printable(it->second.first->path), it->second.second));
      }
    }
  }
}

Trace read_trace_file(const std::string& path) {
  std::string why;
  const std::optional<std::string> text = read_text_file(path, kMaxTraceBytes, "trace file", why);
  if (!text) {
    throw TraceError(fmt::format("{}: {}", path, why));
  }
  return parse_trace(*text, path);
}

}  // namespace anesim
