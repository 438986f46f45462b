// `anesim calibrate TRACE... --free KEY=LO:HI ... --out FILE`: fits the free
// keys of a machine description to device traces (src/anesim/analysis/calibrate/calibration.h).
#pragma once

#include <CLI/CLI.hpp>

#include <anesim/cli/field_options.h>

namespace anesim {

struct CalibrateOptions {
  FieldTexts fields;  // the rows of src/anesim/api/calibrate_fields.def
  bool json = false;
};

CLI::App* add_calibrate_command(CLI::App& app, CalibrateOptions& opt);
int calibrate_command(const CalibrateOptions& opt);

}  // namespace anesim
