// --model NAME|FILE: a preset under configs/models/ by its lowercase name
// (src/config/model_presets.h), or a model description file
// (docs/model-format.md).
#pragma once

#include <string>

#include <anesim/config/model_description.h>

namespace anesim {

// A path (it holds a '/' or ends in .yaml or .yml) is read as a file;
// anything else must name a preset. An unknown name throws UsageError
// listing the presets (exit 2); a bad file throws ModelFileError (exit 5).
ModelDescription load_model_option(const std::string& text);

}  // namespace anesim
