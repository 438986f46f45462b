// `report`: regenerates the validation report (docs/validation.md) and its
// plots from the traces and sweeps, as a typed request.
#pragma once

// Marked keep: uint64_t, a type of report_fields.def's rows, which IWYU
// does not see.
#include <cstdint>  // IWYU pragma: keep
#include <string>

#include <anesim/analysis/report/validation_report.h>

namespace anesim::api {

// The fields are the rows of report_fields.def: the document (its plots
// go to its directory's img/), the traces' folder, the calibration summary
// (calibrate --summary), the machine's file ("" = built-in) and jobs
// (1..256).
struct ReportRequest {
#define ANESIM_FIELD(member, type, init, ...) type member{init};
#include <anesim/api/report_fields.def>
#undef ANESIM_FIELD
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
