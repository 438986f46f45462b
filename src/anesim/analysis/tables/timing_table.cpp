#include <anesim/analysis/tables/timing_table.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include <anesim/analysis/tables/engine_drain.h>
#include <anesim/analysis/tables/notch_rules.h>
#include <anesim/analysis/tables/table_laws.h>
#include <sim/core/workload.h>
#include <sim/ring/geometry.h>
#include <sim/ring/ring_variant.h>

namespace anesim {

namespace {

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

const TimingTable* TimingTable::for_drain(double drain) const {
  if (drain == 0) return this;
  for (const TimingTable& d : drained) {
    if (same_drain(d.drain_cycles_per_line, drain)) return &d;
  }
  return nullptr;
}

}  // namespace anesim
