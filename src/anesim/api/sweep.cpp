#include <anesim/api/declared_inputs.h>
#include <anesim/api/sweep.h>

#include <algorithm>

#include <fmt/format.h>

#include <anesim/api/request_checks.h>
#include <anesim/io/atomic_output.h>
#include <anesim/io/count_text.h>
#include <anesim/io/path_identity.h>
#include <anesim/machine/machine_config_reader.h>

namespace anesim::api {

namespace {

std::string range_text(const SweepRange& r) {
  return fmt::format("{}:{}:{}", r.first, r.last, r.step);
}

// The range's values: in order, at most 100000, negative only on x.
void check_range(const SweepRequest& r, SweepSpec& spec) {
  const std::string field = range_field(r.axis);
  const std::string shown = range_text(r.range);
  const SweepRange& g = r.range;
  for (int64_t v : {g.first, g.last}) {
    if (v < 0 && r.axis != SweepAxis::kX) {
      throw FieldError(
          field,
          fmt::format("{}: '{}' in '{}' may not be negative", field_mark(field), v, value_mark()),
          shown);
    }
  }
  if (g.step < 1) {
    throw FieldError(field,
                     fmt::format("{}: the step {} in '{}' is not at least 1", field_mark(field),
                                 g.step, value_mark()),
                     shown);
  }
  if (g.last < g.first) {
    throw FieldError(field,
                     fmt::format("{}: '{}' ends before it starts", field_mark(field), value_mark()),
                     shown);
  }
  if ((g.last - g.first) / g.step + 1 > 100000) {
    throw FieldError(
        field, fmt::format("{}: '{}' has more than 100000 points", field_mark(field), value_mark()),
        shown);
  }
  spec.values = evenly_spaced(g.first, g.last, g.step);
  spec.step = g.step;
}

// The fixed size an axis needs, and the laps of an x sweep.
void check_axis(const SweepRequest& r, SweepSpec& spec) {
  const std::string field = range_field(r.axis);
  if (r.axis == SweepAxis::kCin && !r.cout) {
    throw FieldError("cout", fmt::format("{}: needs {} N", field_mark(field), field_mark("cout")));
  }
  if (r.axis == SweepAxis::kCout && !r.cin) {
    throw FieldError("cin", fmt::format("{}: needs {} D", field_mark(field), field_mark("cin")));
  }
  if (r.cin) {
    check_count_field(*r.cin, "cin", 1, UINT32_MAX);
    spec.cin = *r.cin;
  }
  if (r.cout) {
    check_count_field(*r.cout, "cout", 1, UINT32_MAX);
    spec.cout = *r.cout;
  }
  if (r.axis == SweepAxis::kCores || r.axis == SweepAxis::kSplit) {
    spec.lines = check_size(r.lines, r.cin, r.cout);
  }
  if (r.axis != SweepAxis::kX) {
    if (!r.laps.empty()) {
      throw FieldError("laps", fmt::format("{}: only with {}", field_mark("laps"),
                                           field_mark(range_field(SweepAxis::kX))));
    }
    return;
  }
  spec.laps.clear();
  for (size_t i = 0; i < r.laps.size(); ++i) {
    check_count_field(r.laps[i], "laps", 0, 0x3ffff, static_cast<long>(i));
    if (std::find(r.laps.begin(), r.laps.begin() + i, r.laps[i]) != r.laps.begin() + i) {
      throw FieldError("laps", fmt::format("{}: {} is listed twice (each lap once: a sweep point "
                                           "per row)",
                                           field_mark("laps"), r.laps[i]));
    }
    spec.laps.push_back(static_cast<uint32_t>(r.laps[i]));
  }
  if (spec.laps.empty()) {
    spec.laps = {1};
  }
}

}  // namespace

std::string range_field(SweepAxis axis) { return std::string(axis_name(axis)) + "_range"; }

SweepSpec sweep_spec(const SweepRequest& r, const MachineConfig& cfg) {
  SweepSpec spec;
  check_count_field(r.jobs, "jobs", 1, 256);
  spec.jobs = static_cast<unsigned>(r.jobs);
  spec.config = r.config;
  check_distinct(r.variants, "variants");
  spec.variants = r.variants;
  if (spec.variants.empty()) {
    spec.variants = {cfg.ane.ring_variant};
    if (cfg.ane.ring_variant != RingVariant::kFix) {
      spec.variants.push_back(RingVariant::kFix);
    }
  }
  spec.cores = check_cores(r.cores, cfg);
  check_count_field(r.split, "split", 1, UINT32_MAX);
  spec.split = static_cast<uint32_t>(r.split);
  check_count_field(r.base_line, "base_line", 0, UINT32_MAX);
  spec.base_line = static_cast<uint32_t>(r.base_line);
  spec.axis = r.axis;
  check_axis(r, spec);
  check_range(r, spec);
  return spec;
}

SweepOutputs SweepRequest::outputs() const {
  return {csv, plot, plot_time, plot_spectrum, fft, detrend == "linear"};
}

SweepOutcome sweep(const SweepRequest& r) {
  check_detrend(r.detrend);
  const SweepOutputs o = r.outputs();
  DeclaredInputs inputs;
  inputs.description(r.config, field_mark("config"));
  refuse_overwriting_inputs(inputs, {{field_mark("csv"), o.csv},
                                     {field_mark("plot"), o.plot},
                                     {field_mark("plot_time"), o.plot_time},
                                     {field_mark("plot_spectrum"), o.plot_spectrum}});
  SweepOutcome out;
  out.outputs = o;
  out.machine = load_config_or_builtin(r.config);
  const MachineConfig& cfg = out.machine;
  const SweepSpec spec = sweep_spec(r, cfg);
  if (r.shard) {
    if (!r.slurm_script.empty()) {
      throw FieldError(
          "shard", fmt::format("{} excludes {}", field_mark("shard"), field_mark("slurm_script")));
    }
    if (o.csv.empty()) {
      throw FieldError("shard", fmt::format("{}: needs {} PART (the file the shard's rows go to)",
                                            field_mark("shard"), field_mark("csv")));
    }
    if (!o.plot.empty() || !o.plot_time.empty() || !o.plot_spectrum.empty() || o.fft) {
      throw FieldError("shard", fmt::format("{}: plots and {} come from the merged parts "
                                            "(anesim merge)",
                                            field_mark("shard"), field_mark("fft")));
    }
    check_writable_directory(o.csv);
    out.kind = SweepKind::kShard;
    out.result = run_sweep(spec, cfg, "sweep", *r.shard);
    return out;
  }
  if (!r.slurm_script.empty()) {
    if (!r.shards) {
      throw FieldError("slurm_script",
                       fmt::format("{}: needs {} N (the job array's tasks)",
                                   field_mark("slurm_script"), field_mark("shards")));
    }
    const size_t points = sweep_rows(spec, cfg.ane.cores).size();
    check_count_field(*r.shards, "shards", 1, std::min<uint64_t>(points, kMaxShards));
    check_sweep_outputs(o);
    slurm_directory(r.slurm_script);  // a path #SBATCH lines can carry
    out.kind = SweepKind::kSlurm;
    out.slurm = {r.slurm_script, static_cast<uint32_t>(*r.shards), r.anesim_binary, spec, o};
    return out;
  }
  if (r.shards) {
    throw FieldError("shards", fmt::format("{}: only with {}", field_mark("shards"),
                                           field_mark("slurm_script")));
  }
  check_sweep_outputs(o);
  out.result = run_sweep(spec, cfg, "sweep");
  return out;
}

}  // namespace anesim::api
