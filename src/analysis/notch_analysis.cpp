#include "src/analysis/notch_analysis.h"

namespace anesim {

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
