#include <anesim/api/advise.h>
#include <anesim/api/declared_inputs.h>

#include <fmt/format.h>

#include <anesim/analysis/advise/simulation_cache.h>
#include <anesim/api/model_source.h>
#include <anesim/api/weight_format_fields.h>
#include <anesim/io/atomic_output.h>
#include <anesim/io/count_text.h>
#include <anesim/io/errors.h>
#include <anesim/io/file_signature.h>
#include <anesim/io/path_identity.h>

namespace anesim::api {

AdviseResult advise(const AdviseRequest& r) {
  const SignatureScope one_view_of_each_file;
  check_count_field(r.jobs, "jobs", 1, 256);
  const bool has_model = r.model.given();
  const bool has_shape = r.cin || r.cout;
  DeclaredInputs inputs;
  if (!r.machine.machine) inputs.description(r.machine.config, field_mark("config"));
  inputs.model(r.model.name, field_mark("model"));
  refuse_overwriting_inputs(inputs, {{field_mark("csv"), r.csv}});
  if (!has_model && !has_shape) {
    throw FieldError("model",
                     fmt::format("advise: give {} NAME|FILE, or one shape with {} D {} N",
                                 field_mark("model"), field_mark("cin"), field_mark("cout")));
  }
  if (has_model && has_shape) {
    throw FieldError("model", fmt::format("{} excludes {}: advise a model or one shape",
                                          field_mark("model"), field_mark(r.cin ? "cin" : "cout")));
  }
  if (r.chips) {
    throw FieldError("chips", fmt::format("{}: several chips are fleet advice (advise_fleet)",
                                          field_mark("chips")));
  }
  if (has_shape && !r.dtype.rules.empty()) {
    throw FieldError("dtype", fmt::format("{}: one shape has one format; NAME=DTYPE rules are "
                                          "for a model's weights",
                                          field_mark("dtype")));
  }
  if (has_model && (r.kernel || r.groups)) {
    const char* given = r.kernel ? "kernel" : "groups";
    throw FieldError(given, fmt::format("{} is one shape's (with {} and {}); a model file gives "
                                        "each projection's kernel and groups",
                                        field_mark(given), field_mark("cin"), field_mark("cout")));
  }
  std::vector<Transfer> shape;
  if (has_shape) {
    check_count_field(r.cin.value_or(0), "cin", 1, UINT32_MAX);
    check_count_field(r.cout.value_or(0), "cout", 1, UINT32_MAX);
    const WeightFormat f = check_layer_format(*r.cin, *r.cout, r.dtype.every, r.kernel, r.groups);
    shape.push_back(Transfer{"shape", *r.cin, *r.cout, 1, f});
    if (const std::optional<Transfer> palette = palette_transfer(shape.back())) {
      shape.push_back(*palette);
    }
  }
  // Inputs are read and checked before any simulation starts; a file's
  // description is read once per process (description_store.h).
  const ChosenMachine chosen = choose_machine(r.machine, !r.exact);
  const MachineConfig& cfg = chosen.machine();
  AdviceSettings settings;
  settings.jobs = static_cast<unsigned>(r.jobs);
  settings.config_path = r.machine.config;
  settings.progress_label = r.progress_label;
  settings.price_splits = r.price_splits;
  settings.without_simulation = r.without_simulation;
  settings.table = chosen.table;
  settings.cache_scope = chosen.cache_scope;
  // Without a table a model's whole-token steps are simulated: asked without
  // simulating, it says so before reading the model.
  if (r.without_simulation && !has_shape && !settings.table) {
    throw NeedsSimulation(
        fmt::format("a model's whole-token steps, and {} has no timing table", cfg.source));
  }
  ModelDescription model;
  if (!has_shape) {
    model = load_model(r.model);
    apply_dtype_field(model, r.dtype);
  }
  if (!r.csv.empty()) {
    check_writable_directory(r.csv);
  }
  AdviseResult out;
  try {
    if (has_shape) {
      out.table = advise_transfers(shape, dtype_bits(shape[0].format.dtype) / 8, cfg, settings);
    } else {
      out.model = advise_model(model, cfg, settings);
      out.table = out.model->advice;
    }
  } catch (const NeedsSimulation& e) {
    throw NeedsSimulation(fmt::format("{}: {}", cfg.source, e.what()));  // which machine
  }
  return out;
}

}  // namespace anesim::api
