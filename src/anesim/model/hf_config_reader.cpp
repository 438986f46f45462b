#include <anesim/model/hf_config_reader.h>

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <anesim/io/errors.h>
#include <anesim/io/json.h>
#include <anesim/io/text_file.h>
#include <anesim/io/text_functions.h>
#include <anesim/io/yaml_section.h>
#include <anesim/model/hf_quantization.h>
#include <anesim/model/model_transfers.h>

namespace anesim {

namespace {

constexpr size_t kMaxHfConfigBytes = size_t{1} << 20;

// What an architecture adds to the common decoder layer's parameters.
enum class Extras { kNone, kLlamaBiases, kQkvBiases, kQkNorms, kGemma2Norms, kGemma3Norms };

// transformers' defaults for the keys a config.json may leave out (each
// architecture's PretrainedConfig subclass); kv_heads 0: num_attention_heads,
// head_dim 0: hidden_size / num_attention_heads.
struct Defaults {
  uint64_t vocab, hidden, intermediate, layers, heads, kv_heads, head_dim;
  bool tied;
};

struct Architecture {
  const char* model_type;
  uint32_t lm_head_shards;  // ANEMLL's split (docs/model-format.md, "Presets"); 1: none
  Extras extras;
  bool fused;  // Phi-3: qkv_proj and gate_up_proj, one matrix each as stored
  Defaults defaults;
};

// The shards: ANEMLL's converters' own rules, read at Anemll/Anemll commit
// 6ecb10d (v0.3.4); an architecture it has no converter for is unsplit.
// The defaults: transformers' configuration_*.py of each architecture.
constexpr Architecture kArchitectures[] = {
    {"llama", 8, Extras::kLlamaBiases, false, {32000, 4096, 11008, 32, 32, 0, 0, false}},
    {"mistral", 1, Extras::kNone, false, {32000, 4096, 14336, 32, 32, 8, 0, false}},
    {"qwen2", 16, Extras::kQkvBiases, false, {151936, 4096, 22016, 32, 32, 32, 0, false}},
    {"qwen3", 16, Extras::kQkNorms, false, {151936, 4096, 22016, 32, 32, 32, 128, false}},
    {"gemma", 1, Extras::kNone, false, {256000, 3072, 24576, 28, 16, 16, 256, true}},
    {"gemma2", 1, Extras::kGemma2Norms, false, {256000, 2304, 9216, 26, 8, 4, 256, true}},
    {"gemma3_text", 16, Extras::kGemma3Norms, false, {262208, 2304, 9216, 26, 8, 4, 256, true}},
    {"phi3", 1, Extras::kNone, true, {32064, 3072, 8192, 32, 32, 0, 0, false}},
};

// Gemma3Config's image_token_index default: the first token id past the
// text vocabulary.
constexpr uint64_t kGemma3ImageTokenIndex = 262144;

std::string architecture_list() {
  std::string out;
  for (const Architecture& a : kArchitectures) {
    out += fmt::format("{}, ", a.model_type);
  }
  return out + "gemma3 (its text_config)";
}

const Architecture* find_architecture(const std::string& model_type) {
  for (const Architecture& a : kArchitectures) {
    if (model_type == a.model_type) {
      return &a;
    }
  }
  return nullptr;
}

// The model's name: the folder holding config.json, as a preset-style word.
std::string model_name(const std::string& display) {
  std::string out;
  for (const char c : display) {
    const auto u = static_cast<unsigned char>(c);
    out += std::isalnum(u) != 0 || c == '.' || c == '-' || c == '_'
               ? static_cast<char>(std::tolower(u))
               : '-';
  }
  return out.empty() ? "config" : out;
}

std::string folder_name(const std::string& origin) {
  namespace fs = std::filesystem;
  const fs::path folder = fs::absolute(fs::path(origin)).lexically_normal().parent_path();
  const std::string name = folder.filename().string();
  return name.empty() ? "config" : name;
}

// A section of the config and its JSON, which says which keys are left out
// or null (transformers reads both as "use the default").
struct Section {
  YamlSection& yaml;
  const nlohmann::json& json;
  bool given(const char* key) const { return json.contains(key) && !json[key].is_null(); }
  uint64_t integer_or(const char* key, uint64_t min, uint64_t max, uint64_t fallback) {
    return given(key) ? yaml.integer(key, min, max) : fallback;
  }
  bool boolean_or(const char* key, bool fallback) {
    return given(key) ? yaml.boolean(key) : fallback;
  }
};

ModelDescription read_decoder(Section top, const Architecture& arch, const std::string& origin,
                              std::optional<uint64_t> text_vocab) {
  const Defaults& d = arch.defaults;
  ModelDescription m;
  m.source = origin;
  m.display_name = folder_name(origin);
  m.name = model_name(m.display_name);
  m.element_bytes = 2;  // fp16, as ANEMLL runs the weights on the ANE
  m.layers = static_cast<uint32_t>(top.integer_or("num_hidden_layers", 1, 1000, d.layers));
  m.hidden = top.integer_or("hidden_size", 1, UINT32_MAX, d.hidden);
  const uint64_t inter = top.integer_or("intermediate_size", 1, UINT32_MAX, d.intermediate);
  const uint64_t heads = top.integer_or("num_attention_heads", 1, 4096, d.heads);
  const uint64_t kv_heads =
      top.integer_or("num_key_value_heads", 1, heads, d.kv_heads == 0 ? heads : d.kv_heads);
  uint64_t head_dim = d.head_dim;
  if (top.given("head_dim")) {
    head_dim = top.yaml.integer("head_dim", 1, 65536);
  } else if (head_dim == 0 && m.hidden % heads != 0) {
    top.yaml.fail_at("num_attention_heads", fmt::format("{} does not divide hidden_size {} (give "
                                                        "head_dim)",
                                                        heads, m.hidden));
  } else if (head_dim == 0) {
    head_dim = m.hidden / heads;
  }
  m.vocab = top.integer_or("vocab_size", 1, UINT32_MAX, d.vocab);
  const bool tied = top.boolean_or("tie_word_embeddings", d.tied);
  const uint64_t q = heads * head_dim, kv = kv_heads * head_dim;
  using R = ProjectionRole;
  if (arch.fused) {
    m.projections = {{"qkv_proj", m.hidden, q + 2 * kv, 1, R::kAttentionInput, {}},
                     {"o_proj", q, m.hidden, 1, R::kAttentionOutput, {}},
                     {"gate_up_proj", m.hidden, 2 * inter, 1, R::kMlpInput, {}},
                     {"down_proj", inter, m.hidden, 1, R::kMlpOutput, {}}};
  } else {
    m.projections = {{"q_proj", m.hidden, q, 1, R::kAttentionInput, {}},
                     {"k_proj", m.hidden, kv, 1, R::kAttentionInput, {}},
                     {"v_proj", m.hidden, kv, 1, R::kAttentionInput, {}},
                     {"o_proj", q, m.hidden, 1, R::kAttentionOutput, {}},
                     {"gate_proj", m.hidden, inter, 1, R::kMlpInput, {}},
                     {"up_proj", m.hidden, inter, 1, R::kMlpInput, {}},
                     {"down_proj", inter, m.hidden, 1, R::kMlpOutput, {}}};
  }
  m.embedding_dim = m.hidden;
  m.lm_head_cin = m.hidden;
  // A multimodal Gemma 3 streams the head's text rows, below the first image token.
  m.lm_head_cout = text_vocab && *text_vocab < m.vocab ? *text_vocab : m.vocab;
  m.lm_head_shards = std::min<uint32_t>(arch.lm_head_shards, static_cast<uint32_t>(m.lm_head_cout));
  m.lm_head_tied = tied;
  switch (arch.extras) {
    case Extras::kNone:
      break;
    case Extras::kLlamaBiases:
      // transformers' LlamaConfig: attention_bias and mlp_bias, both off by default.
      if (top.boolean_or("attention_bias", false)) {
        m.extra_parameters += m.layers * (q + 2 * kv + m.hidden);
      }
      if (top.boolean_or("mlp_bias", false)) {
        m.extra_parameters += m.layers * (2 * inter + m.hidden);
      }
      break;
    case Extras::kQkvBiases:
      m.extra_parameters = m.layers * (q + 2 * kv);
      break;
    case Extras::kQkNorms:
      m.extra_parameters = m.layers * 2 * head_dim;
      break;
    case Extras::kGemma2Norms:
      // The post-attention and pre-/post-feedforward norms beyond the two counted.
      m.extra_parameters = m.layers * 2 * m.hidden;
      break;
    case Extras::kGemma3Norms:
      // Pre- and post-feedforward norms, and the q and k norms.
      m.extra_parameters = m.layers * (2 * m.hidden + 2 * head_dim);
      break;
  }
  // A shape past what one kernel-DMA transfer can stream is refused here,
  // naming the file and the keys that made it, not when it is advised.
  for (const Projection& p : m.projections) {
    if (payload_lines(p.cin, p.cout, WeightFormat{m.dtype}) == 0) {
      top.yaml.fail_at(top.given("intermediate_size") ? "intermediate_size" : "hidden_size",
                       fmt::format("{} of {} x {} needs more than 2^32-1 lines per core", p.name,
                                   p.cin, p.cout));
    }
  }
  if (payload_lines(m.lm_head_cin, (m.lm_head_cout + m.lm_head_shards - 1) / m.lm_head_shards,
                    WeightFormat{m.dtype}) == 0) {
    top.yaml.fail_at("vocab_size", fmt::format("the lm_head of {} x {} needs more than 2^32-1 "
                                               "lines per core",
                                               m.lm_head_cin, m.lm_head_cout));
  }
  // No model card here: the figure is the count the file implies.
  m.published_parameters = m.parameter_count();
  return m;
}

ModelDescription parse_document(const std::string& text, const nlohmann::json& json,
                                const std::string& origin) {
  const auto fail = [](const std::string& message) { throw ModelFileError(message); };
  // JSON is YAML 1.2 save for tabs, which valid JSON has only as whitespace
  // outside strings: the YAML reader then gives every field its line.
  std::string yaml_text = text;
  std::replace(yaml_text.begin(), yaml_text.end(), '\t', ' ');
  YamlSection top = load_yaml_document(yaml_text, origin, fail);
  const std::string model_type = top.text("model_type");
  if (model_type == "gemma3") {
    // transformers fills a sparse text_config (the published 4B's gives four
    // keys) with Gemma3TextConfig's defaults.
    const nlohmann::json empty = nlohmann::json::object();
    const nlohmann::json& text_json =
        json.contains("text_config") && json["text_config"].is_object() ? json["text_config"]
                                                                        : empty;
    YamlSection text_config = top.child("text_config");
    Section outer{top, json};
    const uint64_t text_vocab =
        outer.integer_or("image_token_index", 1, UINT32_MAX, kGemma3ImageTokenIndex);
    ModelDescription m = read_decoder(Section{text_config, text_json},
                                      *find_architecture("gemma3_text"), origin, text_vocab);
    apply_hf_quantization(top, json, m);
    return m;
  }
  const Architecture* arch = find_architecture(model_type);
  if (arch == nullptr) {
    top.fail_at("model_type",
                fmt::format("'{}' is not an architecture anesim reads ({}; docs/model-format.md)",
                            printable(model_type, 60), architecture_list()));
  }
  // Only Gemma 3 keeps its decoder in a text_config; elsewhere one would be
  // a wrapper's (a vision-language model) and the top level's defaults a
  // model that does not exist.
  if (top.has("text_config")) {
    top.fail_at("text_config",
                fmt::format("model_type '{}' keeps its decoder at the top level, and anesim reads "
                            "a text_config only for gemma3; give the text model's own "
                            "config.json",
                            printable(model_type, 60)));
  }
  ModelDescription m = read_decoder(Section{top, json}, *arch, origin, std::nullopt);
  apply_hf_quantization(top, json, m);  // never silently fp16
  return m;
}

// nlohmann's byte offset as line:column, for a config.json that is not JSON.
std::string json_where(const std::string& text, size_t byte) {
  size_t line = 1, column = 1;
  for (size_t i = 0; i < byte && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return fmt::format("{}:{}", line, column);
}

}  // namespace

uint32_t anemll_lm_head_shards(const std::string& model_type) {
  if (model_type == "gemma3") {
    return anemll_lm_head_shards("gemma3_text");
  }
  const Architecture* arch = find_architecture(model_type);
  return arch == nullptr ? 0 : arch->lm_head_shards;
}

ModelDescription parse_hf_config(const std::string& text, const std::string& origin) {
  nlohmann::json checked;
  try {
    checked = nlohmann::json::parse(text);
    if (!checked.is_object()) {
      throw ModelFileError(
          fmt::format("{}: expected a JSON object (a transformers config.json)", origin));
    }
  } catch (const nlohmann::json::parse_error& e) {
    throw ModelFileError(fmt::format("{}:{}: not JSON: {}", origin, json_where(text, e.byte),
                                     json_error_reason(e, false)));
  } catch (const nlohmann::json::exception& e) {
    // A number past double's range (out_of_range.406) has no position.
    throw ModelFileError(fmt::format("{}: not readable JSON: {}", origin, json_error_reason(e)));
  }
  try {
    return parse_document(text, checked, origin);
  } catch (const YAML::Exception& e) {
    throw ModelFileError(fmt::format("{}: not a readable config.json: {}",
                                     yaml_where(origin, e.mark), printable(e.msg)));
  }
}

ModelDescription load_hf_config_file(const std::string& path) {
  std::string why;
  const std::optional<std::string> text =
      read_text_file(path, kMaxHfConfigBytes, "config.json", why);
  if (!text) {
    throw ModelFileError(fmt::format("{}: {}", path, why));
  }
  return parse_hf_config(*text, path);
}

std::string hf_model_type(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(std::filesystem::symlink_status(path, ec))) {
    return "";  // no config.json beside the checkpoint: nothing to learn
  }
  // One that is there is read: ignoring a broken one would run the head
  // unsplit without a word.
  std::string why;
  const std::optional<std::string> text =
      read_text_file(path, kMaxHfConfigBytes, "config.json", why);
  if (!text) {
    throw ModelFileError(fmt::format("{}: {}", printable_whole(path), why));
  }
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(*text);
  } catch (const nlohmann::json::parse_error& e) {
    throw ModelFileError(fmt::format("{}:{}: not JSON: {}", printable_whole(path),
                                     json_where(*text, e.byte), json_error_reason(e, false)));
  } catch (const nlohmann::json::exception& e) {
    throw ModelFileError(
        fmt::format("{}: not readable JSON: {}", printable_whole(path), json_error_reason(e)));
  }
  if (!j.is_object()) {
    throw ModelFileError(fmt::format("{}: expected a JSON object (a transformers config.json)",
                                     printable_whole(path)));
  }
  if (!j.contains("model_type") || !j["model_type"].is_string()) {
    return "";
  }
  return j["model_type"].get<std::string>();
}

}  // namespace anesim
