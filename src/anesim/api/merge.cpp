#include <anesim/api/merge.h>

#include <fmt/format.h>

#include <anesim/analysis/batch/part_file.h>
#include <anesim/analysis/replay/replay_parts.h>
#include <anesim/analysis/sweep/sweep_parts.h>
#include <anesim/api/declared_inputs.h>
#include <anesim/api/request_checks.h>
#include <anesim/io/errors.h>

namespace anesim::api {

namespace {

// A field the parts' kind does not take, refused by name.
void refuse(bool given, const char* field, const std::string& kind) {
  if (given) {
    throw FieldError(field, fmt::format("{}: not for {} parts", field_mark(field), kind));
  }
}

}  // namespace

MergeOutcome merge(const MergeRequest& r) {
  check_detrend(r.detrend);
  DeclaredInputs inputs;
  for (const std::string& path : r.parts) inputs.file(path, "part file");
  refuse_overwriting_inputs(inputs, {{field_mark("csv"), r.csv},
                                     {field_mark("plot"), r.plot},
                                     {field_mark("plot_time"), r.plot_time},
                                     {field_mark("plot_spectrum"), r.plot_spectrum}});
  std::vector<PartFile> parts;
  for (const std::string& path : r.parts) parts.push_back(read_part_file(path));
  MergeOutcome out;
  out.kind = parts.at(0).kind;
  if (out.kind == "sweep") {
    refuse(r.max_mape.has_value(), "max_mape", out.kind);
    out.sweep_outputs = {r.csv, r.plot, r.plot_time, r.plot_spectrum, r.fft, r.detrend == "linear"};
    check_sweep_outputs(out.sweep_outputs);
    out.sweep = merge_sweep_parts(parts);
    return out;
  }
  refuse(!r.plot_time.empty(), "plot_time", out.kind);
  refuse(r.fft, "fft", out.kind);
  refuse(!r.plot_spectrum.empty(), "plot_spectrum", out.kind);
  refuse(r.detrend != "mean", "detrend", out.kind);
  out.replay_outputs = {r.csv, r.plot, r.max_mape};
  check_replay_outputs(out.replay_outputs);
  out.replay = merge_replay_parts(parts);
  return out;
}

}  // namespace anesim::api
