// A sweep as gnuplot script bodies (render with io/gnuplot_plot.h).
#pragma once

#include <string>
#include <vector>

#include <anesim/analysis/sweep/sweep.h>
#include <anesim/analysis/sweep/sweep_text.h>

namespace anesim {

// Throughput (ane_gbps) and time against the axis, one series per
// (variant, lap).
std::string sweep_plot_throughput(const SweepResult& r);
std::string sweep_plot_time(const SweepResult& r);
// The FFT magnitude of each series against period.
std::string sweep_spectrum_plot(const SweepResult& r, const std::vector<SweepSpectrum>& s);

}  // namespace anesim
