// `anesim sweep`: one workload parameter swept over a range, both ring
// variants side by side; CSV, gnuplot plots and an FFT of throughput.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "src/sim_points.h"
#include "src/spectrum.h"

namespace anesim {

enum class SweepAxis { kLines, kX, kCin, kCout, kCores, kSplit };
const char* axis_name(SweepAxis a);

struct SweepSpec {
  SweepAxis axis = SweepAxis::kLines;
  std::vector<int64_t> values;          // the swept values, evenly spaced
  int64_t step = 1;
  std::vector<uint32_t> laps = {0};     // kX only: the laps k
  std::vector<std::string> variants = {"bug", "fix"};
  uint32_t lines = 0;                   // fixed size (kCores, kSplit), or from cin x cout
  uint64_t cin = 0, cout = 0;           // fixed D (kCout) / N (kCin), or the fixed shape
  uint32_t cores = 0;                   // 0: the config's ane.cores
  uint32_t split = 1;
  uint32_t base_line = 0;
  std::string config;                   // path, empty: built-in
  unsigned jobs = 2;
};

struct SweepRow {
  int64_t value = 0;
  uint32_t lap = 0;
  std::string variant;
  uint64_t cin = 0, cout = 0;  // 0 unless the size came from a shape
  SimPoint point;
  SimPointResult result;
  double ane_gbps = 0;  // ane.cores x lines per core x 64 B / time: the whole ANE's
                        // throughput at this per-core size (time is per core)
};

struct SweepResult {
  SweepSpec spec;
  uint32_t ane_cores = 16;
  std::string config_name;
  std::vector<SweepRow> rows;  // laps outer, then values, then variants
};

// Builds every point (throws UsageError on an impossible one), runs them as
// child processes and collects the rows; throws std::runtime_error when a
// simulation fails.
SweepResult run_sweep(const SweepSpec& spec, const std::string& progress_label);

std::string sweep_csv(const SweepResult& r);
std::string sweep_text(const SweepResult& r);
// gnuplot bodies: throughput (ane_gbps) and time against the axis, one
// series per (variant, lap).
std::string sweep_plot_throughput(const SweepResult& r);
std::string sweep_plot_time(const SweepResult& r);

struct SweepSpectrum {
  std::string variant;
  uint32_t lap = 0;
  Spectrum spectrum;
};
// FFT of ane_gbps against the axis, per (variant, lap).
std::vector<SweepSpectrum> sweep_spectra(const SweepResult& r, bool linear_detrend = false);
std::string spectra_text(const SweepResult& r, const std::vector<SweepSpectrum>& s);
std::string spectrum_plot(const SweepResult& r, const std::vector<SweepSpectrum>& s);

// "A:B:S" or "A:B" (step 1), decimal or 0x hex; negative values only when
// `allow_negative`. Throws UsageError naming `option`.
std::vector<int64_t> parse_range(const std::string& text, const std::string& option,
                                 bool allow_negative, int64_t* step);

struct SweepOptions {
  std::string lines_range, x_range, cin_range, cout_range, cores_range, split_range;
  std::string laps = "1";
  std::string lines, cin, cout, cores, split = "1", base_line = "0";
  std::string variants = "bug,fix";
  std::string config;
  std::string csv, plot, plot_time, plot_spectrum;
  bool fft = false;
  std::string detrend = "mean";
  std::string jobs = "2";
};

CLI::App* add_sweep_command(CLI::App& app, SweepOptions& opt);
int sweep_command(const SweepOptions& opt);

}  // namespace anesim
