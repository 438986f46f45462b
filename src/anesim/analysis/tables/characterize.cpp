#include <anesim/analysis/tables/characterize.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>

#include <fmt/format.h>

#include <anesim/analysis/batch/batch_runner.h>
#include <anesim/analysis/tables/advise_point.h>
#include <anesim/analysis/tables/engine_drain.h>
#include <anesim/analysis/tables/model_version.h>
#include <anesim/analysis/tables/notch_rules.h>
#include <anesim/analysis/tables/result_cache.h>
#include <anesim/io/errors.h>
#include <sim/core/workload.h>
#include <sim/ring/geometry.h>
#include <sim/ring/ring_variant.h>

namespace anesim {

namespace {

// A fix-curve interval is accepted when linear interpolation between its
// ends is within this fraction of a simulation at its midpoint.
constexpr double kLinearTolerance = 2.5e-4;
// Intervals are not split below this many lines.
constexpr uint64_t kMinInterval = 256;
// Near the V's edges the decision flips: every x from here to 255 is sampled.
constexpr int64_t kEdgeFrom = 240;
constexpr int64_t kInteriorStep = 8;
// Next to x = 0 every x is sampled too: the aligned point is not on the V's
// line on every ring (on the M4's relatch reading a whole number of laps runs
// faster than one line off it), so no interpolation may lean on it.
constexpr int64_t kNearAligned = kInteriorStep;

using Tasks = std::vector<uint32_t>;

struct Runner {
  const MachineConfig& cfg;
  const CharacterizeSettings& s;
  double drain = 0;   // the engine's cycles per line of every task (0: none)
  std::string label;  // which table, for the progress bar
  // Each run's tasks start at `base_line` (0: a lap boundary).
  std::vector<double> run(const std::vector<std::pair<RingVariant, Tasks>>& wanted,
                          const std::string& what, uint32_t base_line = 0) const {
    std::vector<SimPoint> points;
    for (const auto& [v, tasks] : wanted) {
      points.push_back(advise_point(v, tasks, cfg, drain));
      points.back().base_line = base_line;
    }
    const std::vector<SimPointResult> r =
        simulate_points(points, cfg, s.config_path, s.jobs,
                        s.progress_label.empty() ? "" : s.progress_label + label + what);
    std::vector<double> out;
    for (size_t i = 0; i < r.size(); ++i) {
      if (!r[i].ok) {
        throw SimulationError(fmt::format("characterize: {} lines per core ({} task(s), {}): {}",
                                          points[i].lines_per_core, wanted[i].second.size(),
                                          variant_name(points[i].variant), r[i].error));
      }
      out.push_back(r[i].time_us);
    }
    return out;
  }
};

// The fixed ring's single-task curve, refined until linear between points.
TimeCurve fix_curve(const Runner& r, uint64_t max_lines) {
  std::set<uint64_t> start;
  for (uint64_t l = 1; l <= max_lines; l *= 2) start.insert(l);
  start.insert(max_lines);
  std::vector<std::pair<RingVariant, Tasks>> wanted;
  for (uint64_t l : start) wanted.push_back({RingVariant::kFix, {static_cast<uint32_t>(l)}});
  std::map<uint64_t, double> points;
  const std::vector<double> t = r.run(wanted, " (fix)");
  size_t i = 0;
  for (uint64_t l : start) points[l] = t[i++];
  std::vector<std::pair<uint64_t, uint64_t>> open;
  for (auto it = points.begin(); std::next(it) != points.end(); ++it) {
    open.push_back({it->first, std::next(it)->first});
  }
  while (!open.empty()) {
    std::vector<std::pair<uint64_t, uint64_t>> split;
    wanted.clear();
    for (const auto& [a, b] : open) {
      if (b - a >= 2 * kMinInterval) {
        split.push_back({a, b});
        wanted.push_back({RingVariant::kFix, {static_cast<uint32_t>((a + b) / 2)}});
      }
    }
    const std::vector<double> mid = r.run(wanted, " (fix)");
    open.clear();
    for (size_t j = 0; j < split.size(); ++j) {
      const auto [a, b] = split[j];
      const uint64_t m = (a + b) / 2;
      const double f = static_cast<double>(m - a) / static_cast<double>(b - a);
      const double linear = points[a] + (points[b] - points[a]) * f;
      points[m] = mid[j];
      if (std::abs(linear - mid[j]) > kLinearTolerance * mid[j]) {
        open.push_back({a, m});
        open.push_back({m, b});
      }
    }
  }
  return TimeCurve(points.begin(), points.end());
}

bool clear_of_notch(uint64_t lines) {
  const LapPosition p = lap_position(lines);
  return below_first_lap(lines) || std::llabs(p.x) >= static_cast<int64_t>(kPageLines);
}

}  // namespace

std::vector<uint32_t> notch_laps(uint32_t notch_max_k) {
  std::vector<uint32_t> k;
  for (uint32_t v : {1u, 2u, 3u, 4u, 6u, 8u, 12u, 16u, 24u, 32u, 48u, 64u}) {
    if (v < notch_max_k) k.push_back(v);
  }
  k.push_back(notch_max_k);
  return k;
}

std::vector<int64_t> notch_offsets() {
  std::vector<int64_t> x;
  for (int64_t v = -255; v <= 255; ++v) {
    if (std::llabs(v) >= kEdgeFrom || std::llabs(v) < kNearAligned || v % kInteriorStep == 0) {
      x.push_back(v);
    }
  }
  return x;
}

bool fix_simulated_at(int64_t x) { return std::llabs(x) >= kEdgeFrom; }

std::vector<uint32_t> near_equal_tasks(uint64_t total, uint32_t s) {
  std::vector<uint32_t> t(s, static_cast<uint32_t>(total / s));
  for (uint64_t i = 0; i < total % s; ++i) ++t[i];
  return t;
}

namespace {

// The sampled parts of `t` (timing_table.h), every task run by `r`.
void characterize_parts(const Runner& r, TimingTable& t) {
  const CharacterizeSettings& s = r.s;
  t.max_lines = s.max_lines;
  t.fix = fix_curve(r, s.max_lines);

  // Splits: near-equal chunks clear of the notch, on a sqrt(2) grid of totals.
  std::vector<std::pair<RingVariant, Tasks>> wanted;
  std::vector<std::pair<uint32_t, uint64_t>> where;
  for (uint32_t n = 2; n <= kMaxAdviceSplit; ++n) {
    for (double g = 1024; g <= static_cast<double>(s.max_lines); g *= std::sqrt(2.0)) {
      uint64_t total = static_cast<uint64_t>(g);
      while (!clear_of_notch(total / n) || !clear_of_notch(total / n + 1)) total += n * 64;
      if (total > s.max_lines) break;
      wanted.push_back({t.chip, near_equal_tasks(total, n)});
      where.push_back({n, total});
    }
  }
  const std::vector<double> split = r.run(wanted, " (splits)");
  for (size_t i = 0; i < split.size(); ++i) {
    const auto [n, total] = where[i];
    t.split_extra[n].push_back({total, split[i] - interpolate(t.fix, total)});
  }

  if (t.chip != RingVariant::kFix) {
    t.notch_max_k = s.notch_max_k;
    t.notch_k = notch_laps(s.notch_max_k);
    t.notch_x = notch_offsets();
    wanted.clear();
    for (uint32_t k : t.notch_k) {
      for (int64_t x : t.notch_x) {
        const auto lines = static_cast<uint32_t>(int64_t{k} * kRingLines + x);
        wanted.push_back({t.chip, {lines}});
        if (fix_simulated_at(x)) wanted.push_back({RingVariant::kFix, {lines}});
      }
    }
    for (uint32_t k = 1; k <= s.notch_max_k; ++k) wanted.push_back({t.chip, {k * kRingLines}});
    const std::vector<double> v = r.run(wanted, " (notch)");
    if (start_sensitive(t.chip)) {
      // Whole laps once more, started mid-lap (timing_table.h).
      std::vector<std::pair<RingVariant, Tasks>> off_lap;
      for (uint32_t k = 1; k <= s.notch_max_k; ++k) off_lap.push_back({t.chip, {k * kRingLines}});
      const std::vector<double> o = r.run(off_lap, " (mid-lap)", kOffLapStartLine);
      for (uint32_t k = 1; k <= s.notch_max_k; ++k) {
        t.off_lap_extra.push_back(o[k - 1] - interpolate(t.fix, uint64_t{k} * kRingLines));
      }
    }
    size_t i = 0;
    for (uint32_t k : t.notch_k) {
      std::vector<NotchPoint> row;
      for (int64_t x : t.notch_x) {
        const uint64_t lines = uint64_t{k} * kRingLines + x;
        NotchPoint p{v[i++], interpolate(t.fix, lines), fix_simulated_at(x)};
        if (p.fix_simulated) p.fix_us = v[i++];
        row.push_back(p);
      }
      t.notch.push_back(row);
    }
    for (uint32_t k = 1; k <= s.notch_max_k; ++k) {
      t.aligned_extra.push_back(v[i++] - interpolate(t.fix, uint64_t{k} * kRingLines));
    }
  }
}

}  // namespace

TimingTable characterize(const MachineConfig& cfg, const CharacterizeSettings& s) {
  TimingTable t;
  t.description = s.description_name;
  t.description_hash = description_hash(s.description_text, s.config_path);
  t.model_version = kModelVersion;
  t.chip = cfg.ane.ring_variant;
  characterize_parts(Runner{cfg, s, 0, ""}, t);
  // Once more per rate at which the engine drains a format, every task
  // drained: a slow engine fills KMem and holds the ring back.
  for (const DrainRate& rate : drain_rates(cfg)) {
    TimingTable d;
    d.chip = t.chip;
    d.drain_cycles_per_line = rate.cycles_per_line;
    d.drained_formats = rate.formats;
    const std::string label = fmt::format(" [{} drained]", fmt::join(rate.formats, ", "));
    characterize_parts(Runner{cfg, s, rate.cycles_per_line, label}, d);
    t.drained.push_back(std::move(d));
  }
  return t;
}

}  // namespace anesim
