// `anesim sweep`: one workload parameter swept over a range, ring variants
// side by side; CSV, gnuplot plots and an FFT of throughput.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

#include <anesim/cli/field_options.h>

namespace anesim {

struct SweepOptions {
  // The swept range, bound by hand (src/anesim/api/sweep_fields.def says why).
  std::string lines_range, x_range, cin_range, cout_range, cores_range, split_range;
  FieldTexts fields;  // one per row of src/anesim/api/sweep_fields.def
};

CLI::App* add_sweep_command(CLI::App& app, SweepOptions& opt);
int sweep_command(const SweepOptions& opt);

}  // namespace anesim
