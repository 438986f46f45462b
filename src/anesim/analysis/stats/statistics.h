// Summary statistics of measurements and of model errors against them.
#pragma once

#include <cstddef>
#include <vector>

namespace anesim {

double median_of(std::vector<double> v);

// Errors in percent, (simulated - measured) / measured * 100.
struct ErrorStats {
  size_t records = 0;
  double mean_pct = 0;     // signed mean
  double mape_pct = 0;     // mean of |error|
  double max_abs_pct = 0;  // largest |error|
};
ErrorStats error_stats(const std::vector<double>& errors_pct);

}  // namespace anesim
