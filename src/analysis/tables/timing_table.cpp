#include <anesim/analysis/tables/timing_table.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include <fmt/format.h>

#include <anesim/analysis/tables/content_hash.h>
#include <anesim/analysis/tables/notch_rules.h>
#include <anesim/analysis/tables/table_laws.h>
#include <anesim/io/errors.h>
#include <anesim/sim/core/workload.h>
#include <anesim/sim/ring/geometry.h>

namespace anesim {

namespace {

// The curve of one task on the fixed ring is stored under that ring's name.
const char* fixed_ring_key() { return variant_name(RingVariant::kFix); }

constexpr const char* kFormat = "anesim-timing-table/2";

// The checksum over a table's numbers: of its JSON without the checksum.
std::string numbers_checksum(Json j) {
  j.erase("checksum");
  return content_hash(j.dump());
}

bool in_v(const LapPosition& p) {
  return p.k >= 1 && std::llabs(p.x) < static_cast<int64_t>(kPageLines);
}

// Index of the last sampled value <= v (values ascending, v within them).
template <class T>
size_t bracket(const std::vector<T>& values, T v) {
  const auto it = std::upper_bound(values.begin(), values.end(), v);
  return it == values.begin() ? 0 : static_cast<size_t>(it - values.begin()) - 1;
}

double lerp(double a, double b, double t) { return a + (b - a) * t; }

// Exact decision at a sampled (k, x) grid point.
bool grid_affected(const NotchPoint& p) { return costs_time(p.chip_us, p.fix_us); }

}  // namespace

double interpolate(const TimeCurve& c, uint64_t lines) {
  const auto it = std::lower_bound(c.begin(), c.end(), lines,
                                   [](const auto& p, uint64_t l) { return p.first < l; });
  if (it == c.end()) return c.back().second;
  if (it->first == lines || it == c.begin()) return it->second;
  const auto& a = *(it - 1);
  const double f = static_cast<double>(lines - a.first) / static_cast<double>(it->first - a.first);
  return lerp(a.second, it->second, f);
}

namespace {

// A table answers only with a time a simulation could give: an
// interpolation that is not positive and finite (a damaged or hostile table
// that passed the checks at its samples) is simulated instead.
std::optional<double> plausible(std::optional<double> us) {
  if (us && (!std::isfinite(*us) || *us <= 0)) return std::nullopt;
  return us;
}

}  // namespace

std::optional<double> TimingTable::single(RingVariant v, uint64_t lines) const {
  return plausible(single_unchecked(v, lines));
}

std::optional<double> TimingTable::single_unchecked(RingVariant v, uint64_t lines) const {
  if (lines == 0 || fix.empty() || lines < fix.front().first) return std::nullopt;
  if (v != RingVariant::kFix && v != chip) return std::nullopt;
  const LapPosition p = lap_position(lines);
  const std::optional<double> f = fixed_ring_time(*this, lines);  // past max_lines: steady
  if (!f || !in_v(p) || chip == RingVariant::kFix) return f;
  if (v == RingVariant::kFix) {
    if (p.k <= notch_max_k && p.x != 0) {
      const size_t ki = bracket(notch_k, static_cast<uint32_t>(p.k));
      const size_t xi = bracket(notch_x, p.x);
      if (notch_k[ki] == p.k && notch_x[xi] == p.x && notch[ki][xi].fix_simulated) {
        return notch[ki][xi].fix_us;
      }
    }
    return f;
  }
  if (p.x == 0) {
    const std::optional<double> e = per_lap_series(aligned_extra, p.k);  // past it: per lap
    return e ? std::optional<double>(*f + *e) : std::nullopt;
  }
  if (p.k <= notch_max_k) {
    const size_t ki = bracket(notch_k, static_cast<uint32_t>(p.k));
    const size_t xi = bracket(notch_x, p.x);
    if (notch_k[ki] == p.k && notch_x[xi] == p.x && notch[ki][xi].fix_simulated) {
      return notch[ki][xi].chip_us;
    }
  }
  const std::optional<double> e = notch_extra_time(*this, p.k, p.x);
  return e ? std::optional<double>(*f + *e) : std::nullopt;
}

bool start_sensitive(RingVariant v) {
  return variant_info(v).relatch_at_wrap != Relatch::RelatchNever;
}

std::optional<double> TimingTable::single_at(RingVariant v, uint64_t lines,
                                             uint64_t start_line) const {
  return plausible(single_at_unchecked(v, lines, start_line));
}

std::optional<double> TimingTable::single_at_unchecked(RingVariant v, uint64_t lines,
                                                       uint64_t start_line) const {
  if (v != chip || !start_sensitive(chip) || start_line % kRingLines == 0) return single(v, lines);
  const LapPosition p = lap_position(lines);
  if (!in_v(p)) return single(v, lines);
  // Re-derived at every wrap, the grant changes where the first wrap falls:
  // that depends on the start for every x, which the table does not sample.
  if (variant_info(chip).relatch_at_wrap == Relatch::RelatchAtEveryWrap) return std::nullopt;
  // The other repairs are armed only by a whole number of laps (x = 0).
  if (p.x != 0) return single(v, lines);
  const std::optional<double> f = fixed_ring_time(*this, lines);
  const std::optional<double> e = per_lap_series(off_lap_extra, p.k);
  if (!f || !e) return std::nullopt;
  return *f + *e;
}

std::optional<bool> TimingTable::affected(uint64_t lines) const {
  if (below_first_lap(lines)) return false;
  const LapPosition p = lap_position(lines);
  if (!in_v(p) || chip == RingVariant::kFix) return false;
  const size_t ki = bracket(notch_k, static_cast<uint32_t>(std::min<uint64_t>(p.k, notch_max_k)));
  const size_t xi = bracket(notch_x, p.x);
  if (p.x != 0 && notch_x[xi] == p.x) {
    const bool lo = grid_affected(notch[ki][xi]);
    if (notch_k[ki] == p.k) return lo;
    // Past the last sampled lap the per-lap law holds (table_laws.h): the
    // decision is the last two laps' where they agree.
    if (p.k > notch_max_k) {
      if (ki == 0 || grid_affected(notch[ki - 1][xi]) != lo) return std::nullopt;
      return lo;
    }
    // Between two sampled laps the decision is the same when both agree
    // (the erratum's relative cost at one x moves monotonically with k).
    if (ki + 1 == notch_k.size() || grid_affected(notch[ki + 1][xi]) != lo) return std::nullopt;
    return lo;
  }
  const std::optional<double> c = single(chip, lines), f = single(RingVariant::kFix, lines);
  if (!c || !f) return std::nullopt;
  return costs_time(*c, *f);
}

std::optional<double> TimingTable::split(const std::vector<uint32_t>& tasks) const {
  return plausible(split_unchecked(tasks));
}

std::optional<double> TimingTable::split_unchecked(const std::vector<uint32_t>& tasks) const {
  const auto it = split_extra.find(static_cast<uint32_t>(tasks.size()));
  if (it == split_extra.end() || it->second.empty()) return std::nullopt;
  uint64_t total = 0;
  uint32_t lo = UINT32_MAX, hi = 0;
  for (uint32_t t : tasks) {
    const LapPosition p = lap_position(t);
    if (t == 0 || (!below_first_lap(t) && in_v(p))) return std::nullopt;
    total += t;
    lo = std::min(lo, t);
    hi = std::max(hi, t);
  }
  // Near-equal chunks, as advise cuts them (a few input channels cut
  // unevenly differ by up to 5 %, within 0.02 % of their simulated time);
  // any other mix is simulated.
  if (hi - lo > hi / 16 + 1) return std::nullopt;
  if (total < it->second.front().first) return std::nullopt;
  // Past the samples the split's extra is its last (dispatches and ramps,
  // a few us, that do not grow with the payload).
  const std::optional<double> f = fixed_ring_time(*this, total);
  if (!f) return std::nullopt;
  return *f + interpolate(it->second, total);
}

Json timing_table_json(const TimingTable& t) {
  Json j;
  j["format"] = kFormat;
  j["description"] = t.description;
  j["description_hash"] = t.description_hash;
  j["model_version"] = t.model_version;
  j["chip"] = variant_name(t.chip);
  j["max_lines"] = t.max_lines;
  j["notch_max_k"] = t.notch_max_k;
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
  } catch (const Json::exception& e) {
    throw InputError(fmt::format("{}: not a timing table: {}", origin, e.what()));
  } catch (const std::logic_error& e) {
    throw InputError(fmt::format("{}: not a timing table: {}", origin, e.what()));
  }
  const bool notch_ok =
      t.chip == RingVariant::kFix ||
      (!t.notch_k.empty() && !t.notch_x.empty() &&
       std::is_sorted(t.notch_k.begin(), t.notch_k.end()) &&
       std::is_sorted(t.notch_x.begin(), t.notch_x.end()) && t.notch.size() == t.notch_k.size() &&
       t.notch_k.back() == t.notch_max_k && t.aligned_extra.size() == t.notch_max_k &&
       t.off_lap_extra.size() == (start_sensitive(t.chip) ? t.notch_max_k : 0) &&
       std::all_of(t.notch.begin(), t.notch.end(),
                   [&t](const auto& r) { return r.size() == t.notch_x.size(); }));
  const bool shapes_ok = !t.fix.empty() && std::is_sorted(t.fix.begin(), t.fix.end()) && notch_ok;
  if (!shapes_ok)
    throw InputError(fmt::format("{}: not a timing table: inconsistent sizes", origin));
  return t;
}

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
  for (size_t i = 0; i < t.fix.size(); ++i) {
    check(fmt::format("{}[{}]", fixed_ring_key(), i), t.fix[i].first, t.fix[i].second);
  }
  for (const auto& [s, c] : t.split_extra) {
    for (size_t i = 0; i < c.size(); ++i) {
      check(fmt::format("split_extra.{}[{}]", s, i), c[i].first,
            interpolate(t.fix, c[i].first) + c[i].second);
    }
  }
  for (size_t ki = 0; ki < t.notch.size(); ++ki) {
    for (size_t xi = 0; xi < t.notch[ki].size(); ++xi) {
      const uint64_t lines =
          static_cast<uint64_t>(int64_t{t.notch_k[ki]} * kRingLines + t.notch_x[xi]);
      const std::string at = fmt::format("notch[{}][{}]", ki, xi);
      check(at + "[0]", lines, t.notch[ki][xi].chip_us);
      check(at + "[1]", lines, t.notch[ki][xi].fix_us);
    }
  }
  for (size_t k = 0; k < t.aligned_extra.size(); ++k) {
    const uint64_t lines = (k + 1) * uint64_t{kRingLines};
    check(fmt::format("aligned_extra[{}]", k), lines,
          interpolate(t.fix, lines) + t.aligned_extra[k]);
  }
  for (size_t k = 0; k < t.off_lap_extra.size(); ++k) {
    const uint64_t lines = (k + 1) * uint64_t{kRingLines};
    check(fmt::format("off_lap_extra[{}]", k), lines,
          interpolate(t.fix, lines) + t.off_lap_extra[k]);
  }
}

}  // namespace anesim
