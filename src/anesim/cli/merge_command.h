// `anesim merge PART...`: the parts that `anesim sweep --shard I/N` or
// `anesim replay --shard I/N` wrote, combined into the output the unsharded
// run gives (the same CSV byte for byte, the table, plots, FFT).
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace anesim {

struct MergeOptions {
  std::vector<std::string> parts;
  std::string csv, plot, plot_time, plot_spectrum;  // sweep: all; replay: csv, plot
  bool fft = false;
  std::string detrend = "mean";
  bool json = false;     // replay only
  std::string max_mape;  // replay only
};

CLI::App* add_merge_command(CLI::App& app, MergeOptions& opt);
int merge_command(const MergeOptions& opt);

}  // namespace anesim
