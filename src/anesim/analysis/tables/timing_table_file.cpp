// A timing table's file (timing_table.h): its JSON, the checks a read table
// must pass (shape, checksum, physics), one set of parts per drain rate.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include <anesim/analysis/tables/content_hash.h>
#include <anesim/analysis/tables/timing_table.h>
#include <anesim/io/errors.h>
#include <sim/ring/geometry.h>
#include <sim/ring/ring_variant.h>

namespace anesim {

namespace {

// The curve of one task on the fixed ring is stored under that ring's name.
const char* fixed_ring_key() { return variant_name(RingVariant::kFix); }

constexpr const char* kFormat = "anesim-timing-table/3";

// The checksum over a table's numbers: of its JSON without the checksum.
std::string numbers_checksum(Json j) {
  j.erase("checksum");
  return content_hash(j.dump());
}

// The sampled parts of one table (a drained table has these alone).
Json parts_json(const TimingTable& t) {
  Json j;
  j[fixed_ring_key()] = t.fix;
  Json split = Json::object();
  for (const auto& [s, c] : t.split_extra) split[std::to_string(s)] = c;
  j["split_extra"] = split;
  j["notch_k"] = t.notch_k;
  j["notch_x"] = t.notch_x;
  Json rows = Json::array();
  for (const auto& row : t.notch) {
    Json r = Json::array();
    for (const NotchPoint& p : row)
      r.push_back(Json::array({p.chip_us, p.fix_us, p.fix_simulated}));
    rows.push_back(r);
  }
  j["notch"] = rows;
  j["aligned_extra"] = t.aligned_extra;
  if (!t.off_lap_extra.empty()) j["off_lap_extra"] = t.off_lap_extra;
  return j;
}

void parse_parts(const Json& j, TimingTable& t) {
  t.fix = j.at(fixed_ring_key()).get<TimeCurve>();
  for (const auto& [s, c] : j.at("split_extra").items()) {
    t.split_extra[static_cast<uint32_t>(std::stoul(s))] = c.get<TimeCurve>();
  }
  t.notch_k = j.at("notch_k").get<std::vector<uint32_t>>();
  t.notch_x = j.at("notch_x").get<std::vector<int64_t>>();
  for (const Json& row : j.at("notch")) {
    std::vector<NotchPoint> r;
    for (const Json& p : row)
      r.push_back({p.at(0).get<double>(), p.at(1).get<double>(), p.at(2).get<bool>()});
    t.notch.push_back(r);
  }
  t.aligned_extra = j.at("aligned_extra").get<std::vector<double>>();
  if (j.contains("off_lap_extra")) {
    t.off_lap_extra = j.at("off_lap_extra").get<std::vector<double>>();
  }
}

bool shapes_ok(const TimingTable& t) {
  const bool notch_ok =
      t.chip == RingVariant::kFix ||
      (!t.notch_k.empty() && !t.notch_x.empty() &&
       std::is_sorted(t.notch_k.begin(), t.notch_k.end()) &&
       std::is_sorted(t.notch_x.begin(), t.notch_x.end()) && t.notch.size() == t.notch_k.size() &&
       t.notch_k.back() == t.notch_max_k && t.aligned_extra.size() == t.notch_max_k &&
       t.off_lap_extra.size() == (start_sensitive(t.chip) ? t.notch_max_k : 0) &&
       std::all_of(t.notch.begin(), t.notch.end(),
                   [&t](const auto& r) { return r.size() == t.notch_x.size(); }));
  return !t.fix.empty() && std::is_sorted(t.fix.begin(), t.fix.end()) && notch_ok;
}

}  // namespace

Json timing_table_json(const TimingTable& t) {
  Json j = parts_json(t);
  j["format"] = kFormat;
  j["description"] = t.description;
  j["description_hash"] = t.description_hash;
  j["model_version"] = t.model_version;
  j["chip"] = variant_name(t.chip);
  j["max_lines"] = t.max_lines;
  j["notch_max_k"] = t.notch_max_k;
  Json drained = Json::array();
  for (const TimingTable& d : t.drained) {
    Json p = parts_json(d);
    p["drain_cycles_per_line"] = d.drain_cycles_per_line;
    p["formats"] = d.drained_formats;
    drained.push_back(p);
  }
  j["drained"] = drained;
  j["checksum"] = numbers_checksum(j);
  return j;
}

TimingTable parse_timing_table(const std::string& text, const std::string& origin) {
  TimingTable t;
  try {
    const Json j = Json::parse(text);
    if (j.at("format").get<std::string>() != kFormat) {
      throw InputError(fmt::format("{}: format '{}', expected '{}'", origin,
                                   printable(j.at("format").get<std::string>()), kFormat));
    }
    // Edited numbers, or a damaged file, do not match the checksum.
    if (j.at("checksum").get<std::string>() != numbers_checksum(j)) {
      throw InputError(
          fmt::format("{}: checksum: does not match the table's numbers (edited or "
                      "damaged)",
                      origin));
    }
    t.description = j.at("description").get<std::string>();
    t.description_hash = j.at("description_hash").get<std::string>();
    t.model_version = j.at("model_version").get<std::string>();
    const std::optional<RingVariant> chip = find_variant(j.at("chip").get<std::string>());
    if (!chip) throw InputError(fmt::format("{}: chip: unknown ring variant", origin));
    t.chip = *chip;
    t.max_lines = j.at("max_lines").get<uint64_t>();
    t.notch_max_k = j.at("notch_max_k").get<uint32_t>();
    parse_parts(j, t);
    for (const Json& p : j.at("drained")) {
      TimingTable d;
      d.chip = t.chip;
      d.max_lines = t.max_lines;
      d.notch_max_k = t.notch_max_k;
      d.drain_cycles_per_line = p.at("drain_cycles_per_line").get<double>();
      d.drained_formats = p.at("formats").get<std::vector<std::string>>();
      if (!std::isfinite(d.drain_cycles_per_line) || d.drain_cycles_per_line <= 0) {
        throw InputError(fmt::format("{}: drained[{}].drain_cycles_per_line: {} is not a rate",
                                     origin, t.drained.size(), d.drain_cycles_per_line));
      }
      parse_parts(p, d);
      t.drained.push_back(std::move(d));
    }
  } catch (const Json::exception& e) {
    throw InputError(fmt::format("{}: not a timing table: {}", origin, e.what()));
  } catch (const std::logic_error& e) {
    throw InputError(fmt::format("{}: not a timing table: {}", origin, e.what()));
  }
  if (!shapes_ok(t) || !std::all_of(t.drained.begin(), t.drained.end(), shapes_ok))
    throw InputError(fmt::format("{}: not a timing table: inconsistent sizes", origin));
  return t;
}

namespace {

// `t`'s times, each checked by `check(field, lines, us)`; `at` prefixes the
// field names of a drained table.
template <class Check>
void check_parts(const TimingTable& t, const std::string& at, const Check& check) {
  for (size_t i = 0; i < t.fix.size(); ++i) {
    check(fmt::format("{}{}[{}]", at, fixed_ring_key(), i), t.fix[i].first, t.fix[i].second);
  }
  for (const auto& [s, c] : t.split_extra) {
    for (size_t i = 0; i < c.size(); ++i) {
      check(fmt::format("{}split_extra.{}[{}]", at, s, i), c[i].first,
            interpolate(t.fix, c[i].first) + c[i].second);
    }
  }
  for (size_t ki = 0; ki < t.notch.size(); ++ki) {
    for (size_t xi = 0; xi < t.notch[ki].size(); ++xi) {
      const uint64_t lines =
          static_cast<uint64_t>(int64_t{t.notch_k[ki]} * kRingLines + t.notch_x[xi]);
      const std::string where = fmt::format("{}notch[{}][{}]", at, ki, xi);
      check(where + "[0]", lines, t.notch[ki][xi].chip_us);
      check(where + "[1]", lines, t.notch[ki][xi].fix_us);
    }
  }
  for (size_t k = 0; k < t.aligned_extra.size(); ++k) {
    const uint64_t lines = (k + 1) * uint64_t{kRingLines};
    check(fmt::format("{}aligned_extra[{}]", at, k), lines,
          interpolate(t.fix, lines) + t.aligned_extra[k]);
  }
  for (size_t k = 0; k < t.off_lap_extra.size(); ++k) {
    const uint64_t lines = (k + 1) * uint64_t{kRingLines};
    check(fmt::format("{}off_lap_extra[{}]", at, k), lines,
          interpolate(t.fix, lines) + t.off_lap_extra[k]);
  }
}

}  // namespace

void check_table_physics(const TimingTable& t, const MachineConfig& cfg,
                         const std::string& origin) {
  // The fastest any transfer can be: all cores' bytes at the memory's peak
  // (1 % slack for the ends of a transfer).
  const double peak = cfg.peak_gbps();
  const auto check = [&](const std::string& field, uint64_t lines, double us) {
    const double floor_us = static_cast<double>(lines) * 64.0 * cfg.ane.cores / peak / 1e3;
    // At most 1e12 us (11 days): no transfer takes that long, and sums of
    // such times stay finite.
    if (!std::isfinite(us) || us <= 0 || us > 1e12) {
      throw ConfigError(
          fmt::format("{}: {}: {} us for {} lines per core: a time must be "
                      "positive, finite and at most 1e12 us",
                      origin, field, us, lines));
    }
    if (us * 1.01 < floor_us) {
      throw ConfigError(fmt::format(
          "{}: {}: {} us for {} lines per core is {:.1f} GB/s, above the memory's peak of "
          "{:.1f} GB/s",
          origin, field, us, lines, static_cast<double>(lines) * 64.0 * cfg.ane.cores / (us * 1e3),
          peak));
    }
  };
  check_parts(t, "", check);
  for (size_t i = 0; i < t.drained.size(); ++i) {
    check_parts(t.drained[i], fmt::format("drained[{}].", i), check);
  }
}

}  // namespace anesim
