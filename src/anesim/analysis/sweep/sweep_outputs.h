// What a sweep gives its user, the same whether it ran whole (`anesim
// sweep`) or came back from its shards (`anesim merge`): the table and FFT
// on stdout, the CSV, the plots.
#pragma once

#include <string>

#include <anesim/analysis/sweep/sweep.h>

namespace anesim {

struct SweepOutputs {
  std::string csv, plot, plot_time, plot_spectrum;  // "" = not wanted
  bool fft = false;
  bool linear_detrend = false;
};

// Before any work: plot names end in .png or .svg, --plot-spectrum comes
// with --fft (UsageError), every output's directory is writable (OutputError).
void check_sweep_outputs(const SweepOutputs& o);
// Prints the table (and the FFT) on stdout, then writes the files atomically.
void write_sweep_outputs(const SweepResult& r, const SweepOutputs& o);

}  // namespace anesim
