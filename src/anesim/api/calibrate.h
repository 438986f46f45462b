// `calibrate`: fits the free keys of a machine description to device
// traces (src/anesim/analysis/calibrate/calibration.h), as a typed request.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <anesim/analysis/calibrate/calibration.h>
#include <sim/base/ring_variant_id.h>

namespace anesim::api {

// A key fitted within [lo, hi] (its field: free).
struct FreeKey {
  std::string key;  // dotted, e.g. fabric.port_cycles_per_line
  double lo = 0, hi = 0;
};

struct CalibrateRequest {
  std::vector<std::string> files;  // trace files of one machine
  std::vector<FreeKey> free;
  std::string config;                  // the base description; "" = built-in M3 Air
  std::string out;                     // the fitted description (may be `config` itself); "" = none
  std::string summary;                 // the JSON summary too; "" = not wanted
  std::optional<RingVariant> variant;  // default: the base's ane.ring_variant
  uint64_t max_evals = 150;            // replays per fit, 1..100000
  bool cross_validate = true;
  std::optional<uint64_t> fit_cores;  // 1..16; unset: as recorded
  uint64_t jobs = 2;                  // 1..256
  std::string command_line;           // how the fit is recorded in `out`'s note
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
