#include <anesim/analysis/stats/statistics.h>

#include <algorithm>
#include <cmath>

namespace anesim {

double median_of(std::vector<double> v) {
  if (v.empty()) {
    return 0;
  }
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 == 1 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

ErrorStats error_stats(const std::vector<double>& errors_pct) {
  ErrorStats s;
  s.records = errors_pct.size();
  if (errors_pct.empty()) {
    return s;
  }
  for (double e : errors_pct) {
    s.mean_pct += e;
    s.mape_pct += std::fabs(e);
    s.max_abs_pct = std::max(s.max_abs_pct, std::fabs(e));
  }
  s.mean_pct /= errors_pct.size();
  s.mape_pct /= errors_pct.size();
  return s;
}

}  // namespace anesim
