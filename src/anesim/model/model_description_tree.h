// A model description written back in the model format (docs/model-format.md,
// "Keys"), as a JSON tree: Python's load_model returns it as a dict that
// can be edited and passed to every call that takes a model. Its reader,
// parse_model_description_tree, reads it back to the same transfers and
// decode step.
#pragma once

#include <optional>

#include <anesim/io/json.h>
#include <anesim/model/model_description.h>

namespace anesim {

// The tree of `m`; nullopt for a model the format cannot state: one read
// from a safetensors header's tensors or from a compiled program.
std::optional<Json> model_description_tree(const ModelDescription& m);

}  // namespace anesim
