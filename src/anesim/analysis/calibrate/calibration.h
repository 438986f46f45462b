// Calibration as code: fits the free keys of a machine description to
// device traces by minimising the replay MAPE with NLopt (a derivative-free
// method with bounds), and reports leave-one-curve-out cross-validation:
// for each curve, its error when the fit never saw it. `anesim calibrate`
// (src/anesim/cli/calibrate_command.cpp) drives it; docs/calibration.md explains.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <anesim/analysis/replay/replay.h>
#include <anesim/analysis/stats/statistics.h>
#include <anesim/analysis/trace/trace_format.h>
#include <sim/base/ring_variant_id.h>

namespace anesim {

struct FreeParameter {
  std::string key;        // dotted config key, e.g. "fabric.port_cycles_per_line"
  double lo = 0, hi = 0;  // physical bounds, lo < hi
  bool integer = true;    // whole cycles or counts; rounded before each try
};

struct CalibrationSpec {
  std::vector<Trace> traces;
  std::string base_text;    // the machine description the fit starts from
  std::string base_origin;  // its name, for messages
  std::vector<FreeParameter> free;
  RingVariant variant = RingVariant::kBug;
  unsigned jobs = 2;
  unsigned max_evaluations = 150;  // per fit
  bool cross_validate = true;
  // While fitting, simulate each record on at most this many active cores
  // (0: as recorded). The model's time per core does not depend on the core
  // count (docs/validation.md), so fewer cores fit faster; every reported
  // error comes from a replay with the recorded cores.
  uint32_t fit_cores = 0;
  std::string scratch_dir;  // where candidate configs are written
};

struct Fit {
  std::vector<double> values;  // in the order of spec.free
  ReplayResult replay;         // every record of every trace, at `values`
  unsigned evaluations = 0;
};

struct HeldOutCurve {
  std::string curve;
  Fit fit;           // fitted without this curve
  ErrorStats error;  // this curve's error at that fit
};

struct CalibrationResult {
  Fit full;
  std::vector<HeldOutCurve> cross_validation;  // empty when not asked for
  ErrorStats cross_validated;                  // every record, each from the fit without its curve
  // Record simulations run, and those reused from an earlier fit's candidate.
  uint64_t records_simulated = 0, records_reused = 0;
};

// What the progress line is told after each new candidate is replayed.
struct CalibrationStep {
  std::string fit;               // "all curves" or "without <curve>"
  unsigned fit_evaluations = 0;  // this fit's candidates so far
  unsigned evaluations = 0;      // the whole calibration's candidates so far
  unsigned planned = 0;          // its budget: fits x max evaluations, less what ended fits left
  double mape_pct = 0;           // at this candidate
  double best_mape_pct = 0;      // at this fit's best candidate so far
};
using CalibrationProgress = std::function<void(const CalibrationStep&)>;

// Throws UsageError for bad bounds (a bound the machine description refuses,
// lo >= hi) and whatever replay throws.
CalibrationResult calibrate(const CalibrationSpec& spec, const CalibrationProgress& progress);

// The base text with the fitted values, a comment on each fitted key and
// `note` at the top.
std::string fitted_config_text(const CalibrationSpec& spec, const Fit& fit,
                               const std::string& note);

}  // namespace anesim
