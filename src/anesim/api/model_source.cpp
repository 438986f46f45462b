#include <anesim/api/model_source.h>

#include <fmt/format.h>

#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>
#include <anesim/model/compiled_program.h>
#include <anesim/model/hf_config_reader.h>
#include <anesim/model/model_presets.h>
#include <anesim/model/safetensors_model.h>

namespace anesim::api {

namespace {

bool looks_like_path(const std::string& text) {
  return text.find('/') != std::string::npos || ends_with(text, ".yaml") ||
         ends_with(text, ".yml") || ends_with(text, ".json") || ends_with(text, ".safetensors") ||
         ends_with(text, ".mil") || ends_with(text, ".mlmodelc") || ends_with(text, ".mlpackage");
}

}  // namespace

ModelDescription load_model_path(const std::string& path) {
  if (looks_like_program(path)) {  // a compiled program, or a folder of them
    return program_model(load_compiled_program(path));
  }
  if (ends_with(path, ".safetensors") || ends_with(path, ".safetensors.index.json")) {
    return load_safetensors_model(path);
  }
  if (ends_with(path, ".json")) {
    return load_hf_config_file(path);
  }
  return load_model_file(path);
}

ModelDescription load_model(const ModelChoice& choice, const std::string& field) {
  return choice.description ? *choice.description : load_model(choice.name, field);
}

ModelDescription load_model(const std::string& text, const std::string& field) {
  if (text.empty()) {
    throw FieldError(field, fmt::format("{}: expected a preset name or a model file (presets: {})",
                                        field_mark(field), model_preset_list()));
  }
  if (looks_like_path(text)) {
    return load_model_path(text);
  }
  if (!is_model_preset(text)) {
    throw FieldError(field,
                     fmt::format("{}: '{}' is not a preset (presets: {}; or give a model "
                                 "file path, docs/model-format.md)",
                                 field_mark(field), printable(text, 60), model_preset_list()));
  }
  return load_model_preset(text);
}

}  // namespace anesim::api
