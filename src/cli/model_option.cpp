#include <anesim/cli/model_option.h>

#include <fmt/format.h>

#include <anesim/model/hf_config_reader.h>
#include <anesim/model/model_presets.h>
#include <anesim/model/safetensors_model.h>
#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>

namespace anesim {

namespace {

bool looks_like_path(const std::string& text) {
  return text.find('/') != std::string::npos || ends_with(text, ".yaml") ||
         ends_with(text, ".yml") || ends_with(text, ".json") || ends_with(text, ".safetensors");
}

}  // namespace

ModelDescription load_model_path(const std::string& path) {
  if (ends_with(path, ".safetensors") || ends_with(path, ".safetensors.index.json")) {
    return load_safetensors_model(path);
  }
  if (ends_with(path, ".json")) {
    return load_hf_config_file(path);
  }
  return load_model_file(path);
}

ModelDescription load_model_option(const std::string& text) {
  if (text.empty()) {
    throw UsageError(fmt::format("--model: expected a preset name or a model file (presets: {})",
                                 model_preset_list()));
  }
  if (looks_like_path(text)) {
    return load_model_path(text);
  }
  if (!is_model_preset(text)) {
    throw UsageError(
        fmt::format("--model: '{}' is not a preset (presets: {}; or give a model "
                    "file path, docs/model-format.md)",
                    printable(text, 60), model_preset_list()));
  }
  return load_model_preset(text);
}

}  // namespace anesim
