#include <anesim/model/hf_quantization.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include <anesim/io/text_functions.h>

namespace anesim {

namespace {

constexpr const char* kMethods = "gptq, awq, bitsandbytes, fp8, and MLX's quantization";

struct Quantization {
  std::string method;
  Dtype body = Dtype::kFp16;
  bool lm_head_quantized = false;
  std::string detail;  // "4 bits, group size 128"
};

bool given(const nlohmann::json& j, const char* key) {
  return j.contains(key) && !j[key].is_null();
}

// int4 or int8 for an integer bit width; anything else refused at `key`.
Dtype integer_format(YamlSection& s, const char* key, const std::string& method) {
  const uint64_t bits = s.integer(key, 1, 64);
  if (bits == 4) return Dtype::kInt4;
  if (bits == 8) return Dtype::kInt8;
  s.fail_at(key, fmt::format(
                     "{} with {} bits has no weight format anesim times (it times 4 and 8 bits, as "
                     "int4 and int8); give its formats in a model file "
                     "(docs/model-format.md)",
                     method, bits));
}

// Whether `modules_to_not_convert` (or bitsandbytes' skip list) keeps the lm_head.
bool keeps_lm_head(YamlSection& s, const nlohmann::json& j, const char* key, bool fallback) {
  if (!given(j, key)) return fallback;
  if (j[key].is_array() && j[key].empty()) return false;
  const std::vector<std::string> names = s.texts(key);
  return std::any_of(names.begin(), names.end(),
                     [](const std::string& n) { return n == "lm_head" || n == "lm_head.weight"; });
}

Quantization transformers_quantization(YamlSection& q, const nlohmann::json& j) {
  Quantization out;
  out.method = q.text("quant_method");
  const std::string& m = out.method;
  if (m == "gptq" || m == "awq") {
    out.body = integer_format(q, given(j, "bits") ? "bits" : "w_bit", m);
    const char* group = given(j, "group_size") ? "group_size" : "q_group_size";
    out.detail = fmt::format("{} bits", dtype_bits(out.body));
    if (given(j, group) && j[group].is_number_integer()) {  // -1: one group per column
      out.detail += fmt::format(", group size {}", j[group].get<int64_t>());
    }
    // GPTQ quantizes the lm_head only when asked (`lm_head: true`); AWQ never.
    const bool asked = m == "gptq" && given(j, "lm_head") && q.boolean("lm_head");
    out.lm_head_quantized = asked && !keeps_lm_head(q, j, "modules_to_not_convert", false);
  } else if (m == "bitsandbytes") {
    const bool eight = given(j, "load_in_8bit") && q.boolean("load_in_8bit");
    const bool four = given(j, "load_in_4bit") && q.boolean("load_in_4bit");
    if (eight == four) {
      q.fail_at(eight ? "load_in_4bit" : "quant_method",
                "bitsandbytes: give one of load_in_8bit and load_in_4bit as true");
    }
    if (eight) {
      out.body = Dtype::kInt8;
      out.detail = "8 bits (LLM.int8)";
    } else {
      // NF4 and FP4 are 16-entry codebooks: four-bit indices into a table.
      const std::string type =
          given(j, "bnb_4bit_quant_type") ? q.text("bnb_4bit_quant_type") : "fp4";
      if (type != "nf4" && type != "fp4") {
        q.fail_at(
            "bnb_4bit_quant_type",
            fmt::format("'{}' is not a bitsandbytes 4-bit type (nf4, fp4)", printable(type, 40)));
      }
      out.body = Dtype::kLut4;
      out.detail = type + ", 4-bit codebook";
    }
    out.lm_head_quantized = !keeps_lm_head(q, j, "llm_int8_skip_modules", true);
  } else if (m == "fp8") {
    const std::string fmt_name = given(j, "fmt") ? q.text("fmt") : "e4m3";
    if (fmt_name != "e4m3" && fmt_name != "e5m2") {
      q.fail_at("fmt",
                fmt::format("'{}' is not an FP8 format (e4m3, e5m2)", printable(fmt_name, 40)));
    }
    out.body = fmt_name == "e4m3" ? Dtype::kFp8E4m3 : Dtype::kFp8E5m2;
    out.detail = fmt_name;
    out.lm_head_quantized = !keeps_lm_head(q, j, "modules_to_not_convert", true);
  } else {
    q.fail_at("quant_method",
              fmt::format("'{}' is not a quantization anesim reads ({}): its weights' format is "
                          "unknown, so the model is not advised as fp16; give its formats in a "
                          "model file (docs/model-format.md)",
                          printable(m, 40), kMethods));
  }
  return out;
}

}  // namespace

void apply_hf_quantization(YamlSection& top, const nlohmann::json& json, ModelDescription& m) {
  std::optional<Quantization> q;
  if (given(json, "quantization_config")) {
    if (!json["quantization_config"].is_object()) {
      top.fail_at("quantization_config", "expected an object (transformers' quantization_config)");
    }
    YamlSection section = top.child("quantization_config");
    if (!given(json["quantization_config"], "quant_method")) {
      section.fail(section.mark(), "quantization_config.quant_method",
                   fmt::format("missing: the method ({}) names the weights' format", kMethods));
    }
    q = transformers_quantization(section, json["quantization_config"]);
  } else if (given(json, "quantization")) {
    // MLX: {"group_size": 64, "bits": 4}; every linear layer, the lm_head too.
    if (!json["quantization"].is_object()) {
      top.fail_at("quantization", "expected an object (MLX's group_size and bits)");
    }
    YamlSection section = top.child("quantization");
    q = Quantization{"mlx", integer_format(section, "bits", "mlx"), true, ""};
    q->detail = fmt::format("{} bits", dtype_bits(q->body));
    if (given(json["quantization"], "group_size")) {
      q->detail += fmt::format(", group size {}", section.integer("group_size", 1, 1 << 20));
    }
  }
  if (!q) return;
  m.dtype = q->body;
  m.element_bytes = dtype_bits(q->body) % 8 == 0 ? dtype_bits(q->body) / 8 : 0;
  for (Projection& p : m.projections) p.format.dtype = q->body;
  if (q->lm_head_quantized) m.lm_head_dtype = q->body;
  m.findings.push_back(fmt::format(
      "quantization: {} ({}): weights as {}, lm_head as {}; scales and zero points are constants "
      "between the tasks, not streamed as weights",
      q->method, q->detail, dtype_name(q->body), dtype_name(m.lm_head_dtype)));
}

}  // namespace anesim
