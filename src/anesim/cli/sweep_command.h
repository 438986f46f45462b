// `anesim sweep`: one workload parameter swept over a range, ring variants
// side by side; CSV, gnuplot plots and an FFT of throughput.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

#include <anesim/cli/shared_options.h>

namespace anesim {

struct SweepOptions {
  std::string lines_range, x_range, cin_range, cout_range, cores_range, split_range;
  std::string laps = "1";
  SizeOptions size;
  std::string cores, split = "1", base_line = "0";
  VariantOption variants;  // default: the config's ane.ring_variant and fix
  std::string config;
  std::string csv, plot, plot_time, plot_spectrum;
  bool fft = false;
  std::string detrend = "mean";
  std::string jobs = "2";
  std::string shard;                 // --shard I/N: one part for `anesim merge`
  std::string slurm_script, shards;  // --slurm-script DIR --shards N
};

CLI::App* add_sweep_command(CLI::App& app, SweepOptions& opt);
int sweep_command(const SweepOptions& opt);

}  // namespace anesim
