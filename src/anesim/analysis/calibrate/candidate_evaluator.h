// One calibration candidate replayed: the base machine description with the
// candidate's values, its records simulated through the batch runner
// (batch_runner.h: threads, or child processes for a machine that needs
// SystemC, which read the candidate from its file). Every record's simulated time is kept by
// candidate, so a record the search has already simulated at the same values (a fit without one
// curve revisits the full fit's first candidates, and each fit ends with a replay of its best) is
// not simulated again.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include <anesim/analysis/calibrate/calibration.h>
#include <anesim/analysis/replay/replay.h>
#include <anesim/analysis/trace/trace_format.h>

namespace anesim {

// A free parameter's value as the config text gets it (whole numbers for
// integer keys, 4 significant digits otherwise).
std::string free_value_text(const FreeParameter& p, double v);
// Every free key with its value in `x` (in the order of spec.free).
std::map<std::string, std::string> free_values(const CalibrationSpec& spec,
                                               const std::vector<double>& x);

class CandidateEvaluator {
 public:
  explicit CandidateEvaluator(const CalibrationSpec& spec);

  // What identifies a candidate: its values as the config text has them.
  std::vector<std::string> key(const std::vector<double>& x) const;
  // Every record of `traces` at `x`, as replay_traces gives it.
  ReplayResult replay(const std::vector<Trace>& traces, const std::vector<double>& x);

  uint64_t records_simulated() const { return simulated_; }
  uint64_t records_reused() const { return reused_; }

 private:
  // (candidate, file, record line, active cores): the record's simulated us.
  using RecordKey = std::tuple<std::vector<std::string>, std::string, int, uint32_t>;

  const CalibrationSpec& spec_;
  std::string path_;  // the candidate's config, for child processes
  std::map<RecordKey, double> times_us_;
  uint64_t simulated_ = 0, reused_ = 0;
};

}  // namespace anesim
