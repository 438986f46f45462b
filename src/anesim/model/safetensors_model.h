// A model description from a safetensors header's tensors
// (docs/model-format.md, "safetensors"): every 2-D fp16 or bf16 matrix is a
// streamed weight, grouped by its name with the layer numbers as '*'
// ("model.layers.*.mlp.down_proj.weight", once per layer); the embedding is
// a lookup and left out; other dtypes and shapes are listed as skipped.
#pragma once

#include <string>
#include <vector>

#include <anesim/model/model_description.h>
#include <anesim/model/safetensors_header.h>

namespace anesim {

// A tensor's name with every all-digit part between dots as '*'.
std::string layer_pattern(const std::string& tensor_name);

// `lm_head_shards`: the converter's split of the lm_head (1: unsplit).
// Throws ModelFileError when no tensor is a streamable matrix.
ModelDescription model_from_tensors(const std::vector<SafetensorsTensor>& tensors,
                                    const std::string& origin, uint32_t lm_head_shards);

// A .safetensors file or a model.safetensors.index.json; the lm_head's
// shards follow the config.json beside it when there is one (ANEMLL's
// split for its model_type), else 1.
ModelDescription load_safetensors_model(const std::string& path);

}  // namespace anesim
