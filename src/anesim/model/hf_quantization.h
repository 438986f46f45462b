// A config.json's quantization (docs/model-format.md, "Quantized
// checkpoints"): transformers' `quantization_config` (GPTQ, AWQ,
// bitsandbytes, FP8) or MLX's `quantization`, read as the weight formats
// anesim times. A method or a bit width it has no format for is refused,
// never read as fp16.
#pragma once

#include <nlohmann/json.hpp>

#include <anesim/io/yaml_section.h>
#include <anesim/model/model_description.h>

namespace anesim {

// Sets the projections', the lm_head's and the model's dtype from `top`'s
// quantization keys when there are any (and says what it read in
// m.findings); fails through `top` naming the key otherwise.
void apply_hf_quantization(YamlSection& top, const nlohmann::json& json, ModelDescription& m);

}  // namespace anesim
