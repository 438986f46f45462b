#include <anesim/analysis/calibrate/calibration.h>

#include <nlopt.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <map>
#include <set>

#include <fmt/format.h>

#include <anesim/analysis/calibrate/candidate_evaluator.h>
#include <anesim/machine/config_patch.h>
#include <anesim/machine/machine_config_reader.h>

namespace anesim {

namespace {

// The traces with only the records of the kept curves (empty traces dropped).
std::vector<Trace> only_curves(const std::vector<Trace>& traces, const std::string& left_out) {
  std::vector<Trace> out;
  for (Trace t : traces) {
    t.records.erase(std::remove_if(t.records.begin(), t.records.end(),
                                   [&](const TraceRecord& r) { return r.curve == left_out; }),
                    t.records.end());
    if (!t.records.empty()) {
      out.push_back(std::move(t));
    }
  }
  return out;
}

// The traces with every record on at most `cores` active cores (0: as they are).
std::vector<Trace> on_cores(std::vector<Trace> traces, uint32_t cores) {
  for (Trace& t : traces) {
    for (TraceRecord& r : t.records) {
      if (cores != 0 && r.cores > cores) {
        r.cores = cores;
      }
    }
  }
  return traces;
}

// The whole calibration's count of candidates, for the progress line.
struct Tally {
  unsigned evaluations = 0;
  unsigned planned = 0;  // every fit's budget; a fit that stops early returns the rest
};

struct FitState {
  const CalibrationSpec* spec;
  const std::vector<Trace>* traces;
  CandidateEvaluator* evaluator;
  const CalibrationProgress* progress;
  Tally* tally;
  std::string label;
  std::map<std::vector<std::string>, double> seen;             // rounded candidate -> RMS error
  std::vector<std::pair<double, std::vector<double>>> points;  // every (RMS, x) replayed
  unsigned evaluations = 0;
  double best_rms = INFINITY, best_mape = 0;
  // Why the objective threw: NLopt reports only "nlopt failure".
  std::exception_ptr failure;
};

double objective(const std::vector<double>& x, std::vector<double>& /*grad*/, void* data) {
  auto& st = *static_cast<FitState*>(data);
  const std::vector<std::string> key = st.evaluator->key(x);
  const auto hit = st.seen.find(key);
  if (hit != st.seen.end()) {
    return hit->second;
  }
  ReplayResult r;
  try {
    r = st.evaluator->replay(*st.traces, x);
  } catch (...) {
    st.failure = std::current_exception();
    throw;
  }
  // The root mean square of the relative errors: smoother than the MAPE for
  // the local search, and it weighs a large miss more than several small ones.
  double sum_sq = 0;
  for (const ReplayRow& row : r.rows) {
    sum_sq += row.error_pct * row.error_pct;
  }
  const double rms = std::sqrt(sum_sq / std::max<size_t>(r.rows.size(), 1));
  st.seen[key] = rms;
  st.points.emplace_back(rms, x);
  ++st.evaluations;
  ++st.tally->evaluations;
  if (rms < st.best_rms) {
    st.best_rms = rms;
    st.best_mape = r.overall.mape_pct;
  }
  if (*st.progress) {
    (*st.progress)(CalibrationStep{st.label, st.evaluations, st.tally->evaluations,
                                   st.tally->planned, r.overall.mape_pct, st.best_mape});
  }
  return rms;
}

// One NLopt run of `algorithm` from `x` within the bounds, at most `budget`
// replays; `x` becomes the best point seen.
void run_optimizer(nlopt::algorithm algorithm, const CalibrationSpec& spec, FitState& st,
                   double step_fraction, unsigned budget, std::vector<double>& x) {
  const size_t n = spec.free.size();
  nlopt::opt opt(algorithm, static_cast<unsigned>(n));
  std::vector<double> lo(n), hi(n), step(n), xtol(n);
  for (size_t i = 0; i < n; ++i) {
    lo[i] = spec.free[i].lo;
    hi[i] = spec.free[i].hi;
    step[i] = (hi[i] - lo[i]) * step_fraction;
    xtol[i] = spec.free[i].integer ? 0.25 : (hi[i] - lo[i]) * 1e-4;
  }
  opt.set_lower_bounds(lo);
  opt.set_upper_bounds(hi);
  opt.set_initial_step(step);
  opt.set_xtol_abs(xtol);
  opt.set_maxeval(static_cast<int>(std::max(budget, 1u)));
  opt.set_min_objective(objective, &st);
  double best = 0;
  try {
    opt.optimize(x, best);
  } catch (const nlopt::roundoff_limited&) {
    // The best point so far stands (rounding plateaus can trigger this).
  } catch (const std::runtime_error& e) {
    // NLopt turns an exception of the objective into "nlopt failure":
    // the objective's own error says why.
    if (st.failure) {
      std::rethrow_exception(st.failure);
    }
    throw std::runtime_error(fmt::format("the optimizer ({}) failed: {} (bounds or budget)",
                                         opt.get_algorithm_name(), e.what()));
  }
}

// The best points of `st` that lie apart from each other (by more than a
// tenth of the box in some parameter), best first, at most `count`.
std::vector<std::vector<double>> distinct_best(const CalibrationSpec& spec, FitState& st,
                                               size_t count) {
  std::sort(st.points.begin(), st.points.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::vector<double>> starts;
  for (const auto& [rms, x] : st.points) {
    bool apart = true;
    for (const std::vector<double>& s : starts) {
      bool far = false;
      for (size_t i = 0; i < x.size(); ++i) {
        far = far || std::abs(x[i] - s[i]) > 0.1 * (spec.free[i].hi - spec.free[i].lo);
      }
      apart = apart && far;
    }
    if (apart) {
      starts.push_back(x);
    }
    if (starts.size() == count) {
      break;
    }
  }
  return starts;
}

// Minimises the error over `traces`: a global pass over the whole box finds
// the basins, then Nelder-Mead refines from each of the three best distinct
// points it found, keeping the best. The global pass is DIRECT-L (Gablonsky
// and Kelley's locally biased DIRECT): it divides the box systematically, so
// it is deterministic and indifferent to the plateaus whole-cycle rounding
// makes. The random search used before (CRS2) missed the M3's boost basin
// in 360 replays when the port rate became a real number (3.6 % against
// 2.5 % MAPE, docs/calibration.md).
Fit fit(const CalibrationSpec& spec, const std::vector<Trace>& traces,
        CandidateEvaluator& evaluator, const CalibrationProgress& progress, Tally& tally,
        const std::string& label) {
  const std::vector<Trace> fit_traces = on_cores(traces, spec.fit_cores);
  FitState st{&spec, &fit_traces, &evaluator, &progress, &tally, label,
              {},    {},          0,          INFINITY,  0,      nullptr};
  // The search starts from the middle of the box, not from the config's
  // values: the fit then depends only on the traces and the bounds (the
  // search is deterministic), so rerunning the command on its own output
  // reproduces it.
  std::vector<double> x;
  for (const FreeParameter& p : spec.free) {
    x.push_back((p.lo + p.hi) / 2);
  }
  const unsigned global = spec.max_evaluations * 3 / 5;
  run_optimizer(nlopt::GN_DIRECT_L, spec, st, 0.25, global, x);
  const unsigned left =
      st.evaluations < spec.max_evaluations ? spec.max_evaluations - st.evaluations : 1;
  const std::vector<std::vector<double>> starts = distinct_best(spec, st, 3);
  for (std::vector<double> start : starts) {
    run_optimizer(nlopt::LN_NELDERMEAD, spec, st, 0.05,
                  std::max<unsigned>(left / static_cast<unsigned>(starts.size()), 1), start);
  }
  x = std::min_element(st.points.begin(), st.points.end(), [](const auto& a, const auto& b) {
        return a.first < b.first;
      })->second;
  Fit f;
  f.values = x;
  for (size_t i = 0; i < spec.free.size(); ++i) {
    if (spec.free[i].integer) {
      f.values[i] = std::round(f.values[i]);
    }
  }
  f.evaluations = st.evaluations;
  // What this fit's budget left unspent is no longer planned.
  const unsigned unspent =
      spec.max_evaluations > st.evaluations ? spec.max_evaluations - st.evaluations : 0;
  tally.planned -= std::min(unspent, tally.planned - tally.evaluations);
  return f;
}

void check_bounds(const CalibrationSpec& spec) {
  if (spec.free.empty()) {
    throw FieldError("free", fmt::format("{0}: no free parameter given (e.g. {0} "
                                         "fabric.port_cycles_per_line=10:20)",
                                         field_mark("free")));
  }
  std::set<std::string> keys;
  for (const FreeParameter& p : spec.free) {
    if (!keys.insert(p.key).second) {
      throw FieldError("free", fmt::format("{} {}: given twice", field_mark("free"), p.key));
    }
    if (!(p.lo < p.hi) || !std::isfinite(p.lo) || !std::isfinite(p.hi)) {
      throw FieldError("free", fmt::format("{} {}={}:{}: the lower bound must be below the upper",
                                           field_mark("free"), p.key, p.lo, p.hi));
    }
    for (double bound : {p.lo, p.hi}) {
      try {
        parse_config(with_config_values(spec.base_text, spec.base_origin,
                                        {{p.key, free_value_text(p, bound)}}),
                     spec.base_origin);
      } catch (const ConfigError& e) {
        throw FieldError("free", fmt::format("{} {}={}:{}: the machine description refuses {}: {}",
                                             field_mark("free"), p.key, p.lo, p.hi,
                                             free_value_text(p, bound), e.what()));
      }
    }
  }
}

}  // namespace

CalibrationResult calibrate(const CalibrationSpec& spec, const CalibrationProgress& progress) {
  check_bounds(spec);
  CandidateEvaluator evaluator(spec);
  std::set<std::string> curves;
  for (const Trace& t : spec.traces) {
    for (const TraceRecord& r : t.records) {
      curves.insert(r.curve);
    }
  }
  const size_t fits = 1 + (spec.cross_validate && curves.size() > 1 ? curves.size() : 0);
  Tally tally{0, static_cast<unsigned>(fits) * spec.max_evaluations};
  CalibrationResult result;
  result.full = fit(spec, spec.traces, evaluator, progress, tally, "all curves");
  result.full.replay = evaluator.replay(spec.traces, result.full.values);
  const auto counted = [&evaluator](CalibrationResult& r) {
    r.records_simulated = evaluator.records_simulated();
    r.records_reused = evaluator.records_reused();
  };
  if (!spec.cross_validate) {
    counted(result);
    return result;
  }
  std::vector<double> held_out_errors;
  for (const auto& [curve, stats] : result.full.replay.curves) {
    const std::vector<Trace> kept = only_curves(spec.traces, curve);
    if (kept.empty()) {
      continue;  // one curve only: nothing to fit without it
    }
    HeldOutCurve h;
    h.curve = curve;
    h.fit = fit(spec, kept, evaluator, progress, tally, "without " + curve);
    h.fit.replay = evaluator.replay(spec.traces, h.fit.values);
    std::vector<double> errors;
    for (const ReplayRow& row : h.fit.replay.rows) {
      if (row.record.curve == curve) {
        errors.push_back(row.error_pct);
        held_out_errors.push_back(row.error_pct);
      }
    }
    h.error = error_stats(errors);
    result.cross_validation.push_back(std::move(h));
  }
  result.cross_validated = error_stats(held_out_errors);
  counted(result);
  return result;
}

std::string fitted_config_text(const CalibrationSpec& spec, const Fit& fit,
                               const std::string& note) {
  std::string text =
      with_config_values(spec.base_text, spec.base_origin, free_values(spec, fit.values));
  for (const FreeParameter& p : spec.free) {
    text = with_key_comment(text, spec.base_origin, p.key,
                            fmt::format("fitted by anesim calibrate within {}..{}",
                                        free_value_text(p, p.lo), free_value_text(p, p.hi)));
  }
  return with_header_note(text, note);
}

}  // namespace anesim
