// A request's model: a preset under configs/models/ by its lowercase name
// (src/anesim/model/model_presets.h), or a model file: a model description, a
// transformers config.json or a safetensors header (docs/model-format.md).
#pragma once

#include <string>

#include <anesim/model/model_description.h>

namespace anesim::api {

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

}  // namespace anesim::api
