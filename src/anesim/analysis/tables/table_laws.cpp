#include <anesim/analysis/tables/table_laws.h>

#include <algorithm>
#include <cmath>

namespace anesim {

namespace {

// The rate two segments must share to call it steady (relative): it
// bounds the extrapolation's error at about as much. The shipped tables'
// last segments agree within 1.3e-4 (the M5 Pro's), most within 1e-6.
constexpr double kSteadyRateTolerance = 1e-3;

// Laps repeat with this period: the M4's ring repairs every other lap's
// grant (its whole-lap extra rises in steps of two laps), the M3's every
// lap alike; a step taken over two laps holds for both.
constexpr uint64_t kLapPeriod = 2;

double mix(double a, double b, double t) { return a + (b - a) * t; }

// Index of the last sampled value <= v (values ascending).
template <class T>
size_t sample_index(const std::vector<T>& values, T v) {
  const auto it = std::upper_bound(values.begin(), values.end(), v);
  return it == values.begin() ? 0 : static_cast<size_t>(it - values.begin()) - 1;
}

// Chip minus fix at sampled lap index ki, interpolated along x.
double sampled_extra(const TimingTable& t, size_t ki, int64_t x) {
  const size_t i = sample_index(t.notch_x, x);
  const NotchPoint& a = t.notch[ki][i];
  if (t.notch_x[i] == x || i + 1 == t.notch_x.size()) return a.chip_us - a.fix_us;
  const NotchPoint& b = t.notch[ki][i + 1];
  const double f =
      static_cast<double>(x - t.notch_x[i]) / static_cast<double>(t.notch_x[i + 1] - t.notch_x[i]);
  return mix(a.chip_us - a.fix_us, b.chip_us - b.fix_us, f);
}

}  // namespace

std::optional<double> fixed_ring_time(const TimingTable& t, uint64_t lines) {
  if (t.fix.empty()) return std::nullopt;
  if (lines <= t.max_lines || lines <= t.fix.back().first) return interpolate(t.fix, lines);
  if (t.fix.size() < 3) return std::nullopt;
  const auto& [l0, t0] = t.fix[t.fix.size() - 3];
  const auto& [l1, t1] = t.fix[t.fix.size() - 2];
  const auto& [l2, t2] = t.fix.back();
  const double before = (t1 - t0) / static_cast<double>(l1 - l0);
  const double last = (t2 - t1) / static_cast<double>(l2 - l1);
  if (!(last > 0) || std::abs(last - before) > kSteadyRateTolerance * last) return std::nullopt;
  return t2 + last * static_cast<double>(lines - l2);
}

std::optional<double> notch_extra_time(const TimingTable& t, uint64_t k, int64_t x) {
  if (t.notch_k.empty() || t.notch_x.empty()) return std::nullopt;
  const size_t last = t.notch_k.size() - 1;
  if (k > t.notch_k[last]) {
    if (last == 0) return std::nullopt;
    const double e1 = sampled_extra(t, last, x), e0 = sampled_extra(t, last - 1, x);
    const double per_lap = (e1 - e0) / static_cast<double>(t.notch_k[last] - t.notch_k[last - 1]);
    return e1 + per_lap * static_cast<double>(k - t.notch_k[last]);
  }
  const size_t ki =
      sample_index(t.notch_k, static_cast<uint32_t>(std::min<uint64_t>(k, UINT32_MAX)));
  if (t.notch_k[ki] == k || ki == last) return sampled_extra(t, ki, x);
  const double w = static_cast<double>(k - t.notch_k[ki]) /
                   static_cast<double>(t.notch_k[ki + 1] - t.notch_k[ki]);
  return mix(sampled_extra(t, ki, x), sampled_extra(t, ki + 1, x), w);
}

std::optional<double> per_lap_series(const std::vector<double>& by_lap, uint64_t k) {
  if (k == 0 || by_lap.empty()) return std::nullopt;
  const uint64_t n = by_lap.size();
  if (k <= n) return by_lap[k - 1];
  if (n < 2 * kLapPeriod) return std::nullopt;
  // The last sampled lap b of k's phase, and the series' step over one
  // period there.
  const uint64_t b = n - (n - k % kLapPeriod) % kLapPeriod;
  const double step = by_lap[b - 1] - by_lap[b - 1 - kLapPeriod];
  return by_lap[b - 1] + step * static_cast<double>((k - b) / kLapPeriod);
}

}  // namespace anesim
