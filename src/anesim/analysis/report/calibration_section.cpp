// The calibration behind the config: the fitted keys and, per curve, the
// fitted against the cross-validated error, from the summary `anesim
// calibrate --summary` wrote (the report does not refit: that takes minutes).
#include <fmt/format.h>

#include <anesim/analysis/report/sections.h>
#include <anesim/io/errors.h>
#include <anesim/io/json.h>
#include <anesim/io/text_file.h>

namespace anesim {

namespace {

std::string pct(const Json& j, const char* key) {
  return j.contains(key) ? fmt::format("{:.2f} %", j.at(key).get<double>()) : "-";
}

}  // namespace

void calibration_section(ReportContext& ctx, TemplateValues& v) {
  std::string why;
  const auto text = read_text_file(ctx.calibration_path, 1 << 20, "calibration summary", why);
  if (!text) {
    throw InputError(fmt::format("{}: {} (write it with anesim calibrate --summary)",
                                 ctx.calibration_path, why));
  }
  Json j;
  try {
    j = Json::parse(*text);
    std::string params, curves;
    for (const Json& p : j.at("parameters")) {
      params += fmt::format("| `{}` | {:.6g} | {:.6g} .. {:.6g} |\n",
                            p.at("key").get<std::string>(), p.at("fitted").get<double>(),
                            p.at("lo").get<double>(), p.at("hi").get<double>());
    }
    for (const Json& c : j.at("curves")) {
      curves += fmt::format("| {} | {} | {} | {} | {} | {} |\n", c.at("curve").get<std::string>(),
                            c.at("records").get<int>(), pct(c, "fitted_mape_pct"),
                            pct(c, "fitted_max_abs_error_pct"), pct(c, "cross_validated_mape_pct"),
                            pct(c, "cross_validated_max_abs_error_pct"));
    }
    curves += fmt::format("| overall | {} | {} | {} | {} | {} |\n", j.at("records").get<int>(),
                          pct(j, "fitted_mape_pct"), pct(j, "fitted_max_abs_error_pct"),
                          pct(j, "cross_validated_mape_pct"),
                          pct(j, "cross_validated_max_abs_error_pct"));
    v["calibration_command"] = j.at("command").get<std::string>();
    v["calibration_parameters"] = params;
    v["calibration_curves"] = curves;
  } catch (const Json::exception& e) {
    throw InputError(fmt::format("{}: not a calibration summary: {}",
                                 printable_whole(ctx.calibration_path), json_error_reason(e)));
  }
  v["calibration_file"] = ctx.calibration_path;
  const bool cv_ok = j.contains("cross_validated_mape_pct") &&
                     j.at("cross_validated_mape_pct").get<double>() <= 7.0;
  ctx.targets.emplace_back(
      "cross-validated MAPE <= 7 % (leave one curve out)",
      fmt::format("{}: {}", pct(j, "cross_validated_mape_pct"), target_outcome(cv_ok)));
}

}  // namespace anesim
