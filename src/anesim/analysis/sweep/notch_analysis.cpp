#include <anesim/analysis/sweep/notch_analysis.h>

#include <algorithm>
#include <cmath>

#include <sim/ring/geometry.h>

namespace anesim {

VShape analyse_v_shape(const std::vector<int64_t>& x, const std::vector<double>& gbps,
                       const std::vector<double>& time_us, int64_t centre) {
  auto at = [&](int64_t want) -> std::ptrdiff_t {
    const auto it = std::find(x.begin(), x.end(), want);
    return it == x.end() ? -1 : it - x.begin();
  };
  VShape v;
  const std::ptrdiff_t zero = at(0);
  if (zero < 0) return v;
  double ratio_sum = 0;
  for (const int64_t side : {-1, 1}) {
    const int64_t page = kPageLines;  // the V's half width
    const std::ptrdiff_t edge = at(side * page), near = at(side * centre);
    if (edge < 0 || near < 0) return v;
    const double floor = gbps[zero], nominal = gbps[edge];
    for (size_t i = 0; i < x.size(); ++i) {
      const int64_t d = x[i] * side;
      if (d > 0 && d < page) {
        const double line = floor + (nominal - floor) * static_cast<double>(d) / page;
        v.max_line_deviation = std::max(v.max_line_deviation, std::fabs(gbps[i] - line) / nominal);
      }
    }
    const double near_slope = (time_us[zero] - time_us[near]) / static_cast<double>(centre);
    const double mean_slope = (time_us[zero] - time_us[edge]) / page;
    ratio_sum += near_slope / mean_slope;
  }
  v.centre_ramp_ratio = ratio_sum / 2;
  v.measured = true;
  return v;
}

NotchFigures analyse_notch(const std::vector<int64_t>& x, const std::vector<double>& bug,
                           const std::vector<double>& fix, double tolerance) {
  NotchFigures f;
  size_t min_i = 0;
  for (size_t i = 0; i < bug.size(); ++i) {
    if (bug[i] < bug[min_i]) min_i = i;
  }
  f.centre_x = x[min_i];
  f.floor_gbps = bug[min_i];
  f.nominal_gbps = fix[min_i];
  auto ok = [&](size_t i) { return bug[i] >= (1.0 - tolerance) * fix[i]; };
  // Right side: the first x > centre from which every later point is within tolerance.
  for (size_t i = bug.size(); i-- > min_i + 1;) {
    if (!ok(i)) break;
    f.recovery_right = x[i] - f.centre_x;
    f.recovered_right = true;
  }
  for (size_t i = 0; i < min_i; ++i) {
    if (!ok(i)) break;
    f.recovery_left = f.centre_x - x[i];
    f.recovered_left = true;
  }
  return f;
}

}  // namespace anesim
