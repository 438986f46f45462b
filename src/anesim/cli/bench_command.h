// `anesim bench`: simulation speed, measured side by side in one process
// (src/anesim/analysis/bench/speed_bench.h).
#pragma once

#include <CLI/CLI.hpp>

#include <string>

#include <anesim/cli/field_options.h>

namespace anesim {

struct BenchOptions {
  FieldTexts fields;                    // one per row of src/anesim/api/bench_fields.def
  bool json = false;                    // how the command prints, not the request's
  std::string sweep_x = "-512:512:16";  // --sweep-x: the timed sweep's x around k = 1
};

CLI::App* add_bench_command(CLI::App& app, BenchOptions& opt);
int bench_command(const BenchOptions& opt);

}  // namespace anesim
