// `anesim bench`: simulation speed, measured side by side in one process
// (src/anesim/analysis/bench/speed_bench.h).
#pragma once

#include <CLI/CLI.hpp>

#include <string>

#include <anesim/cli/shared_options.h>

namespace anesim {

struct BenchOptions {
  VariantOption variant;  // default: the config's ane.ring_variant
  std::string lines = "0x4000";
  std::string stream_lines = "0x400000";  // the streaming fix run behind lines_per_s
  std::string config;
  bool json = false;
  bool sweep = false;                   // also a whole sweep at -j 1 and -j 2
  std::string sweep_x = "-512:512:16";  // its x values around k = 1
};

CLI::App* add_bench_command(CLI::App& app, BenchOptions& opt);
int bench_command(const BenchOptions& opt);

}  // namespace anesim
