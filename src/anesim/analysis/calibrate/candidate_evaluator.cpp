#include <anesim/analysis/calibrate/candidate_evaluator.h>

#include <cmath>

#include <fmt/format.h>

#include <anesim/io/atomic_output.h>
#include <anesim/machine/config_overlay.h>
#include <anesim/machine/config_patch.h>
#include <anesim/machine/machine_config_reader.h>

namespace anesim {

std::string free_value_text(const FreeParameter& p, double v) {
  return p.integer ? fmt::format("{}", static_cast<long long>(std::llround(v)))
                   : fmt::format("{:.4g}", v);
}

std::map<std::string, std::string> free_values(const CalibrationSpec& spec,
                                               const std::vector<double>& x) {
  std::map<std::string, std::string> values;
  for (size_t i = 0; i < spec.free.size(); ++i) {
    values[spec.free[i].key] = free_value_text(spec.free[i], x[i]);
  }
  return values;
}

CandidateEvaluator::CandidateEvaluator(const CalibrationSpec& spec)
    : spec_(spec), path_(fmt::format("{}/candidate.yaml", spec.scratch_dir)) {}

std::vector<std::string> CandidateEvaluator::key(const std::vector<double>& x) const {
  std::vector<std::string> k;
  for (size_t i = 0; i < x.size(); ++i) {
    k.push_back(free_value_text(spec_.free[i], x[i]));
  }
  return k;
}

ReplayResult CandidateEvaluator::replay(const std::vector<Trace>& traces,
                                        const std::vector<double>& x) {
  const std::vector<std::string> candidate = key(x);
  const auto record_key = [&](const Trace& t, const TraceRecord& r) {
    return RecordKey{candidate, t.path, r.line, r.cores};
  };
  // Only the records not yet simulated at this candidate are replayed.
  std::vector<Trace> pending;
  for (const Trace& t : traces) {
    Trace p = t;
    p.records.clear();
    for (const TraceRecord& r : t.records) {
      if (times_us_.count(record_key(t, r)) == 0) {
        p.records.push_back(r);
      }
    }
    if (!p.records.empty()) {
      pending.push_back(std::move(p));
    }
  }
  // Written to the scratch folder: a base named relative to the description
  // is named absolute there.
  const std::string text = with_anchored_base(
      with_config_values(spec_.base_text, spec_.base_origin, free_values(spec_, x)),
      spec_.base_origin);
  const MachineConfig cfg = parse_config(text, path_);
  size_t fresh_rows = 0;
  if (!pending.empty()) {
    // Threads use `cfg` itself; children (a machine that needs SystemC)
    // read the candidate from its file. Written either way: a failed
    // record's message names that file.
    write_file_atomically(path_, text);
    const ReplayResult fresh = replay_traces(pending, spec_.variant, cfg, path_, spec_.jobs, "");
    size_t row = 0;
    for (const Trace& t : pending) {
      for (const TraceRecord& r : t.records) {
        times_us_[record_key(t, r)] = fresh.rows[row++].simulated_us;
      }
    }
    fresh_rows = row;
  }
  ReplayResult result;
  result.variant = spec_.variant;
  result.config = cfg.source;
  for (const Trace& t : traces) {
    for (const TraceRecord& r : t.records) {
      result.rows.push_back(ReplayRow{t.path, r, times_us_.at(record_key(t, r)), 0});
    }
  }
  simulated_ += fresh_rows;
  reused_ += result.rows.size() - fresh_rows;
  replay_statistics(result);
  return result;
}

}  // namespace anesim
