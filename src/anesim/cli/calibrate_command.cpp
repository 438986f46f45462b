#include <anesim/cli/calibrate_command.h>

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <string>

#include <anesim/api/calibrate.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/cli/field_errors.h>
#include <anesim/io/json.h>
#include <anesim/present/calibration_output.h>

namespace anesim {

namespace {

// How the fit is recorded in the description's note: the options as typed.
std::string command_line(const FieldTexts& f, const api::CalibrateRequest& r) {
  std::string s = "anesim calibrate";
  for (const std::string& file : f.files.at("files")) {
    s += " " + file;
  }
  for (const std::string& item : f.files.at("free")) {
    s += " --free " + item;
  }
  if (!r.config.empty()) {
    s += " --config " + r.config;
  }
  if (!f.text_of("fit_cores").empty()) {
    s += " --fit-cores " + f.text_of("fit_cores");
  }
  const std::string& evals = f.text_of("max_evals");
  s += " --max-evals " + (evals.empty() ? std::to_string(r.max_evals) : evals) +
       (r.cross_validate ? "" : " --no-cv") + " --out " + r.out;
  if (!r.summary.empty()) {
    s += " --summary " + r.summary;
  }
  return s;
}

}  // namespace

CLI::App* add_calibrate_command(CLI::App& app, CalibrateOptions& opt) {
  CLI::App* cmd = app.add_subcommand(
      "calibrate", "fit free config keys to device traces (NLopt), with cross-validation");
  add_field_options<api::CalibrateRequest>(*cmd, opt.fields);
  cmd->add_flag("--json", opt.json, "print one JSON object instead of the tables");
  return cmd;
}

int calibrate_command(const CalibrateOptions& opt) {
  api::CalibrateRequest request = field_request<api::CalibrateRequest>(opt.fields);
  request.command_line = command_line(opt.fields, request);
  const TypedText typed = typed_text(opt.fields);
  const bool tty = isatty(STDERR_FILENO) == 1;
  const auto started = std::chrono::steady_clock::now();
  const api::CalibrateOutcome r = call_library(typed, [&] {
    return api::calibrate(request, [&](const CalibrationStep& step) {
      if (tty) {
        const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - started;
        std::fputs(("\r\033[K" + present::calibration_progress_line(step, elapsed.count())).c_str(),
                   stderr);
      }
    });
  });
  if (tty) {
    std::fputs("\r\033[K", stderr);
  }
  present::write_calibration(r, request);
  const std::string text = opt.json ? json_line(present::calibration_json(r.spec, r.result))
                                    : present::calibration_text(r.spec, r.result);
  std::fputs(text.c_str(), stdout);
  return kExitOk;
}

}  // namespace anesim
