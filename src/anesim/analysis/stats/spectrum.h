// The dominant period of an evenly sampled signal, by FFT (FFTW).
#pragma once

#include <cstddef>
#include <vector>

namespace anesim {

struct Spectrum {
  std::vector<double> period;     // period of bin i (i = 1 .. n/2), in axis units
  std::vector<double> magnitude;  // |X(i)| of the mean-removed signal
  double dominant_period = 0;     // period of the largest bin (0 when n < 4)
  double dominant_magnitude = 0;
  size_t dominant_bin = 0;
};

// `values` sampled every `step` axis units. The mean is removed first, so
// the constant level does not count (with `linear_detrend`, the least-squares
// line instead, so that a steady rise does not count either); the strongest
// bin i >= 1 gives the dominant period n * step / i.
Spectrum dominant_period(const std::vector<double>& values, double step,
                         bool linear_detrend = false);

// How dominant the peak is: its magnitude over the next strongest bin's
// (0 when there is no other bin).
double peak_over_next(const Spectrum& s);

}  // namespace anesim
