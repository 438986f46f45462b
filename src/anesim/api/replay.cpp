#include <anesim/api/declared_inputs.h>
#include <anesim/api/replay.h>

#include <cmath>

#include <fmt/format.h>

#include <anesim/analysis/trace/trace_format.h>
#include <anesim/io/atomic_output.h>
#include <anesim/io/count_text.h>
#include <anesim/io/gnuplot_plot.h>
#include <anesim/io/path_identity.h>
#include <anesim/machine/machine_config_reader.h>

namespace anesim::api {

void check_replay_outputs(const ReplayOutputs& o) {
  if (o.max_mape && (!std::isfinite(*o.max_mape) || *o.max_mape < 0)) {
    throw FieldError(
        "max_mape",
        fmt::format("{}: '{}' is not a percentage >= 0", field_mark("max_mape"), value_mark()),
        fmt::format("{}", *o.max_mape));
  }
  if (!o.plot.empty() && !plot_extension_ok(o.plot)) {
    throw FieldError(
        "plot", fmt::format("{}: '{}' must end in .png or .svg", field_mark("plot"), value_mark()),
        o.plot);
  }
  // Fail on unwritable outputs before spending time simulating.
  for (const std::string* out : {&o.csv, &o.plot}) {
    if (!out->empty()) check_writable_directory(*out);
  }
}

ReplayOutputs ReplayRequest::outputs() const { return {csv, plot, max_mape}; }

ReplayOutcome replay(const ReplayRequest& r) {
  check_count_field(r.jobs, "jobs", 1, 256);
  const ReplayOutputs o = r.outputs();
  if (r.shard) {
    if (o.csv.empty()) {
      throw FieldError("shard", fmt::format("{}: needs {} PART (the file the shard's rows go to)",
                                            field_mark("shard"), field_mark("csv")));
    }
    if (!o.plot.empty() || o.max_mape) {
      throw FieldError(
          "shard", fmt::format("{}: {} and {} apply to the merged parts "
                               "(anesim merge)",
                               field_mark("shard"), field_mark("plot"), field_mark("max_mape")));
    }
  }
  DeclaredInputs inputs;
  inputs.description(r.config, field_mark("config"));
  for (const std::string& f : r.files) {
    inputs.file(f, "trace file");
  }
  refuse_overwriting_inputs(inputs, {{field_mark("csv"), o.csv}, {field_mark("plot"), o.plot}});
  check_replay_outputs(o);
  ReplayOutcome out;
  out.outputs = o;
  out.machine = load_config_or_builtin(r.config);
  const MachineConfig& cfg = out.machine;
  const RingVariant variant = r.variant.value_or(cfg.ane.ring_variant);
  std::vector<Trace>& traces = out.traces;
  for (const std::string& f : r.files) {
    traces.push_back(read_trace_file(f));
  }
  refuse_repeated_records(traces);
  const auto jobs = static_cast<unsigned>(r.jobs);
  if (!r.shard) {
    out.result = replay_traces(traces, variant, cfg, r.config, jobs, "replay");
    return out;
  }
  out.result = replay_traces(traces, variant, cfg, r.config, jobs, "replay", *r.shard);
  out.sharded = true;
  out.config = r.config;
  return out;
}

bool above_max_mape(const ReplayResult& r, const ReplayOutputs& o) {
  return o.max_mape && r.overall.mape_pct > *o.max_mape;
}

}  // namespace anesim::api
