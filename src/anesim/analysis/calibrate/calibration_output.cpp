#include <anesim/analysis/calibrate/calibration_output.h>

#include <fmt/format.h>

#include <anesim/machine/config_patch.h>
#include <sim/ring/ring_variant.h>

namespace anesim {

namespace {

const HeldOutCurve* held_out(const CalibrationResult& r, const std::string& curve) {
  for (const HeldOutCurve& h : r.cross_validation) {
    if (h.curve == curve) {
      return &h;
    }
  }
  return nullptr;
}

std::string number(double v, bool integer) {
  return integer ? fmt::format("{:.0f}", v) : fmt::format("{:.4g}", v);
}

Json parameters_json(const CalibrationSpec& spec, const CalibrationResult& r) {
  Json params = Json::array();
  for (size_t i = 0; i < spec.free.size(); ++i) {
    const FreeParameter& p = spec.free[i];
    const double fitted = r.full.values[i];
    Json j;
    // Each key as calibration_parameter_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) j[#key] = value;
#include <anesim/analysis/calibrate/calibration_parameter_keys.def>
#undef ANESIM_RESULT_KEY
    params.push_back(j);
  }
  return params;
}

Json curves_json(const CalibrationResult& r) {
  Json curves = Json::array();
  for (const auto& [curve, s] : r.full.replay.curves) {
    const HeldOutCurve* h = held_out(r, curve);
    Json c;
    // Each key as calibration_curve_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) c[#key] = value;
#include <anesim/analysis/calibrate/calibration_curve_keys.def>
#undef ANESIM_RESULT_KEY
    curves.push_back(c);
  }
  return curves;
}

}  // namespace

std::string calibration_text(const CalibrationSpec& spec, const CalibrationResult& r) {
  std::string out =
      fmt::format("anesim calibrate: {} free parameters, {} records, variant {}\n",
                  spec.free.size(), r.full.replay.rows.size(), variant_name(spec.variant));
  out += fmt::format("  {:<34} {:>12} {:>12} {:>22}\n", "parameter", "base", "fitted", "bounds");
  for (size_t i = 0; i < spec.free.size(); ++i) {
    const FreeParameter& p = spec.free[i];
    out += fmt::format("  {:<34} {:>12} {:>12} {:>22}\n", p.key,
                       config_value_text(spec.base_text, spec.base_origin, p.key),
                       number(r.full.values[i], p.integer),
                       number(p.lo, p.integer) + " .. " + number(p.hi, p.integer));
  }
  out += fmt::format(
      "  ({} evaluations for the fit on all curves; {} record simulations, {} more reused from "
      "an earlier candidate)\n\n",
      r.full.evaluations, r.records_simulated, r.records_reused);
  out +=
      "error = (simulated - measured) / measured; cross-validated = the curve's error when the "
      "fit left it out\n";
  out += fmt::format("  {:<26} {:>7} {:>12} {:>10} {:>16} {:>14}\n", "curve", "records",
                     "fitted MAPE", "max|err|", "cross-val. MAPE", "cv max|err|");
  for (const auto& [curve, s] : r.full.replay.curves) {
    const HeldOutCurve* h = held_out(r, curve);
    out += fmt::format("  {:<26} {:>7} {:>11.2f}% {:>9.2f}% {:>16} {:>14}\n", curve, s.records,
                       s.mape_pct, s.max_abs_pct,
                       h != nullptr ? fmt::format("{:.2f}%", h->error.mape_pct) : "-",
                       h != nullptr ? fmt::format("{:.2f}%", h->error.max_abs_pct) : "-");
  }
  out += fmt::format(
      "  {:<26} {:>7} {:>11.2f}% {:>9.2f}% {:>16} {:>14}\n", "overall",
      r.full.replay.overall.records, r.full.replay.overall.mape_pct,
      r.full.replay.overall.max_abs_pct,
      r.cross_validation.empty() ? std::string("-")
                                 : fmt::format("{:.2f}%", r.cross_validated.mape_pct),
      r.cross_validation.empty() ? std::string("-")
                                 : fmt::format("{:.2f}%", r.cross_validated.max_abs_pct));
  return out;
}

Json calibration_json(const CalibrationSpec& spec, const CalibrationResult& r) {
  Json j;
  // Each key as calibration_json_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) j[#key] = value;
#include <anesim/analysis/calibrate/calibration_json_keys.def>
#undef ANESIM_RESULT_KEY
  return j;
}

std::string calibration_progress_line(const CalibrationStep& step, double elapsed_s) {
  std::string line = fmt::format(
      "calibrate: {}: candidate {}, MAPE {:.2f} % (best {:.2f} %); {} of at most {} in all",
      step.fit, step.fit_evaluations, step.mape_pct, step.best_mape_pct, step.evaluations,
      step.planned);
  if (step.evaluations > 0 && step.planned > step.evaluations) {
    const double left_s = elapsed_s / step.evaluations * (step.planned - step.evaluations);
    line += left_s < 90 ? fmt::format(", at most {:.0f} s left", left_s)
                        : fmt::format(", at most {:.0f} min left", left_s / 60);
  }
  return line;
}

std::string calibration_note(const CalibrationSpec& spec, const CalibrationResult& r,
                             const std::string& command_line) {
  std::string traces;
  for (const Trace& t : spec.traces) {
    traces += (traces.empty() ? "" : ", ") + t.path;
  }
  std::string note = fmt::format("Fitted by anesim calibrate to {}:\n  {}\n", traces, command_line);
  note += fmt::format("Replay MAPE {:.2f} % on the fitted records", r.full.replay.overall.mape_pct);
  if (!r.cross_validation.empty()) {
    note += fmt::format(", {:.2f} % leave-one-curve-out", r.cross_validated.mape_pct);
  }
  note += " (docs/validation.md). Do not tune the fitted values by hand: rerun the command.";
  return note;
}

}  // namespace anesim
