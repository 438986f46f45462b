// Reads a Hugging Face transformers config.json as a model description, for
// the architectures the presets cover (docs/model-format.md, "config.json"):
// Llama, Qwen2, Qwen3 and Gemma 3 (its text_config). The projections follow
// from the head counts and widths; the lm_head's shards are what ANEMLL's
// converter cuts for the architecture (8 for Llama, 16 for the others).
#pragma once

#include <cstdint>
#include <string>

#include <anesim/model/model_description.h>

namespace anesim {

// The lm_head shards ANEMLL uses for `model_type` (llama: 8; qwen2, qwen3,
// gemma3, gemma3_text: 16); 0 for any other.
uint32_t anemll_lm_head_shards(const std::string& model_type);

// `text` is the config.json's text; `origin` names it in messages, and its
// folder names the model. Throws ModelFileError ("origin: field: what", or
// "origin:line:column: ..." for text that is not JSON): a missing key, a
// value of the wrong type or out of range, an unknown model_type.
ModelDescription parse_hf_config(const std::string& text, const std::string& origin);

// The file at `path` (at most 1 MiB). Throws ModelFileError naming it.
ModelDescription load_hf_config_file(const std::string& path);

// The model_type of the config.json at `path` ("" when there is no such
// file or it has no string model_type): how the safetensors reader picks
// the lm_head's shards from the config beside it. A file there that is not
// a readable JSON object is a ModelFileError.
std::string hf_model_type(const std::string& path);

}  // namespace anesim
