// The records of a decode-step trace (`# records: decode-step`): one whole
// decoded token per record (docs/trace-format.md, "Decode-step records").
#include <algorithm>
#include <filesystem>
#include <map>

#include <fmt/format.h>

#include <anesim/analysis/trace/trace_fields.h>
#include <anesim/io/text_functions.h>

namespace anesim::trace_detail {

namespace {

const std::vector<std::string> kStepColumns = {"curve",   "model",  "split_policy", "programs",
                                               "samples", "median", "count",        "comment"};

bool plain_name(const std::string& s, const char* extra) {
  return !s.empty() &&
         s.find_first_not_of(std::string("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                         "0123456789") +
                             extra) == std::string::npos;
}

std::string normal_policy(const std::string& policy) {
  std::vector<std::string> entries = split_on(policy, ';');
  for (std::string& e : entries) {
    const size_t eq = e.find('=');
    if (eq != std::string::npos) {
      const size_t digits = e.find_first_not_of('0', eq + 1);
      e = e.substr(0, eq + 1) + (digits == std::string::npos ? "0" : e.substr(digits));
    }
  }
  std::sort(entries.begin(), entries.end());
  std::string out;
  for (const std::string& e : entries) {
    out += (out.empty() ? "" : ";") + e;
  }
  return out;
}

}  // namespace

std::string step_record_key(const TraceRecord& r) {
  const std::string model = std::filesystem::path(r.model).lexically_normal().string();
  return fmt::format("{}|{}|{}|{}", r.curve, model, normal_policy(r.split_policy), r.programs);
}

std::string step_record_fields(const TraceRecord& r) {
  return fmt::format("curve {}, model {}, split_policy {}, programs {}", printable(r.curve),
                     printable(r.model), printable(r.split_policy), r.programs);
}

void parse_step_records(const Parser& p, const std::vector<std::string>& lines, size_t first,
                        double us_per_unit, Trace& t) {
  const int column_line = static_cast<int>(first + 1);
  if (first >= lines.size() || trim(lines[first]).empty()) {
    p.fail(column_line, "missing column row (e.g. 'curve,model,split_policy,median')");
  }
  const std::vector<std::string> cols = split_on(lines[first], ',');
  std::map<std::string, size_t> col;
  for (size_t c = 0; c < cols.size(); ++c) {
    if (std::find(kStepColumns.begin(), kStepColumns.end(), cols[c]) == kStepColumns.end()) {
      p.fail(column_line,
             fmt::format("column '{}': unknown column of a decode-step file (known: {})", cols[c],
                         join(kStepColumns)));
    }
    if (!col.emplace(cols[c], c).second) {
      p.fail(column_line, fmt::format("column '{}': duplicate column", cols[c]));
    }
  }
  for (const char* need : {"curve", "model", "split_policy"}) {
    if (col.count(need) == 0) p.fail(column_line, fmt::format("missing column '{}'", need));
  }
  if (col.count("samples") == 0 && col.count("median") == 0) {
    p.fail(column_line, "missing column 'samples' (or 'median')");
  }
  if (col.count("count") != 0 && col.count("median") == 0) {
    p.fail(column_line, "column 'count': only with a 'median' column");
  }
  std::map<std::string, int> seen;
  for (size_t i = first + 1; i < lines.size(); ++i) {
    const int ln = static_cast<int>(i + 1);
    if (trim(lines[i]).empty()) continue;
    if (lines[i][0] == '#') p.fail(ln, "header lines ('#') must come before the column row");
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
    r.kind = RecordKind::kDecodeStep;
    r.line = ln;
    r.cores = 16;  // a whole step runs on every core; replay simulates one
    r.curve = get("curve");
    if (!plain_name(r.curve, "._-+")) {
      p.fail(ln,
             fmt::format("curve: '{}' is not a curve name (letters, digits, . _ - +)", r.curve));
    }
    r.model = get("model");
    if (!plain_name(r.model, "._-/")) {
      p.fail(ln, fmt::format("model: '{}' is not a preset name or a model file path", r.model));
    }
    r.split_policy = get("split_policy");
    if (!plain_name(r.split_policy, "_=;.-")) {
      p.fail(ln, fmt::format("split_policy: '{}' is not none, advised or PROJECTION=CHUNKS;...",
                             r.split_policy));
    }
    const std::string programs = get("programs");
    r.programs =
        programs.empty() ? 1 : static_cast<uint32_t>(p.integer(ln, "programs", programs, 1, 1000));
    read_timing(p, ln, get("samples"), get("median"), get("count"), col.count("samples") != 0,
                us_per_unit, r);
    r.comment = get("comment");
    const std::string key = step_record_key(r);
    if (seen.count(key) != 0) {
      p.fail(ln, fmt::format("duplicate record: {} is already on line {}", step_record_fields(r),
                             seen[key]));
    }
    seen[key] = ln;
    t.records.push_back(r);
  }
  if (t.records.empty()) p.fail(static_cast<int>(lines.size()), "no records after the column row");
}

}  // namespace anesim::trace_detail
