#include <anesim/analysis/batch/part_file.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>

#include <fmt/format.h>

#include <anesim/io/count_text.h>
#include <anesim/io/errors.h>
#include <anesim/io/text_file.h>
#include <anesim/io/text_functions.h>
#include <anesim/machine/builtin_config.h>

namespace anesim {

namespace {

// A part of a 100000-point batch is about 15 MB.
constexpr size_t kMaxPartBytes = size_t{64} << 20;
constexpr int kPartFormat = 1;

std::string escape_value(const std::string& text) {
  std::string out;
  for (const char c : text) {
    const auto ch = static_cast<unsigned char>(c);
    if (c == '\\') {
      out += "\\\\";
    } else if (ch < 0x20 || ch == 0x7f) {
      out += fmt::format("\\x{:02x}", ch);
    } else {
      out += c;
    }
  }
  return out;
}

bool unescape_value(const std::string& text, std::string& out) {
  out.clear();
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\') {
      out += text[i];
    } else if (i + 1 < text.size() && text[i + 1] == '\\') {
      out += '\\';
      ++i;
    } else if (i + 3 < text.size() && text[i + 1] == 'x' &&
               std::isxdigit(static_cast<unsigned char>(text[i + 2])) &&
               std::isxdigit(static_cast<unsigned char>(text[i + 3]))) {
      out += static_cast<char>(std::stoi(text.substr(i + 2, 2), nullptr, 16));
      i += 3;
    } else {
      return false;
    }
  }
  return true;
}

constexpr const char* kChecksumPrefix = "# rows_fnv1a: ";

bool per_part_key(const std::string& key) {
  return key == "config_name" || key == "shard" || key == "rows";
}

std::string quoted_text(const std::string& text) { return "'" + printable(text, 120) + "'"; }

std::string trim_right(std::string text) {
  while (!text.empty() && text.back() == ' ') {
    text.pop_back();
  }
  return text;
}

// "sweep: cores=1 against cores=2": the first word that differs.
std::string first_difference(const std::pair<std::string, std::string>& a,
                             const std::pair<std::string, std::string>& b) {
  if (a.first != b.first) {
    return fmt::format("'{}:' against '{}:'", a.first, b.first);
  }
  const std::vector<std::string> x = split_text(a.second, ' ');
  const std::vector<std::string> y = split_text(b.second, ' ');
  size_t i = 0;
  while (i < x.size() && i < y.size() && x[i] == y[i]) {
    ++i;
  }
  return fmt::format("{}: {} against {}", a.first, quoted_text(i < x.size() ? x[i] : "(end)"),
                     quoted_text(i < y.size() ? y[i] : "(end)"));
}

}  // namespace

const std::string& PartFile::value(const std::string& key) const {
  for (const auto& [k, v] : batch) {
    if (k == key) {
      return v;
    }
  }
  fail(0, fmt::format("the header has no '{}:' line", key));
}

void PartFile::fail(int line, const std::string& what) const {
  throw InputError(line > 0 ? fmt::format("{}:{}: {}", path, line, what)
                            : fmt::format("{}: {}", path, what));
}

std::string part_header(const std::string& kind, const HeaderLines& batch,
                        const std::string& config_name, uint64_t points, const Shard& shard,
                        size_t rows, const std::string& columns) {
  std::string out = fmt::format("# anesim {} part {}\n", kind, kPartFormat);
  for (const auto& [key, value] : batch) {
    out += fmt::format("# {}: {}\n", key, escape_value(value));
  }
  out += fmt::format("# points: {}\n# config_name: {}\n# shard: {}\n# rows: {}\npoint,{}\n", points,
                     escape_value(config_name), shard_text(shard), rows, columns);
  return out;
}

std::string seal_part(std::string part) {
  const size_t columns = part.find("\npoint,");
  const size_t rows = columns == std::string::npos ? part.size() : part.find('\n', columns + 1) + 1;
  part += kChecksumPrefix + text_fingerprint(part.substr(rows)) + "\n";
  return part;
}

PartFile read_part_file(const std::string& path) {
  PartFile f;
  f.path = path;
  std::string why;
  const std::optional<std::string> text = read_text_file(path, kMaxPartBytes, "part file", why);
  if (!text) {
    f.fail(0, why);
  }
  if (!text->empty() && text->back() != '\n') {
    f.fail(0, "the file does not end with a newline (cut short?)");
  }
  std::vector<std::string> lines = split_text(*text, '\n');
  lines.pop_back();  // after the last newline
  const std::string magic = lines.empty() ? std::string() : lines[0];
  std::string version;
  for (const char* kind : {"sweep", "replay"}) {
    const std::string prefix = fmt::format("# anesim {} part ", kind);
    if (magic.rfind(prefix, 0) == 0) {
      f.kind = kind;
      version = magic.substr(prefix.size());
    }
  }
  if (f.kind.empty()) {
    f.fail(1,
           "not an anesim part file (expected '# anesim sweep part 1' or "
           "'# anesim replay part 1', as `anesim sweep|replay --shard I/N --csv` writes)");
  }
  if (version != std::to_string(kPartFormat)) {
    f.fail(1, fmt::format("part format {} (this anesim reads format {})", quoted_text(magic),
                          kPartFormat));
  }
  std::map<std::string, std::string> once;
  size_t at = 1;
  for (; at < lines.size() && lines[at].rfind("# ", 0) == 0; ++at) {
    const int ln = static_cast<int>(at) + 1;
    const size_t colon = lines[at].find(": ", 2);
    std::string value;
    if (colon == std::string::npos || !unescape_value(lines[at].substr(colon + 2), value)) {
      f.fail(ln, fmt::format("malformed header line {} (expected '# key: value')",
                             quoted_text(lines[at])));
    }
    const std::string key = lines[at].substr(2, colon - 2);
    if (per_part_key(key) || key == "points") {
      if (!once.emplace(key, value).second) {
        f.fail(ln, fmt::format("'{}:' given twice", key));
      }
    }
    if (!per_part_key(key)) {
      f.batch.emplace_back(key, value);
    }
  }
  for (const char* key : {"points", "config_name", "shard", "rows"}) {
    if (once.count(key) == 0) {
      f.fail(0, fmt::format("the header has no '{}:' line", key));
    }
  }
  uint64_t rows = 0;
  const std::optional<Shard> shard = read_shard(once["shard"]);
  if (!shard || read_count(once["points"], 0, UINT32_MAX, f.points) != CountStatus::kOk ||
      read_count(once["rows"], 0, UINT32_MAX, rows) != CountStatus::kOk) {
    f.fail(0, fmt::format("bad 'points:', 'shard:' or 'rows:' ({}, {}, {})",
                          quoted_text(once["points"]), quoted_text(once["shard"]),
                          quoted_text(once["rows"])));
  }
  f.shard = *shard;
  f.config_name = once["config_name"];
  if (at == lines.size() || lines[at].rfind("point,", 0) != 0) {
    f.fail(static_cast<int>(at) + 1, "expected the column line 'point,...' after the header");
  }
  f.columns = split_text(lines[at].substr(6), ',');
  // The rows' checksum closes the file.
  if (lines.size() == at + 1 || lines.back().rfind(kChecksumPrefix, 0) != 0) {
    f.fail(static_cast<int>(lines.size()),
           fmt::format("the part does not end with its '{}' line (cut short, or not written by "
                       "anesim --shard)",
                       trim_right(kChecksumPrefix)));
  }
  {
    std::string rows_text;
    for (size_t k = at + 1; k + 1 < lines.size(); ++k) {
      rows_text += lines[k] + "\n";
    }
    const std::string recorded = lines.back().substr(std::string(kChecksumPrefix).size());
    if (recorded != text_fingerprint(rows_text)) {
      f.fail(static_cast<int>(lines.size()),
             fmt::format("the rows do not match their checksum (rows_fnv1a {} recorded, {} "
                         "computed): a row was edited or damaged; regenerate this shard",
                         quoted_text(recorded), text_fingerprint(rows_text)));
    }
  }
  lines.pop_back();
  for (++at; at < lines.size(); ++at) {
    PartRow r;
    r.line = static_cast<int>(at) + 1;
    r.fields = split_text(lines[at], ',');
    if (r.fields.size() != f.columns.size() + 1) {
      f.fail(r.line, fmt::format("{} fields, expected {}", r.fields.size(), f.columns.size() + 1));
    }
    uint64_t point = 0;
    if (read_count(r.fields[0], 0, f.points == 0 ? 0 : f.points - 1, point) != CountStatus::kOk) {
      f.fail(r.line, f.points == 0 ? fmt::format("point: {}: the batch has no points ('# points: "
                                                 "0')",
                                                 quoted_text(r.fields[0]))
                                   : fmt::format("point: {} is not a point of this batch (0 .. {})",
                                                 quoted_text(r.fields[0]), f.points - 1));
    }
    r.point = point;
    if (!in_shard(r.point, f.shard) || (!f.rows.empty() && r.point <= f.rows.back().point)) {
      f.fail(r.line, fmt::format("point {} is out of order or not in shard {}", r.point,
                                 shard_text(f.shard)));
    }
    r.fields.erase(r.fields.begin());
    f.rows.push_back(std::move(r));
  }
  const size_t expected = shard_points(f.points, f.shard).size();
  if (f.rows.size() != rows || rows != expected) {
    f.fail(0, fmt::format("{} rows, but shard {} of {} points has {} (header says {})",
                          f.rows.size(), shard_text(f.shard), f.points, expected, rows));
  }
  return f;
}

std::vector<const PartFile*> one_sharding(const std::vector<PartFile>& parts) {
  const PartFile& first = parts.at(0);
  std::vector<const PartFile*> by_shard(first.shard.count, nullptr);
  for (const PartFile& p : parts) {
    if (p.kind != first.kind) {
      throw InputError(fmt::format("{} is a {} part but {} is a {} part: merge one batch at a time",
                                   p.path, p.kind, first.path, first.kind));
    }
    for (size_t i = 0; i < std::max(p.batch.size(), first.batch.size()); ++i) {
      const auto none = std::make_pair(std::string("(none)"), std::string());
      const auto& a = i < first.batch.size() ? first.batch[i] : none;
      const auto& b = i < p.batch.size() ? p.batch[i] : none;
      if (a != b) {
        throw InputError(fmt::format("{} and {} are parts of different {}s: {}", first.path, p.path,
                                     first.kind, first_difference(a, b)));
      }
    }
    if (p.shard.count != first.shard.count) {
      throw InputError(fmt::format("{} is shard {} but {} is shard {}: parts of different cuts",
                                   first.path, shard_text(first.shard), p.path,
                                   shard_text(p.shard)));
    }
    const PartFile*& slot = by_shard[p.shard.index - 1];
    if (slot != nullptr) {
      throw InputError(
          fmt::format("shard {} given twice: {} and {}", shard_text(p.shard), slot->path, p.path));
    }
    slot = &p;
  }
  std::string missing;
  size_t count = 0;
  for (uint32_t i = 0; i < first.shard.count; ++i) {
    if (by_shard[i] == nullptr && ++count <= 10) {
      missing +=
          fmt::format("{}{}", missing.empty() ? "" : ", ", shard_text({i + 1, first.shard.count}));
    }
  }
  if (count != 0) {
    throw InputError(fmt::format("{} of {} shards missing: {}{} (given: {} parts, e.g. {})", count,
                                 first.shard.count, missing, count > 10 ? ", ..." : "",
                                 parts.size(), first.path));
  }
  return by_shard;
}

std::pair<std::string, std::string> config_identity(const MachineConfig& cfg,
                                                    const std::string& path) {
  std::string text = kBuiltinConfigYaml;
  if (!path.empty()) {
    std::string why;
    const std::optional<std::string> file =
        read_text_file(path, size_t{1} << 20, "config file", why);
    if (!file) {
      throw ConfigError(fmt::format("{}: {}", path, why));
    }
    text = *file;
  }
  return {"config", fmt::format("ane_cores={} fnv1a64={}", cfg.ane.cores, text_fingerprint(text))};
}

std::string text_fingerprint(const std::string& text) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : text) {
    h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
  }
  return fmt::format("{:016x}", h);
}

uint64_t part_count(const PartFile& f, const PartRow& r, size_t column, uint64_t max) {
  uint64_t v = 0;
  if (read_count(r.fields[column], 0, max, v) != CountStatus::kOk) {
    f.fail(r.line, fmt::format("{}: {} is not a count within 0 .. {}", f.columns[column],
                               quoted_text(r.fields[column]), max));
  }
  return v;
}

int64_t part_integer(const PartFile& f, const PartRow& r, size_t column) {
  const std::string& s = r.fields[column];
  const bool neg = !s.empty() && s[0] == '-';
  uint64_t v = 0;
  if (read_count(neg ? s.substr(1) : s, 0, uint64_t{INT64_MAX}, v) != CountStatus::kOk) {
    f.fail(r.line, fmt::format("{}: {} is not an integer", f.columns[column], quoted_text(s)));
  }
  return neg ? -static_cast<int64_t>(v) : static_cast<int64_t>(v);
}

double part_number(const PartFile& f, const PartRow& r, size_t column) {
  const std::string& s = r.fields[column];
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || !std::isfinite(v) ||
      std::isspace(static_cast<unsigned char>(s[0]))) {
    f.fail(r.line, fmt::format("{}: {} is not a number", f.columns[column], quoted_text(s)));
  }
  return v;
}

}  // namespace anesim
