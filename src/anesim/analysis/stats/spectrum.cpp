#include <anesim/analysis/stats/spectrum.h>

#include <fftw3.h>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace anesim {

Spectrum dominant_period(const std::vector<double>& values, double step, bool linear_detrend) {
  Spectrum s;
  const size_t n = values.size();
  if (n < 4) return s;
  const double mean = std::accumulate(values.begin(), values.end(), 0.0) / n;
  double* in = fftw_alloc_real(n);
  fftw_complex* out = fftw_alloc_complex(n / 2 + 1);
  double slope = 0;
  if (linear_detrend) {
    const double mid = (n - 1) / 2.0;
    double sxy = 0, sxx = 0;
    for (size_t i = 0; i < n; ++i) {
      sxy += (i - mid) * (values[i] - mean);
      sxx += (i - mid) * (i - mid);
    }
    slope = sxy / sxx;
  }
  for (size_t i = 0; i < n; ++i) in[i] = values[i] - mean - slope * (i - (n - 1) / 2.0);
  fftw_plan plan = fftw_plan_dft_r2c_1d(static_cast<int>(n), in, out, FFTW_ESTIMATE);
  fftw_execute(plan);
  for (size_t i = 1; i <= n / 2; ++i) {
    const double mag = std::hypot(out[i][0], out[i][1]);
    s.period.push_back(n * step / static_cast<double>(i));
    s.magnitude.push_back(mag);
    if (mag > s.dominant_magnitude) {
      s.dominant_magnitude = mag;
      s.dominant_period = s.period.back();
      s.dominant_bin = i;
    }
  }
  fftw_destroy_plan(plan);
  fftw_free(in);
  fftw_free(out);
  return s;
}

double peak_over_next(const Spectrum& s) {
  double second = 0;
  for (size_t i = 0; i < s.magnitude.size(); ++i) {
    if (i + 1 != s.dominant_bin) {
      second = std::max(second, s.magnitude[i]);
    }
  }
  return second > 0 ? s.dominant_magnitude / second : 0.0;
}

}  // namespace anesim
