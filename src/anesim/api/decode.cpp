#include <anesim/api/advise.h>
#include <anesim/api/declared_inputs.h>
#include <anesim/api/decode.h>

#include <fmt/format.h>

#include <anesim/analysis/decode/split_file.h>
#include <anesim/analysis/step/step_plan.h>
#include <anesim/api/model_source.h>
#include <anesim/api/weight_format_fields.h>
#include <anesim/io/atomic_output.h>
#include <anesim/io/count_text.h>
#include <anesim/io/gnuplot_plot.h>
#include <anesim/io/path_identity.h>
#include <anesim/io/text_functions.h>
#include <anesim/machine/machine_config_reader.h>

namespace anesim::api {

SplitChoice split_choice_field(const std::string& text) {
  if (text == "none") return DecodeSplit::kNone;
  if (text == "advised") return DecodeSplit::kAdvised;
  SplitChoice c(DecodeSplit::kFile);
  c.file = text;
  return c;
}

DecodeResult decode(const DecodeRequest& r) {
  check_count_field(r.jobs, "jobs", 1, 256);
  // A safetensors model reads the config.json beside it and its shards too.
  DeclaredInputs inputs;
  inputs.description(r.config, field_mark("config"));
  if (!r.model.description) inputs.model(r.model.name, field_mark("model"));
  inputs.file(r.split.policy == DecodeSplit::kFile ? r.split.file : "", field_mark("split"));
  refuse_overwriting_inputs(inputs,
                            {{field_mark("csv"), r.csv}, {field_mark("timeline"), r.timeline}});
  DecodeSettings settings;
  settings.jobs = static_cast<unsigned>(r.jobs);
  settings.config_path = r.config;
  settings.progress_label = r.progress_label;
  // Inputs are read and checked before any simulation starts.
  const MachineConfig cfg = load_config_or_builtin(r.config);
  ModelDescription model = load_model(r.model);
  apply_dtype_field(model, r.dtype);
  require_decoder_layers(model);  // before --programs, which it would make look wrong
  check_count_field(r.programs, "programs", 1, model.layers);
  settings.programs = static_cast<uint32_t>(r.programs);
  if (!r.timeline.empty() && !plot_extension_ok(r.timeline)) {
    throw FieldError(
        "timeline",
        fmt::format("{}: '{}' must end in .svg or .png", field_mark("timeline"), value_mark()),
        printable(r.timeline, 60));
  }
  if (r.split.policy == DecodeSplit::kFile && r.split.file.empty()) {
    throw FieldError("split", field_mark("split") + ": expected a split file's path");
  }
  for (const std::string* out : {&r.csv, &r.timeline}) {
    if (!out->empty()) check_writable_directory(*out);
  }
  SplitPolicy policy;
  if (r.split.policy == DecodeSplit::kAdvised) {
    // advise's own answer: from the timing table where it answers, and only
    // the splits the whole token confirms (advise_model).
    AdviseRequest a;
    a.model.description = model;
    a.machine.config = r.config;
    a.jobs = r.jobs;
    a.progress_label = "advise";
    policy = split_policy_of(api::advise(a).table);
  } else if (r.split.policy == DecodeSplit::kFile) {
    policy = read_split_file(r.split.file, model);
  }
  // Both plans are checked (roles, sizes) before simulating.
  plan_step(model, policy, settings.programs);

  return decode_model(model, policy, cfg, settings);
}

}  // namespace anesim::api
