#include <anesim/api/calibrate.h>
#include <anesim/api/declared_inputs.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>

#include <fmt/format.h>

#include <anesim/analysis/calibrate/calibration_output.h>
#include <anesim/analysis/trace/trace_format.h>
#include <anesim/io/atomic_output.h>  // check_writable_directory
#include <anesim/io/count_text.h>
#include <anesim/io/path_identity.h>
#include <anesim/io/scratch_directory.h>
#include <anesim/io/text_file.h>
#include <anesim/io/text_functions.h>
#include <anesim/machine/builtin_config.h>
#include <anesim/machine/config_overlay.h>
#include <anesim/machine/config_patch.h>
#include <anesim/machine/machine_config_reader.h>

namespace anesim::api {

namespace fs = std::filesystem;

namespace {

// "--free KEY=LO:HI: why", the item as typed where the front end knows it.
[[noreturn]] void refuse_free(size_t i, const FreeKey& f, const std::string& why) {
  throw FieldError("free", fmt::format("{} {}: {}", field_mark("free"), value_mark(), why),
                   printable(fmt::format("{}={}:{}", f.key, f.lo, f.hi), 60), static_cast<long>(i));
}

// A free key the base description takes over the whole range; whole-number
// keys are fitted in whole steps.
FreeParameter check_free(size_t i, const FreeKey& f, CalibrationSpec& spec) {
  FreeParameter p;
  p.key = f.key;
  p.lo = f.lo;
  p.hi = f.hi;
  if (f.key.empty() || !std::isfinite(f.lo) || !std::isfinite(f.hi)) {
    refuse_free(i, f, "expected KEY=LO:HI with a key and finite bounds");
  }
  // A run's limits are not the machine's: a fit over them would only find
  // where the traces stop fitting under the limit.
  if (f.key.rfind("simulation.", 0) == 0) {
    refuse_free(i, f,
                fmt::format("{} is a limit of the simulation, not a parameter of the machine; "
                            "free keys of dram, fabric, ane or power",
                            printable(f.key, 60)));
  }
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
      refuse_free(i, f, e.what());
    }
    spec.base_text = added;
    base = fmt::format("{}", p.lo);
  }
  // A key is whole-number if the machine description refuses a fraction
  // there (not if its present value is whole).
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
    refuse_free(i, f,
                fmt::format("{} is '{}', not a number; only numeric keys can be fitted",
                            printable(p.key, 60), printable(base, 60)));
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
      refuse_free(i, f,
                  fmt::format("the fit would try {} = {}, which the machine description refuses "
                              "({}); free only keys that take every value of the range",
                              printable(p.key, 60), value, e.what()));
    }
  }
  return p;
}

}  // namespace

CalibrateOutcome calibrate(const CalibrateRequest& r, const CalibrationProgress& progress) {
  CalibrateOutcome out;
  CalibrationSpec& spec = out.spec;
  check_count_field(r.jobs, "jobs", 1, 256);
  spec.jobs = static_cast<unsigned>(r.jobs);
  check_count_field(r.max_evals, "max_evals", 1, 100000);
  spec.max_evaluations = static_cast<unsigned>(r.max_evals);
  spec.cross_validate = r.cross_validate;
  if (r.fit_cores) {
    check_count_field(*r.fit_cores, "fit_cores", 1, 16);
    spec.fit_cores = static_cast<uint32_t>(*r.fit_cores);
  }
  // A bad base fails before anything runs; its ring is the default variant.
  spec.variant = r.variant.value_or(load_config_or_builtin(r.config).ane.ring_variant);
  if (r.config.empty()) {
    spec.base_text = kBuiltinConfigYaml;
    spec.base_origin = "<built-in m3-air>";
  } else {
    std::string why;
    spec.base_text = *read_text_file(r.config, kMaxConfigBytes, "config file", why);
    spec.base_origin = r.config;
  }
  for (size_t i = 0; i < r.free.size(); ++i) {
    spec.free.push_back(check_free(i, r.free[i], spec));
  }
  // `out` may replace the description, not what it stands on.
  DeclaredInputs inputs;
  inputs.bases_of(r.config, field_mark("config"));
  inputs.table_of(r.config, field_mark("config"));
  for (const std::string& f : r.files) {
    inputs.file(f, "trace file");
  }
  refuse_overwriting_inputs(inputs,
                            {{field_mark("out"), r.out}, {field_mark("summary"), r.summary}});
  // `out` may be the config itself: the description was read whole above
  // and is replaced atomically by its fitted version (the configs' header
  // commands refit them in place). The summary may not replace it.
  refuse_overlapping_paths({{field_mark("config"), r.config}},
                           {{field_mark("summary"), r.summary}});
  if (!r.out.empty()) {
    check_writable_directory(r.out);
  }
  if (!r.summary.empty()) {
    check_writable_directory(r.summary);
  }
  for (const std::string& f : r.files) {
    spec.traces.push_back(read_trace_file(f));
  }
  refuse_repeated_records(spec.traces);
  const ScratchDirectory scratch("anesim-calibrate");
  spec.scratch_dir = scratch.path();
  out.result = anesim::calibrate(spec, progress);
  out.fitted_text =
      fitted_config_text(spec, out.result.full, calibration_note(spec, out.result, r.command_line));
  // Written to another folder, the description must still find its base.
  if (!r.config.empty() && !r.out.empty() &&
      fs::absolute(r.out).parent_path() != fs::absolute(r.config).parent_path()) {
    out.fitted_text = with_anchored_base(out.fitted_text, r.config);
  }
  return out;
}

}  // namespace anesim::api
