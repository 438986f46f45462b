#include <anesim/analysis/sweep/sweep_parts.h>

#include <fmt/format.h>

#include <anesim/analysis/sweep/sweep_text.h>
#include <anesim/io/count_text.h>
#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>
#include <sim/ring/ring_variant.h>

namespace anesim {

namespace {

std::string sweep_line(const SweepSpec& s) {
  std::string laps, variants;
  for (uint32_t k : s.laps) {
    laps += fmt::format("{}{}", laps.empty() ? "" : ",", k);
  }
  for (RingVariant v : s.variants) {
    variants += fmt::format("{}{}", variants.empty() ? "" : ",", variant_name(v));
  }
  return fmt::format(
      "axis={} values={}:{}:{} laps={} variants={} lines={} cin={} cout={} cores={} split={} "
      "base_line={}",
      axis_name(s.axis), s.values.front(), s.values.back(), s.step, laps, variants, s.lines, s.cin,
      s.cout, s.cores, s.split, s.base_line);
}

// Reads the `sweep:` line back; nothing when it is not one sweep_line wrote.
bool parse_sweep_line(const std::string& text, SweepSpec& s) {
  std::vector<std::string> v;
  for (const std::string& word : split_text(text, ' ')) {
    const size_t eq = word.find('=');
    if (eq == std::string::npos) {
      return false;
    }
    v.push_back(word.substr(eq + 1));
  }
  if (v.size() != 10) {
    return false;
  }
  bool found = false;
  for (SweepAxis a : {SweepAxis::kLines, SweepAxis::kX, SweepAxis::kCin, SweepAxis::kCout,
                      SweepAxis::kCores, SweepAxis::kSplit}) {
    if (v[0] == axis_name(a)) {
      s.axis = a;
      found = true;
    }
  }
  const std::vector<std::string> range = split_text(v[1], ':');
  if (!found || range.size() != 3) {
    return false;
  }
  auto integer = [](const std::string& t, int64_t& out) {
    uint64_t m = 0;
    const bool neg = !t.empty() && t[0] == '-';
    if (read_count(neg ? t.substr(1) : t, 0, UINT32_MAX, m) != CountStatus::kOk) {
      return false;
    }
    out = neg ? -static_cast<int64_t>(m) : static_cast<int64_t>(m);
    return true;
  };
  int64_t first = 0, last = 0;
  if (!integer(range[0], first) || !integer(range[1], last) || !integer(range[2], s.step) ||
      s.step < 1 || last < first || (last - first) / s.step >= 100000) {
    return false;
  }
  s.values = evenly_spaced(first, last, s.step);
  s.laps.clear();
  s.variants.clear();
  for (const std::string& k : split_text(v[2], ',')) {
    uint64_t lap = 0;
    if (read_count(k, 0, 0x3ffff, lap) != CountStatus::kOk) {
      return false;
    }
    s.laps.push_back(static_cast<uint32_t>(lap));
  }
  for (const std::string& name : split_text(v[3], ',')) {
    const std::optional<RingVariant> variant = find_variant(name);
    if (!variant) {
      return false;
    }
    s.variants.push_back(*variant);
  }
  uint64_t n[6] = {};
  for (int i = 0; i < 6; ++i) {
    if (read_count(v[4 + i], 0, UINT32_MAX, n[i]) != CountStatus::kOk) {
      return false;
    }
  }
  s.lines = static_cast<uint32_t>(n[0]);
  s.cin = n[1];
  s.cout = n[2];
  s.cores = static_cast<uint32_t>(n[3]);
  s.split = static_cast<uint32_t>(n[4]);
  s.base_line = static_cast<uint32_t>(n[5]);
  return sweep_line(s) == text;  // only the canonical spelling
}

}  // namespace

HeaderLines sweep_batch_lines(const SweepSpec& spec, const MachineConfig& cfg) {
  return {{"sweep", sweep_line(spec)}, config_identity(cfg, spec.config)};
}

std::string sweep_part(const SweepResult& r, const MachineConfig& cfg) {
  std::string out = part_header("sweep", sweep_batch_lines(r.spec, cfg), r.config_name,
                                r.total_points, r.shard, r.rows.size(), sweep_csv_columns());
  for (size_t i = 0; i < r.rows.size(); ++i) {
    out += fmt::format("{},{}\n", r.points[i], sweep_csv_row(r, r.rows[i]));
  }
  return seal_part(out);
}

SweepResult merge_sweep_parts(const std::vector<PartFile>& parts) {
  const std::vector<const PartFile*> shards = one_sharding(parts);
  const PartFile& first = *shards[0];
  SweepResult r;
  if (!parse_sweep_line(first.value("sweep"), r.spec)) {
    first.fail(0, fmt::format("malformed 'sweep:' line '{}'", printable(first.value("sweep"))));
  }
  const std::string& config = first.value("config");
  uint64_t cores = 0;
  if (config.rfind("ane_cores=", 0) != 0 ||
      read_count(config.substr(10, config.find(' ') - 10), 1, 16, cores) != CountStatus::kOk) {
    first.fail(0, fmt::format("malformed 'config:' line '{}'", printable(config)));
  }
  r.ane_cores = static_cast<uint32_t>(cores);
  r.config_name = first.config_name;
  try {
    r.rows = sweep_rows(r.spec, r.ane_cores);
  } catch (const UsageError& e) {
    first.fail(0, fmt::format("the sweep in the header cannot run: {}", e.what()));
  }
  r.total_points = r.rows.size();
  for (size_t i = 0; i < r.rows.size(); ++i) {
    r.points.push_back(i);
  }
  const std::vector<std::string> columns = split_text(sweep_csv_columns(), ',');
  for (const PartFile* part : shards) {
    const PartFile& f = *part;
    if (f.points != r.rows.size()) {
      f.fail(0, fmt::format("'points: {}' but the sweep in the header has {} points", f.points,
                            r.rows.size()));
    }
    if (f.columns != columns) {
      f.fail(0, fmt::format("the columns are not the sweep CSV's ({})", sweep_csv_columns()));
    }
    for (const PartRow& pr : f.rows) {
      SweepRow& row = r.rows[pr.point];
      SimPointResult& s = row.result;
      s.ok = true;
      s.k = part_integer(f, pr, 3);
      s.x = part_integer(f, pr, 4);
      s.time_us = part_number(f, pr, 11);
      s.gbps = part_number(f, pr, 12);
      s.lines_prefetched = part_count(f, pr, 14, UINT64_MAX);
      s.lines_demand = part_count(f, pr, 15, UINT64_MAX);
      s.notch = part_count(f, pr, 16, 1) == 1;
      if (!(s.time_us > 0)) {
        f.fail(pr.line, "time_us: not above 0");
      }
      row.ane_gbps = ane_gbps(r.ane_cores, row);
      // Every byte of the row must be what this point prints: then the
      // merged CSV is the unsharded one.
      std::string text;
      for (const std::string& field : pr.fields) {
        text += (text.empty() ? "" : ",") + field;
      }
      const std::string expected = sweep_csv_row(r, row);
      if (text != expected) {
        f.fail(pr.line, fmt::format("the row is not the sweep's point {}: '{}' (expected '{}')",
                                    pr.point, printable(text, 160), printable(expected, 160)));
      }
    }
  }
  return r;
}

}  // namespace anesim
