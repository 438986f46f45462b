// Reads a Hugging Face transformers config.json as a model description
// (docs/model-format.md, "config.json"): Llama, Mistral, Qwen2, Qwen3,
// Gemma, Gemma 2, Gemma 3 (its text_config) and Phi-3, a key left out (or
// null) taking transformers' default for the architecture. The projections
// follow from the head counts and widths, with the roles that place a
// decode step's ops (as a preset's names do); Phi-3's fused qkv_proj and
// gate_up_proj are one transfer each, as stored. The lm_head's shards are
// what ANEMLL's converter cuts (8 for Llama; 16 for Qwen2, Qwen3, Gemma 3;
// unsplit for the architectures it has no converter for).
#pragma once

#include <cstdint>
#include <string>

#include <anesim/model/model_description.h>

namespace anesim {

// The lm_head shards for `model_type` (llama: 8; qwen2, qwen3, gemma3,
// gemma3_text: 16; mistral, gemma, gemma2, phi3: 1); 0 for any other.
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
