#include <anesim/cli/model_option.h>

#include <algorithm>
#include <filesystem>
#include <system_error>

#include <fmt/format.h>

#include <anesim/config/hf_config_reader.h>
#include <anesim/config/safetensors_model.h>
#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>

#ifndef ANESIM_MODELS_DIR
#define ANESIM_MODELS_DIR "configs/models"
#endif

namespace anesim {

namespace {

bool looks_like_path(const std::string& text) {
  return text.find('/') != std::string::npos || ends_with(text, ".yaml") ||
         ends_with(text, ".yml") || ends_with(text, ".json") || ends_with(text, ".safetensors");
}

std::string preset_list() {
  const std::vector<std::string> names = model_preset_names();
  if (names.empty()) {
    return fmt::format("none found in {}", model_presets_directory());
  }
  std::string out;
  for (const std::string& n : names) {
    out += (out.empty() ? "" : ", ") + n;
  }
  return out;
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

std::string model_presets_directory() { return ANESIM_MODELS_DIR; }

std::vector<std::string> model_preset_names() {
  namespace fs = std::filesystem;
  std::vector<std::string> names;
  std::error_code ec;
  for (fs::directory_iterator it(model_presets_directory(), ec), end; !ec && it != end;
       it.increment(ec)) {
    const fs::path& p = it->path();
    if (p.extension() == ".yaml" && it->is_regular_file(ec)) {
      names.push_back(p.stem().string());
    }
  }
  std::sort(names.begin(), names.end());
  return names;
}

ModelDescription load_model_option(const std::string& text) {
  if (text.empty()) {
    throw UsageError(fmt::format("--model: expected a preset name or a model file (presets: {})",
                                 preset_list()));
  }
  if (looks_like_path(text)) {
    return load_model_path(text);
  }
  const std::vector<std::string> names = model_preset_names();
  if (std::find(names.begin(), names.end(), text) == names.end()) {
    throw UsageError(
        fmt::format("--model: '{}' is not a preset (presets: {}; or give a model "
                    "file path, docs/model-format.md)",
                    printable(text, 60), preset_list()));
  }
  ModelDescription m = load_model_file(model_presets_directory() + "/" + text + ".yaml");
  m.source = fmt::format("<preset {}>", text);
  return m;
}

}  // namespace anesim
