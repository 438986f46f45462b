#include <anesim/cli/calibrate_command.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include <fmt/format.h>

#include <anesim/analysis/calibrate/calibration.h>
#include <anesim/analysis/calibrate/calibration_output.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/cli/shared_options.h>
#include <anesim/machine/builtin_config.h>
#include <anesim/machine/config_patch.h>
#include <anesim/machine/machine_config_reader.h>
#include <anesim/io/atomic_output.h>
#include <anesim/io/count_text.h>
#include <anesim/io/path_identity.h>
#include <anesim/io/scratch_directory.h>
#include <anesim/io/text_file.h>
#include <anesim/io/text_functions.h>

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

// KEY=LO:HI; whole-number keys are fitted in whole steps.
FreeParameter parse_free(const std::string& item, CalibrationSpec& spec) {
  const size_t eq = item.find('=');
  const std::vector<std::string> bounds =
      split_text(eq == std::string::npos ? "" : item.substr(eq + 1), ':');
  if (eq == std::string::npos || eq == 0 || bounds.size() != 2) {
    throw UsageError(
        fmt::format("--free: '{}' is not KEY=LO:HI (e.g. fabric.port_cycles_per_line=10:20)",
                    printable(item, 60)));
  }
  FreeParameter p;
  p.key = item.substr(0, eq);
  p.lo = parse_bound(bounds[0], item);
  p.hi = parse_bound(bounds[1], item);
  std::string base;
  try {
    base = config_value_text(spec.base_text, spec.base_origin, p.key);
  } catch (const ConfigError& e) {
    // An optional key the description leaves out (e.g. ane.op_overhead_cycles)
    // is added to it, if the reader takes it there; anything else is a typo.
    std::string added;
    try {
      added = with_inserted_key(spec.base_text, spec.base_origin, p.key, fmt::format("{}", p.lo));
      parse_config(added, spec.base_origin);
    } catch (const ConfigError&) {
      throw UsageError(fmt::format("--free {}: {}", printable(item, 60), e.what()));
    }
    spec.base_text = added;
    base = fmt::format("{}", p.lo);
  }
  // Whole-number keys are fitted in whole steps: a key is one if the machine
  // description refuses a fraction there (not if its present value is whole).
  const double fraction = std::min(std::floor((p.lo + p.hi) / 2) + 0.5, p.hi);
  try {
    parse_config(with_config_values(spec.base_text, spec.base_origin,
                                    {{p.key, fmt::format("{}", fraction)}}),
                 spec.base_origin);
    p.integer = fraction == std::floor(fraction);
  } catch (const ConfigError&) {
    p.integer = true;
  }
  // Only a number can be fitted: a text or boolean key has no range.
  char* end = nullptr;
  std::strtod(base.c_str(), &end);
  if (base.empty() || end == base.c_str() || *end != '\0') {
    throw UsageError(
        fmt::format("--free {}: {} is '{}', not a number; only numeric keys can be "
                    "fitted",
                    printable(item, 60), printable(p.key, 60), printable(base, 60)));
  }
  // The optimizer may try any value of the box: the values next to its ends
  // (the ends themselves are checked with the fit's other bounds) must be
  // ones the machine description accepts.
  const double step = p.integer ? 1.0 : (p.hi - p.lo) / 2;
  for (const double probe : {std::min(p.lo + step, p.hi), std::max(p.hi - step, p.lo)}) {
    const double value = p.integer ? std::round(probe) : probe;
    try {
      parse_config(
          with_config_values(spec.base_text, spec.base_origin, {{p.key, fmt::format("{}", value)}}),
          spec.base_origin);
    } catch (const ConfigError& e) {
      throw UsageError(fmt::format(
          "--free {}: the fit would try {} = {}, which the machine description refuses ({}); "
          "free only keys that take every value of the range",
          printable(item, 60), printable(p.key, 60), value, e.what()));
    }
  }
  return p;
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
  CalibrationSpec spec;
  spec.jobs = parse_jobs(opt.jobs);
  spec.max_evaluations =
      static_cast<unsigned>(parse_count(opt.max_evals, "--max-evals", 1, 100000));
  spec.cross_validate = !opt.no_cv;
  if (!opt.fit_cores.empty()) {
    spec.fit_cores = static_cast<uint32_t>(parse_count(opt.fit_cores, "--fit-cores", 1, 16));
  }
  // A bad base exits 3 before anything runs; its ring is the default variant.
  spec.variant = resolve_variant(opt.variant, load_machine(opt.config));
  if (opt.config.empty()) {
    spec.base_text = kBuiltinConfigYaml;
    spec.base_origin = "<built-in m3-air>";
  } else {
    std::string why;
    spec.base_text = *read_text_file(opt.config, kMaxConfigBytes, "config file", why);
    spec.base_origin = opt.config;
  }
  for (const std::string& item : opt.free) {
    spec.free.push_back(parse_free(item, spec));
  }
  std::vector<NamedPath> traces;
  for (const std::string& f : opt.files) {
    traces.push_back({"trace file", f});
  }
  refuse_overlapping_paths(traces, {{"--out", opt.out}, {"--summary", opt.summary}});
  // --out may be the --config itself: the description was read whole above
  // and is replaced atomically by its fitted version (the configs' header
  // commands refit them in place). The summary may not replace it.
  refuse_overlapping_paths({{"--config", opt.config}}, {{"--summary", opt.summary}});
  check_writable_directory(opt.out);
  if (!opt.summary.empty()) {
    check_writable_directory(opt.summary);
  }
  for (const std::string& f : opt.files) {
    spec.traces.push_back(read_trace_file(f));
  }
  refuse_repeated_records(spec.traces);
  const ScratchDirectory scratch("anesim-calibrate");
  spec.scratch_dir = scratch.path();
  const bool tty = isatty(STDERR_FILENO) == 1;
  const auto started = std::chrono::steady_clock::now();
  const CalibrationResult r = calibrate(spec, [&](const CalibrationStep& step) {
    if (tty) {
      const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - started;
      std::fputs(("\r\033[K" + calibration_progress_line(step, elapsed.count())).c_str(), stderr);
    }
  });
  if (tty) {
    std::fputs("\r\033[K", stderr);
  }
  write_file_atomically(
      opt.out, fitted_config_text(spec, r.full, calibration_note(spec, r, command_line(opt))));
  if (!opt.summary.empty()) {
    Json summary = calibration_json(spec, r);
    summary["command"] = command_line(opt);
    write_file_atomically(opt.summary, json_text(summary, 2) + "\n");
  }
  const std::string text =
      opt.json ? json_line(calibration_json(spec, r)) : calibration_text(spec, r);
  std::fputs(text.c_str(), stdout);
  return kExitOk;
}

}  // namespace anesim
