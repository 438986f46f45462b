// `anesim report`: regenerates docs/validation.md and its plots from the
// traces and from sweeps of the model. The document is generated, never
// edited by hand: `cmake --build build --target validation-report`. Its
// prose is the template validation_report.md.in; each section (sections.h)
// fills in its numbers.
#pragma once

#include <string>

#include <anesim/sim/base/machine_config.h>

namespace anesim {

struct ValidationReportSpec {
  std::string out = "docs/validation.md";  // plots go to <dir of out>/img/
  std::string traces_dir = "traces/m3-air";
  std::string calibration_path = "configs/m3-air.calibration.json";  // calibrate --summary
  std::string config_path;                                           // "" for the built-in machine
  unsigned jobs = 2;
};

// Runs every section and writes the document and its plots atomically.
// Returns the directory the plots went to.
std::string write_validation_report(const ValidationReportSpec& spec, const MachineConfig& cfg);

}  // namespace anesim
