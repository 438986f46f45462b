#include <anesim/cli/calibrate_command.h>

#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include <fmt/format.h>

#include <anesim/api/calibrate.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/cli/field_errors.h>
#include <anesim/cli/shared_options.h>
#include <anesim/io/count_text.h>
#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>
#include <anesim/present/calibration_output.h>

namespace anesim {

namespace {

double parse_bound(const std::string& text, const std::string& item) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(v)) {
    throw UsageError(
        fmt::format("--free {}: '{}' is not a number", printable(item, 60), printable(text, 40)));
  }
  return v;
}

// KEY=LO:HI as typed; the library checks the key against the description.
api::FreeKey read_free(const std::string& item) {
  const size_t eq = item.find('=');
  const std::vector<std::string> bounds =
      split_text(eq == std::string::npos ? "" : item.substr(eq + 1), ':');
  if (eq == std::string::npos || eq == 0 || bounds.size() != 2) {
    throw UsageError(
        fmt::format("--free: '{}' is not KEY=LO:HI (e.g. fabric.port_cycles_per_line=10:20)",
                    printable(item, 60)));
  }
  return api::FreeKey{item.substr(0, eq), parse_bound(bounds[0], item),
                      parse_bound(bounds[1], item)};
}

std::string command_line(const CalibrateOptions& opt) {
  std::string s = "anesim calibrate";
  for (const std::string& f : opt.files) {
    s += " " + f;
  }
  for (const std::string& f : opt.free) {
    s += " --free " + f;
  }
  if (!opt.config.empty()) {
    s += " --config " + opt.config;
  }
  if (!opt.fit_cores.empty()) {
    s += " --fit-cores " + opt.fit_cores;
  }
  s += " --max-evals " + opt.max_evals + (opt.no_cv ? " --no-cv" : "") + " --out " + opt.out;
  if (!opt.summary.empty()) {
    s += " --summary " + opt.summary;
  }
  return s;
}

}  // namespace

CLI::App* add_calibrate_command(CLI::App& app, CalibrateOptions& opt) {
  CLI::App* cmd = app.add_subcommand(
      "calibrate", "fit free config keys to device traces (NLopt), with cross-validation");
  cmd->add_option("files", opt.files, "trace files of one machine (docs/trace-format.md)")
      ->required();
  cmd->add_option("--free", opt.free, "a free key and its physical bounds: KEY=LO:HI (repeat)")
      ->required();
  add_config_option(*cmd, opt.config);
  add_output_option(*cmd, "--out", opt.out, "write the fitted machine description here")
      ->required();
  add_variant_option(*cmd, opt.variant);
  cmd->add_option("--max-evals", opt.max_evals, "replays per fit at most (default 150)");
  cmd->add_flag("--no-cv", opt.no_cv, "skip the leave-one-curve-out cross-validation");
  cmd->add_option("--fit-cores", opt.fit_cores,
                  "while fitting, simulate records on at most C cores (reported errors use the "
                  "recorded cores)");
  cmd->add_flag("--json", opt.json, "print one JSON object instead of the tables");
  add_output_option(*cmd, "--summary", opt.summary,
                    "also write that JSON object to FILE (docs/validation.md shows it)");
  add_jobs_option(*cmd, opt.jobs);
  return cmd;
}

int calibrate_command(const CalibrateOptions& opt) {
  api::CalibrateRequest request;
  request.files = opt.files;
  for (const std::string& item : opt.free) {
    request.free.push_back(read_free(item));
  }
  request.config = opt.config;
  request.out = opt.out;
  request.summary = opt.summary;
  if (opt.variant.given) {
    request.variant = parse_variant_option(opt.variant.text, "--variant");
  }
  request.max_evals = parse_count(opt.max_evals, "--max-evals", 0, UINT64_MAX);
  request.cross_validate = !opt.no_cv;
  request.fit_cores = optional_count(opt.fit_cores, "--fit-cores");
  request.jobs = parse_count(opt.jobs, "--jobs", 0, UINT64_MAX);
  request.command_line = command_line(opt);
  std::string free_text;  // each --free, in order (no item holds a comma)
  for (const std::string& item : opt.free) {
    free_text += (free_text.empty() ? "" : ",") + item;
  }
  const TypedText typed = {{"jobs", opt.jobs},
                           {"max_evals", opt.max_evals},
                           {"fit_cores", opt.fit_cores},
                           {"free", free_text}};
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
