// Weight formats and layer kinds: the per-core payload of every dtype, a
// kernel and groups (ceil(N/16) * (D/groups) * kh * kw * bits, whole bytes,
// whole lines), the palette of the LUT formats, grouped splits, and how
// model files and safetensors headers carry them.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <anesim/io/errors.h>
#include <anesim/model/model_description.h>
#include <anesim/model/model_transfers.h>
#include <anesim/model/safetensors_model.h>

namespace anesim {
namespace {

using Catch::Matchers::Contains;

constexpr uint64_t kMiB = 1024 * 1024;

WeightFormat as(Dtype d, uint32_t kh = 1, uint32_t kw = 1, uint32_t groups = 1) {
  return WeightFormat{d, kh, kw, groups};
}

TEST_CASE("every dtype streams its stored bits per weight", "[model][format]") {
  // Llama 3.1 8B's q/o projection, 4096 x 4096: 256 output rows per core.
  CHECK(payload_bytes_per_core(4096, 4096, as(Dtype::kFp16)) == 2 * kMiB);
  CHECK(payload_bytes_per_core(4096, 4096, as(Dtype::kBf16)) == 2 * kMiB);
  CHECK(payload_bytes_per_core(4096, 4096, as(Dtype::kFp32)) == 4 * kMiB);
  for (const Dtype d : {Dtype::kInt8, Dtype::kUint8, Dtype::kFp8E4m3, Dtype::kFp8E5m2}) {
    CHECK(payload_bytes_per_core(4096, 4096, as(d)) == kMiB);  // in the notch in int8
  }
  CHECK(payload_bytes_per_core(4096, 4096, as(Dtype::kLut4)) == kMiB / 2);
  CHECK(payload_bytes_per_core(4096, 4096, as(Dtype::kLut6)) == 3 * kMiB / 4);
  // fp16 agrees with the element_bytes form for any shape.
  for (uint64_t cin : {1u, 7u, 2016u, 4097u}) {
    for (uint64_t cout : {1u, 15u, 17u, 4096u}) {
      CHECK(payload_lines(cin, cout, as(Dtype::kFp16)) == payload_lines(cin, cout, 2));
      CHECK(payload_lines(cin, cout, as(Dtype::kInt8)) == payload_lines(cin, cout, 1));
    }
  }
  // Whole bytes, then whole lines: 3 lut4 weights are 12 bits, 2 bytes, 1 line.
  CHECK(payload_bytes_per_core(3, 16, as(Dtype::kLut4)) == 2);
  CHECK(payload_lines(3, 16, as(Dtype::kLut4)) == 1);
  CHECK(payload_bytes_per_core(5, 16, as(Dtype::kLut6)) == 4);  // 30 bits
}

TEST_CASE("a kernel and groups scale the payload as ceil(N/16)*(D/G)*kh*kw", "[model][format]") {
  CHECK(payload_bytes_per_core(512, 512, as(Dtype::kFp16, 3, 3)) == 32 * 512 * 9 * 2);
  CHECK(payload_bytes_per_core(512, 512, as(Dtype::kFp16, 1, 7)) == 32 * 512 * 7 * 2);
  CHECK(payload_bytes_per_core(512, 512, as(Dtype::kInt8, 3, 3, 32)) == 32 * 16 * 9);
  // Depthwise: one input channel per output channel.
  CHECK(payload_bytes_per_core(512, 512, as(Dtype::kFp16, 3, 3, 512)) == 32 * 9 * 2);
}

TEST_CASE("a grouped split cuts every group's input channels alike", "[model][format]") {
  CHECK(split_input_channels(4097, as(Dtype::kFp16), 2) == std::vector<uint64_t>{2049, 2048});
  CHECK(split_input_channels(96, as(Dtype::kFp16, 3, 3, 4), 2) == std::vector<uint64_t>{48, 48});
  // 3 groups of 5 channels into 2: parts of 3 and 2 channels per group.
  CHECK(split_input_channels(15, as(Dtype::kFp16, 1, 1, 3), 2) == std::vector<uint64_t>{9, 6});
  // Depthwise: a group's one channel cannot be cut.
  CHECK(split_input_channels(512, as(Dtype::kFp16, 3, 3, 512), 2).empty());
}

TEST_CASE("a LUT format's palette is its own fp16 transfer", "[model][format]") {
  const Transfer lut4{"up_proj", 4096, 14336, 32, as(Dtype::kLut4)};
  const auto p = palette_transfer(lut4);
  REQUIRE(p);
  CHECK(p->name == "up_proj.palette");
  CHECK(p->cin == 16);                              // 2^4 entries
  CHECK(p->cout == 14336 / kPaletteGroupChannels);  // one palette per 8 output channels
  CHECK(p->count == 32);
  CHECK(p->format.dtype == Dtype::kFp16);
  // Per core: the palettes of its 896 output channels, 112 x 16 x 2 B.
  CHECK(payload_bytes_per_core(p->cin, p->cout, p->format) == 112 * 16 * 2);
  CHECK(palette_transfer(Transfer{"x", 64, 64, 1, as(Dtype::kLut6)})->cin == 64);
  CHECK_FALSE(palette_transfer(Transfer{"x", 64, 64, 1, as(Dtype::kInt8)}));
}

const std::string kModel =
    "name: m\ndisplay_name: M\npublished_parameters: 1e6\nlayers: 2\nhidden: 64\n"
    "dtype: lut4\n"
    "projections:\n"
    "  - {name: q_proj, cin: 64, cout: 64}\n"
    "  - {name: conv, cin: 64, cout: 64, kernel: 3x3, groups: 4, dtype: int8}\n"
    "embedding: {vocab: 100, dim: 64}\n"
    "lm_head: {cin: 64, cout: 100, shards: 2, dtype: lut6}\n";

std::string error_of(const std::string& text) {
  try {
    parse_model_description(text, "m.yaml");
  } catch (const ModelFileError& e) {
    return e.what();
  }
  return "";
}

std::string replaced(const std::string& from, const std::string& to) {
  std::string s = kModel;
  s.replace(s.find(from), from.size(), to);
  return s;
}

TEST_CASE("a model file gives a dtype per projection group and layer kinds", "[model][format]") {
  const ModelDescription m = parse_model_description(kModel, "m.yaml");
  CHECK(m.dtype == Dtype::kLut4);
  CHECK(m.element_bytes == 0);
  const std::vector<Transfer> ts = model_transfers(m, nullptr);
  std::vector<std::string> names;
  for (const Transfer& t : ts) names.push_back(t.name);
  CHECK(names ==
        std::vector<std::string>{"q_proj", "q_proj.palette", "conv", "lm_head", "lm_head.palette"});
  CHECK(ts[0].format.dtype == Dtype::kLut4);
  CHECK(ts[2].format.dtype == Dtype::kInt8);
  CHECK(ts[2].format.kh == 3);
  CHECK(ts[2].format.groups == 4);
  CHECK(ts[3].format.dtype == Dtype::kLut6);
  CHECK(ts[3].count == 2);
  CHECK(ts[4].cin == 64);   // 2^6 entries
  CHECK(ts[4].count == 2);  // one palette per shard
}

TEST_CASE("element_bytes keeps working as int8, fp16 or fp32", "[model][format]") {
  const std::string base = replaced("dtype: lut4\n", "");
  CHECK(parse_model_description(base, "m.yaml").dtype == Dtype::kFp16);
  const std::string int8 = replaced("dtype: lut4\n", "element_bytes: 1\n");
  CHECK(parse_model_description(int8, "m.yaml").dtype == Dtype::kInt8);
  CHECK(parse_model_description(int8, "m.yaml").element_bytes == 1);
  CHECK_THAT(error_of(replaced("dtype: lut4\n", "element_bytes: 3\n")),
             Contains("element_bytes: 3 bytes is not a weight format"));
  CHECK_THAT(error_of(replaced("dtype: lut4\n", "dtype: lut4\nelement_bytes: 2\n")),
             Contains("give dtype or element_bytes, not both"));
}

TEST_CASE("bad formats in a model file name the line and field", "[model][format]") {
  CHECK_THAT(error_of(replaced("dtype: lut4", "dtype: lut5")),
             Contains("m.yaml:6:8: dtype: 'lut5' is not a dtype (expected fp16, bf16"));
  CHECK_THAT(error_of(replaced("kernel: 3x3", "kernel: 3by3")),
             Contains("m.yaml:9:") && Contains("kernel: expected KHxKW"));
  CHECK_THAT(error_of(replaced("groups: 4", "groups: 5")),
             Contains("m.yaml:9:") && Contains("groups: 5 does not divide cin 64 and cout 64"));
  CHECK_THAT(error_of(replaced("shards: 2, dtype: lut6", "shards: 2, dtype: fp4")),
             Contains("lm_head.dtype: 'fp4' is not a dtype"));
}

TEST_CASE("set_dtype stores every weight as one dtype", "[model][format]") {
  ModelDescription m = parse_model_description(kModel, "m.yaml");
  set_dtype(m, Dtype::kInt8);
  for (const Transfer& t : model_transfers(m, nullptr)) {
    CHECK(t.format.dtype == Dtype::kInt8);
  }
  CHECK(m.element_bytes == 1);
}

TEST_CASE("safetensors: one-byte tensors stream, and parameters count every tensor",
          "[model][format]") {
  const std::vector<SafetensorsTensor> tensors = {
      {"model.embed_tokens.weight", "BF16", {1000, 64}, 0, 0, "a"},
      {"model.layers.0.self_attn.q_proj.weight", "I8", {64, 64}, 0, 0, "a"},
      {"model.layers.0.mlp.up_proj.weight", "U8", {256, 64}, 0, 0, "a"},
      {"model.layers.0.mlp.down_proj.weight", "F8_E4M3", {64, 256}, 0, 0, "a"},
      {"model.layers.0.mlp.gate_proj.weight", "F8_E5M2", {256, 64}, 0, 0, "a"},
      {"model.norm.weight", "F32", {64}, 0, 0, "a"},
  };
  const ModelDescription m = model_from_tensors(tensors, "x.safetensors", 1);
  CHECK(m.streams.size() == 5);  // four layers' matrices and the tied head
  for (const WeightStream& w : m.streams) {
    if (w.name.find("q_proj") != std::string::npos) CHECK(w.dtype == Dtype::kInt8);
    if (w.name.find("up_proj") != std::string::npos) CHECK(w.dtype == Dtype::kUint8);
    if (w.name.find("down_proj") != std::string::npos) CHECK(w.dtype == Dtype::kFp8E4m3);
    if (w.name.find("lm_head") != std::string::npos) CHECK(w.dtype == Dtype::kBf16);
  }
  CHECK(m.parameter_count() == 1000 * 64 + 64 * 64 + 3 * 256 * 64 + 64);
}

}  // namespace
}  // namespace anesim
