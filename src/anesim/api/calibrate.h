// `calibrate`: fits the free keys of a machine description to device
// traces (src/anesim/analysis/calibrate/calibration.h), as a typed request.
#pragma once

// Marked keep: std::optional and std::vector, types of calibrate_fields.def's
// rows, which IWYU does not see.
#include <cstdint>
#include <optional>  // IWYU pragma: keep
#include <string>
#include <vector>  // IWYU pragma: keep

#include <anesim/analysis/calibrate/calibration.h>
#include <sim/base/ring_variant_id.h>

namespace anesim::api {

// A key fitted within [lo, hi] (its field: free).
struct FreeKey {
  std::string key;  // dotted, e.g. fabric.port_cycles_per_line
  double lo = 0, hi = 0;
};

// The user's fields are the rows of calibrate_fields.def: the traces of
// one machine, the free keys, the base description ("" = built-in M3
// Air), the fitted description's file (may be `config` itself; "" = none),
// the variant (default: the base's ane.ring_variant), max_evals (replays
// per fit, 1..100000), cross_validate, fit_cores (1..16; unset: as
// recorded), the JSON summary's file ("" = not wanted) and jobs (1..256).
struct CalibrateRequest {
#define ANESIM_FIELD(member, type, init, ...) type member{init};
#include <anesim/api/calibrate_fields.def>
#undef ANESIM_FIELD
  std::string command_line;  // how the fit is recorded in `out`'s note
};

struct CalibrateOutcome {
  CalibrationSpec spec;
  CalibrationResult result;
  // The fitted description, its note with the request's command line, for
  // `out` (src/anesim/present/calibration_output.h writes it and the summary).
  std::string fitted_text;
};

// Checks the request (every free key against the base description, the
// outputs' names and folders), reads the traces and fits; writes nothing.
// Throws FieldError, ConfigError, TraceError, OutputError.
CalibrateOutcome calibrate(const CalibrateRequest& request, const CalibrationProgress& progress);

}  // namespace anesim::api
