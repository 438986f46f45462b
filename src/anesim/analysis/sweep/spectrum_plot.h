// gnuplot script of one or more FFT magnitude spectra against period, as
// impulses on a log2 period axis (sweep --plot-spectrum, the report).
#pragma once

#include <string>
#include <vector>

#include <anesim/analysis/stats/spectrum.h>

namespace anesim {

struct SpectrumSeries {
  std::string title;
  const Spectrum* spectrum = nullptr;
  double scale = 1.0;  // every magnitude is multiplied by it (e.g. 1 / samples)
};

// `key` is gnuplot's key position ("outside right", "top left").
std::string spectrum_plot_script(const std::vector<SpectrumSeries>& series,
                                 const std::string& title, const std::string& xlabel,
                                 const std::string& ylabel, const std::string& key);

}  // namespace anesim
