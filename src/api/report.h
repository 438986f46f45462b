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

// What was written: the document and the directory of its plots.
struct ReportResult {
  std::string document;
  std::string img_dir;
};

// Checks the request, writes the report and its plots. Throws FieldError,
// ConfigError, InputError, OutputError.
ReportResult report(const ReportRequest& request);

}  // namespace anesim::api
