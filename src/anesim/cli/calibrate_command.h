// `anesim calibrate TRACE... --free KEY=LO:HI ... --out FILE`: fits the free
// keys of a machine description to device traces (src/anesim/analysis/calibrate/calibration.h).
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

#include <anesim/cli/shared_options.h>

namespace anesim {

struct CalibrateOptions {
  std::vector<std::string> files;
  std::vector<std::string> free;  // KEY=LO:HI
  std::string config;             // the base description (default: built-in M3 Air)
  std::string out;
  VariantOption variant;  // default: the config's ane.ring_variant
  std::string max_evals = "150";
  bool no_cv = false;
  std::string fit_cores;  // empty: as recorded
  bool json = false;
  std::string summary;  // also write the JSON summary here (the report reads it)
  std::string jobs = "2";
};

CLI::App* add_calibrate_command(CLI::App& app, CalibrateOptions& opt);
int calibrate_command(const CalibrateOptions& opt);

}  // namespace anesim
