// A request's model: a preset under configs/models/ by its lowercase name
// (src/anesim/model/model_presets.h), or a model file: a model description, a
// transformers config.json or a safetensors header (docs/model-format.md).
#pragma once

#include <optional>
#include <string>
#include <utility>

#include <anesim/model/model_description.h>

namespace anesim::api {

// A request's model (--model, model=): a preset's name or a model file, or
// a model already read (Python's dict). Implicitly made from a name, as C++
// callers write it (`r.model = "llama-3.2-1b"`).
struct ModelChoice {
  ModelChoice() = default;
  ModelChoice(std::string text) : name(std::move(text)) {}
  ModelChoice(const char* text) : name(text) {}
  bool given() const { return !name.empty() || description.has_value(); }
  std::string name;                             // preset or file; "" = none
  std::optional<ModelDescription> description;  // when set, used instead of `name`
};

// A model file by its name: a compiled program (a .mlmodelc or
// deployment folder, a .mil file; compiled_program.h), *.safetensors or *.safetensors.index.json
// (the header only), any other *.json (a transformers config.json), else a model description
// (YAML). Throws ModelFileError.
ModelDescription load_model_path(const std::string& path);

// A path (it holds a '/' or ends in .yaml, .yml, .json, .safetensors, .mil,
// .mlmodelc or .mlpackage) is
// read as a file (load_model_path); anything else must name a preset. An unknown name throws
// a FieldError naming `field` and listing the presets; a bad file throws
// ModelFileError.
ModelDescription load_model(const std::string& text, const std::string& field = "model");
// The model `choice` gives: its description, else load_model(name).
ModelDescription load_model(const ModelChoice& choice, const std::string& field = "model");

}  // namespace anesim::api
