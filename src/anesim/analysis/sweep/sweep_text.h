// A sweep as text: the CSV every point goes to, the terminal table, and the
// FFT of throughput against the swept value.
#pragma once

#include <string>
#include <vector>

#include <anesim/analysis/stats/spectrum.h>
#include <anesim/analysis/sweep/sweep.h>

namespace anesim {

std::string sweep_csv(const SweepResult& r);
// The CSV's column line (no newline) and one row of it (no newline).
const char* sweep_csv_columns();
std::string sweep_csv_row(const SweepResult& r, const SweepRow& row);
std::string sweep_text(const SweepResult& r);

struct SweepSpectrum {
  RingVariant variant = RingVariant::kBug;
  uint32_t lap = 0;
  Spectrum spectrum;
};
// FFT of ane_gbps against the axis, per (variant, lap).
std::vector<SweepSpectrum> sweep_spectra(const SweepResult& r, bool linear_detrend = false);
std::string spectra_text(const SweepResult& r, const std::vector<SweepSpectrum>& s);

}  // namespace anesim
