// `report`: regenerates the validation report (docs/validation.md) and its
// plots from the traces and sweeps, as a typed request.
#pragma once

#include <cstdint>
#include <string>

namespace anesim::api {

struct ReportRequest {
  std::string out = "docs/validation.md";  // plots go to its directory's img/
  std::string traces_dir = "traces/m3-air";
  std::string calibration = "configs/m3-air.calibration.json";  // calibrate --summary
  std::string config;                                           // "" = built-in
  uint64_t jobs = 2;                                            // 1..256
};

// Checks the request, writes the report and its plots; returns the plots'
// directory. Throws FieldError, ConfigError, InputError, OutputError.
std::string report(const ReportRequest& request);

}  // namespace anesim::api
