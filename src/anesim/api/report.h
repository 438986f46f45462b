// `report`: regenerates the validation report (docs/validation.md) and its
// plots from the traces and sweeps, as a typed request.
#pragma once

#include <cstdint>
#include <string>

#include <anesim/analysis/report/validation_report.h>

namespace anesim::api {

struct ReportRequest {
  std::string out = "docs/validation.md";  // plots go to its directory's img/
  std::string traces_dir = "traces/m3-air";
  std::string calibration = "configs/m3-air.calibration.json";  // calibrate --summary
  std::string config;                                           // "" = built-in
  uint64_t jobs = 2;                                            // 1..256
};

// The report built: where it goes (document, the directory of its plots),
// its text and its plots staged under temporary names until
// src/anesim/present/report_output.h publishes them (all or none; dropped with
// the last copy of the result).
struct ReportResult {
  std::string document;
  std::string img_dir;
  ValidationReport built;
};

// Checks the request and builds the report; publishes nothing. Throws
// FieldError, ConfigError, InputError, OutputError.
ReportResult report(const ReportRequest& request);

}  // namespace anesim::api
