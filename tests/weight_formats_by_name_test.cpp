// A format per weight: dtype rules by name (lm_head=lut6,*=lut4) and the
// quantization a config.json states (GPTQ, AWQ, bitsandbytes, FP8, MLX),
// read as the formats anesim times, or refused naming the key; and a model
// written back in the model format (what Python's load_model returns to be
// edited) reads back the same.
#include <catch2/catch.hpp>

#include <string>

#include <anesim/analysis/step/step_plan.h>
#include <anesim/api/weight_format_fields.h>
#include <anesim/io/errors.h>
#include <anesim/model/dtype_rules.h>
#include <anesim/model/hf_config_reader.h>
#include <anesim/model/model_description_tree.h>
#include <anesim/model/model_presets.h>
#include <anesim/model/model_transfers.h>

namespace anesim {
namespace {

const std::string kLlama =
    R"({"model_type": "llama", "hidden_size": 2048, "intermediate_size": 8192,
"num_hidden_layers": 2, "num_attention_heads": 32, "num_key_value_heads": 8,
"vocab_size": 128256, "tie_word_embeddings": false)";

ModelDescription quantized(const std::string& keys) {
  return parse_hf_config(kLlama + ", " + keys + "}", "q/config.json");
}

Dtype format_of(const ModelDescription& m, const std::string& name) {
  for (const Transfer& t : model_transfers(m, nullptr)) {
    if (t.name == name) return t.format.dtype;
  }
  FAIL("no transfer " << name);
  return Dtype::kFp16;
}

TEST_CASE("a name pattern matches whole names, with * and ?", "[model][dtype]") {
  CHECK(name_matches("*", "lm_head"));
  CHECK(name_matches("lm_head", "lm_head"));
  CHECK_FALSE(name_matches("lm_head", "lm_head.palette"));
  CHECK(name_matches("*_proj", "gate_proj"));
  CHECK_FALSE(name_matches("*_proj", "lm_head"));
  CHECK(name_matches("?_proj", "q_proj"));
  CHECK_FALSE(name_matches("?_proj", "up_proj"));
  CHECK(name_matches("model.layers.*.mlp.*.weight", "model.layers.*.mlp.down_proj.weight"));
  CHECK(name_matches("a*b*c", "aXXbYYc"));
  CHECK_FALSE(name_matches("a*b*c", "aXXbYY"));
  // Many stars against a long name: no backtracking blow-up.
  CHECK_FALSE(name_matches(std::string(200, '*') + "x", std::string(5000, 'a')));
}

TEST_CASE("the first matching rule gives a weight its format", "[model][dtype]") {
  ModelDescription m = load_model_preset("llama-3.2-1b");
  const auto rules = api::dtype_rules_field("lm_head=lut6,*_proj=int8,*=lut4");
  REQUIRE(rules.size() == 3);
  CHECK(api::dtype_rules_field("lut4").front().pattern == "*");
  CHECK(apply_dtype_rules(m, rules) == std::vector<std::string>{"*"});  // nothing left for "*"
  ModelDescription shadowed = load_model_preset("llama-3.2-1b");
  CHECK_THROWS_WITH(
      api::apply_dtype_rules_field(shadowed, api::dtype_rules_field("*=lut4,lm_head=lut6")),
      Catch::Contains("'lm_head' gives no weight its format"));
  CHECK(format_of(m, "lm_head") == Dtype::kLut6);
  CHECK(format_of(m, "q_proj") == Dtype::kInt8);
  CHECK(format_of(m, "down_proj") == Dtype::kInt8);
  CHECK(m.dtype == Dtype::kLut4);  // the "*" rule is the model's own dtype

  ModelDescription body = load_model_preset("llama-3.2-1b");
  api::apply_dtype_rules_field(body, api::dtype_rules_field("lm_head=lut6,*=lut4"));
  CHECK(format_of(body, "lm_head") == Dtype::kLut6);
  CHECK(format_of(body, "up_proj") == Dtype::kLut4);
  CHECK(format_of(body, "lm_head.palette") == Dtype::kFp16);  // a palette keeps the fp16 entries
}

TEST_CASE("bad dtype rules name the field", "[model][dtype]") {
  ModelDescription m = load_model_preset("llama-3.2-1b");
  CHECK_THROWS_WITH(api::apply_dtype_rules_field(m, api::dtype_rules_field("lmhead=lut6,*=lut4")),
                    Catch::Contains("'lmhead' matches no weight of Llama 3.2 1B") &&
                        Catch::Contains("lm_head") && !Catch::Contains("palette"));
  CHECK_THROWS_AS(api::dtype_rules_field("lm_head=lut6,lut4"), FieldError);
  CHECK_THROWS_AS(api::dtype_rules_field("=lut4"), FieldError);
  CHECK_THROWS_WITH(api::dtype_rules_field("*=lut4,*=int8"), Catch::Contains("given twice"));
  CHECK_THROWS_WITH(api::dtype_rules_field("lm_head=lut5"), Catch::Contains("not a dtype"));
}

TEST_CASE("a config.json's quantization gives the weights' formats", "[model][hf][dtype]") {
  const ModelDescription gptq =
      quantized(R"("quantization_config": {"quant_method": "gptq", "bits": 4, "group_size": 128})");
  CHECK(format_of(gptq, "q_proj") == Dtype::kInt4);
  CHECK(format_of(gptq, "lm_head") == Dtype::kFp16);  // GPTQ leaves the head unless lm_head: true
  REQUIRE(gptq.findings.size() == 1);
  CHECK(gptq.findings[0].find("gptq (4 bits, group size 128)") != std::string::npos);
  const ModelDescription head =
      quantized(R"("quantization_config": {"quant_method": "gptq", "bits": 8, "lm_head": true})");
  CHECK(format_of(head, "lm_head") == Dtype::kInt8);
  const ModelDescription awq = quantized(
      R"("quantization_config": {"quant_method": "awq", "bits": 4, "modules_to_not_convert": null})");
  CHECK(format_of(awq, "down_proj") == Dtype::kInt4);
  CHECK(format_of(awq, "lm_head") == Dtype::kFp16);
  const ModelDescription nf4 = quantized(
      R"("quantization_config": {"quant_method": "bitsandbytes", "load_in_4bit": true,
          "bnb_4bit_quant_type": "nf4"})");
  CHECK(format_of(nf4, "gate_proj") == Dtype::kLut4);
  CHECK(format_of(nf4, "lm_head") == Dtype::kFp16);
  const ModelDescription int8 = quantized(
      R"("quantization_config": {"quant_method": "bitsandbytes", "load_in_8bit": true,
          "llm_int8_skip_modules": []})");
  CHECK(format_of(int8, "lm_head") == Dtype::kInt8);  // an empty skip list skips nothing
  const ModelDescription fp8 =
      quantized(R"("quantization_config": {"quant_method": "fp8", "fmt": "e5m2"})");
  CHECK(format_of(fp8, "o_proj") == Dtype::kFp8E5m2);
  const ModelDescription mlx = quantized(R"("quantization": {"group_size": 64, "bits": 8})");
  CHECK(format_of(mlx, "v_proj") == Dtype::kInt8);
  CHECK(format_of(mlx, "lm_head") == Dtype::kInt8);  // MLX quantizes every linear layer
  CHECK(mlx.dtype == Dtype::kInt8);
}

TEST_CASE("a quantization without a format is refused, never read as fp16", "[model][hf][dtype]") {
  CHECK_THROWS_WITH(quantized(R"("quantization_config": {"quant_method": "hqq", "nbits": 4})"),
                    Catch::Contains("quantization_config.quant_method: 'hqq' is not a "
                                    "quantization anesim reads"));
  CHECK_THROWS_WITH(quantized(R"("quantization_config": {"quant_method": "gptq", "bits": 3})"),
                    Catch::Contains("quantization_config.bits: gptq with 3 bits"));
  CHECK_THROWS_WITH(quantized(R"("quantization_config": {"bits": 4})"),
                    Catch::Contains("quant_method: missing"));
  CHECK_THROWS_WITH(quantized(R"("quantization_config": 4)"),
                    Catch::Contains("expected an object"));
  CHECK_THROWS_WITH(quantized(R"("quantization_config": {"quant_method": "bitsandbytes"})"),
                    Catch::Contains("give one of load_in_8bit and load_in_4bit"));
  CHECK_THROWS_AS(quantized(R"("quantization": {"bits": 2})"), ModelFileError);
  // A null quantization_config is none, as transformers reads it.
  CHECK(format_of(quantized(R"("quantization_config": null)"), "q_proj") == Dtype::kFp16);
}

}  // namespace
}  // namespace anesim

namespace anesim {
namespace {

// What a model streams and how a decode step runs it, compared field by field.
void require_same_model(const ModelDescription& a, const ModelDescription& b) {
  const std::vector<Transfer> ta = model_transfers(a, nullptr), tb = model_transfers(b, nullptr);
  REQUIRE(ta.size() == tb.size());
  for (size_t i = 0; i < ta.size(); ++i) {
    CHECK(ta[i].name == tb[i].name);
    CHECK(ta[i].cin == tb[i].cin);
    CHECK(ta[i].cout == tb[i].cout);
    CHECK(ta[i].count == tb[i].count);
    CHECK(format_text(ta[i].format) == format_text(tb[i].format));
  }
  if (a.layers == 0 || a.projections.empty()) return;
  const StepPlan pa = plan_step(a, SplitPolicy{}, 1), pb = plan_step(b, SplitPolicy{}, 1);
  REQUIRE(pa.tasks.size() == pb.tasks.size());
  for (size_t i = 0; i < pa.tasks.size(); ++i) {
    CHECK(pa.tasks[i].ops_before == pb.tasks[i].ops_before);
    CHECK(pa.tasks[i].gap_lines == pb.tasks[i].gap_lines);
  }
  CHECK(pa.ops_after == pb.ops_after);
  CHECK(a.parameter_count() == Approx(b.parameter_count()).epsilon(1e-9));
}

TEST_CASE("a model written in the model format reads back the same", "[model][tree]") {
  for (const std::string& name : model_preset_names()) {
    INFO(name);
    ModelDescription m = load_model_preset(name);
    if (name == "llama-3.2-1b") {
      api::apply_dtype_rules_field(m, api::dtype_rules_field("lm_head=lut6,*=lut4"));
    }
    const std::optional<Json> tree = model_description_tree(m);
    REQUIRE(tree);
    require_same_model(m, parse_model_description(tree->dump(), "<tree>"));
  }
  const ModelDescription hf = parse_hf_config(
      kLlama + R"(, "quantization_config": {"quant_method": "gptq", "bits": 4}})", "q/config.json");
  require_same_model(hf, parse_model_description(model_description_tree(hf)->dump(), "<tree>"));
}

}  // namespace
}  // namespace anesim
