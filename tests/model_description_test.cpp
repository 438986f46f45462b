// The model description reader: every shipped preset loads and matches its
// published parameter count, the shapes the reference notes list as hitting
// the 1 MiB notch are in the presets, and every kind of bad file gets an
// error naming file, line and field.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

#include <anesim/io/errors.h>
#include <anesim/model/model_description.h>
#include "test_support.h"

namespace anesim {
namespace {

namespace fs = std::filesystem;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

const std::string kModelsDir = ANESIM_SOURCE_DIR "/configs/models";

// A small valid file; the error tests edit one line of it, so the line
// numbers in their expectations are the comments' numbers.
const std::string kTiny =
    "name: tiny\n"                                 // 1
    "display_name: Tiny\n"                         // 2
    "published_parameters: 1e6\n"                  // 3
    "layers: 2\n"                                  // 4
    "hidden: 64\n"                                 // 5
    "projections:\n"                               // 6
    "  - {name: q_proj, cin: 64, cout: 64}\n"      // 7
    "  - {name: up_proj, cin: 64, cout: 256}\n"    // 8
    "embedding: {vocab: 100, dim: 64}\n"           // 9
    "lm_head: {cin: 64, cout: 100, shards: 2}\n";  // 10

std::string replaced(const std::string& from, const std::string& to) {
  return test::replace_once(kTiny, from, to);
}

std::string error_of(const std::string& text) {
  try {
    parse_model_description(text, "m.yaml");
  } catch (const ModelFileError& e) {
    return e.what();
  }
  return "(no error)";
}

std::string load_error(const std::string& path) {
  try {
    load_model_file(path);
  } catch (const ModelFileError& e) {
    return e.what();
  }
  return "(no error)";
}

ModelDescription preset(const std::string& name) {
  return load_model_file(kModelsDir + "/" + name + ".yaml");
}

bool has_projection(const ModelDescription& m, uint64_t cin, uint64_t cout) {
  for (const Projection& p : m.projections) {
    if (p.cin == cin && p.cout == cout) {
      return true;
    }
  }
  return false;
}

// Per-core payload of X[1,cin] x W[cin,cout] on 16 cores, in MiB: the
// reference notes' ceil(N/16) * D * bytes.
double mib_per_core(uint64_t cin, uint64_t cout, uint32_t element_bytes) {
  return static_cast<double>((cout + 15) / 16 * cin * element_bytes) / (1 << 20);
}

// A scratch directory removed when the test ends.
struct ScratchDir {
  fs::path path = fs::temp_directory_path() / ("anesim_model_test_" + std::to_string(::getpid()));
  ScratchDir() { fs::create_directories(path); }
  ~ScratchDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::string write(const std::string& name, const std::string& text) const {
    const fs::path p = path / name;
    std::ofstream(p, std::ios::binary) << text;
    return p.string();
  }
};

TEST_CASE("every preset loads and matches its published parameter count", "[model]") {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(kModelsDir)) {
    if (entry.path().extension() == ".yaml") {
      files.push_back(entry.path());
    }
  }
  CHECK(files.size() == 18);
  for (const fs::path& f : files) {
    INFO(f.string());
    const ModelDescription m = load_model_file(f.string());
    CHECK(m.name == f.stem().string());
    CHECK(m.source == f.string());
    // fp16 weights, but for the int8 form of ANEForge's decoder (1 byte each).
    CHECK(m.element_bytes == (m.name == "aneforge-decoder-int8" ? 1u : 2u));
    CHECK_FALSE(m.embedding_streamed);
    // Every LLM streams its head; the synthetic decode step has none.
    CHECK(m.lm_head_streamed == (m.name != "llama-step-synthetic"));
    const double ratio = m.parameter_count() / m.published_parameters;
    INFO("computed " << m.parameter_count() << ", published " << m.published_parameters);
    CHECK(std::abs(ratio - 1.0) <= 0.02);
  }
}

TEST_CASE("ANEForge's decoder: 2 MiB per core in fp16, 1 MiB in int8", "[model]") {
  // The published payloads (traces/m4-air/): gate/up/down exactly on the notch.
  const ModelDescription f = preset("aneforge-decoder");
  const ModelDescription i = preset("aneforge-decoder-int8");
  CHECK(f.element_bytes == 2);
  CHECK(i.element_bytes == 1);
  for (const ModelDescription* m : {&f, &i}) {
    CHECK(m->layers == 8);
    CHECK(m->projections.size() == 7);
    CHECK(has_projection(*m, 2048, 8192));
    CHECK(has_projection(*m, 8192, 2048));
    CHECK(m->lm_head_cout == 32000);
    CHECK(m->lm_head_shards == 1);
    CHECK(m->parameter_count() == i.parameter_count());
  }
  CHECK(mib_per_core(2048, 8192, 2) == 2.0);
  CHECK(mib_per_core(2048, 8192, 1) == 1.0);
  CHECK(mib_per_core(2048, 2048, 2) == 0.5);
  CHECK(mib_per_core(2048, 32000, 2) == 7.8125);
}

TEST_CASE("the reference notes' affected shapes are in the presets", "[model]") {
  const ModelDescription l1 = preset("llama-3.2-1b");
  CHECK(has_projection(l1, 2048, 8192));
  CHECK(has_projection(l1, 8192, 2048));
  CHECK(l1.lm_head_tied);
  CHECK(mib_per_core(2048, 8192, 2) == 2.0);

  for (const char* name : {"llama-3.1-8b", "deepseek-r1-8b", "deephermes-3-8b"}) {
    INFO(name);
    const ModelDescription m = preset(name);
    CHECK(has_projection(m, 4096, 4096));
    CHECK(has_projection(m, 4096, 14336));
    CHECK(has_projection(m, 14336, 4096));
  }
  CHECK(mib_per_core(4096, 4096, 2) == 2.0);
  CHECK(mib_per_core(4096, 14336, 2) == 7.0);

  const ModelDescription h3 = preset("deephermes-3-3b");
  CHECK(has_projection(h3, 3072, 8192));
  CHECK(has_projection(h3, 8192, 3072));
  CHECK(mib_per_core(3072, 8192, 2) == 3.0);

  const ModelDescription q8 = preset("qwen3-8b");
  CHECK(has_projection(q8, 4096, 4096));
  CHECK(has_projection(q8, 4096, 12288));
  CHECK(mib_per_core(4096, 12288, 2) == 6.0);

  // Qwen3 heads are 128 wide whatever hidden / heads is.
  CHECK(has_projection(preset("qwen3-0.6b"), 1024, 2048));

  const ModelDescription g = preset("gemma-3-4b");
  CHECK(g.lm_head_cin == 2560);
  CHECK(g.lm_head_cout == 262144);
  CHECK(g.lm_head_shards == 16);
  CHECK(mib_per_core(2560, g.lm_head_cout / g.lm_head_shards, 2) == 5.0);
}

TEST_CASE("a small file reads field by field", "[model]") {
  const ModelDescription m = parse_model_description(kTiny, "m.yaml");
  CHECK(m.source == "m.yaml");
  CHECK(m.name == "tiny");
  CHECK(m.display_name == "Tiny");
  CHECK(m.published_parameters == 1e6);
  CHECK(m.element_bytes == 2);  // the default
  CHECK(m.layers == 2);
  REQUIRE(m.projections.size() == 2);
  CHECK(m.projections[1].name == "up_proj");
  CHECK(m.projections[1].cin == 64);
  CHECK(m.projections[1].cout == 256);
  CHECK(m.projections[1].count == 1);
  CHECK(m.vocab == 100);
  CHECK_FALSE(m.embedding_streamed);
  CHECK(m.lm_head_shards == 2);
  CHECK_FALSE(m.lm_head_tied);
  CHECK(m.lm_head_streamed);
  CHECK(m.extra_parameters == 0);
  // 2 x (64*64 + 64*256) + 100*64 + 64*100 + 2*2*64 + 64
  CHECK(m.parameter_count() == 54080.0);

  const ModelDescription t = parse_model_description(
      replaced("shards: 2}", "shards: 2, tied: true}") + "extra_parameters: 20\n", "m.yaml");
  CHECK(t.parameter_count() == 54080.0 - 6400.0 + 20.0);
}

TEST_CASE("model file errors name file, line, column and field", "[model]") {
  CHECK_THAT(error_of(replaced("cout: 256", "cout: x")),
             StartsWith("m.yaml:8:36: projections[1].cout: expected a whole number, got 'x'"));
  CHECK_THAT(error_of(replaced("up_proj, cin: 64, ", "up_proj, ")),
             StartsWith("m.yaml:8:5: projections[1].cin: missing key"));
  CHECK_THAT(error_of(replaced("layers: 2\n", "")), StartsWith("m.yaml:1:1: layers: missing key"));
  CHECK_THAT(error_of(replaced("layers: 2\n", "layers: 2\nlayer: 2\n")),
             StartsWith("m.yaml:5:1: layer: unknown key (docs/model-format.md"));
  CHECK_THAT(error_of(replaced("cout: 64}", "cout: 64, cnt: 2}")),
             StartsWith("m.yaml:7:39: projections[0].cnt: unknown key"));
  CHECK_THAT(error_of(replaced("dim: 64}", "dim: 64, stream: true}")),
             StartsWith("m.yaml:9:34: embedding.stream: unknown key"));
  CHECK_THAT(error_of(kTiny + "hidden: 128\n"),
             StartsWith("m.yaml:11:1: hidden: duplicate key (first given at line 5)"));
  CHECK_THAT(error_of(replaced("projections:\n  - {name: q_proj, cin: 64, cout: 64}\n"
                               "  - {name: up_proj, cin: 64, cout: 256}\n",
                               "projections: []\n")),
             StartsWith("m.yaml:6:14: projections: expected at least 1 entries"));
  CHECK_THAT(error_of(replaced("name: up_proj", "name: q_proj")),
             StartsWith("m.yaml:8:12: projections[1].name: duplicate projection name 'q_proj' "
                        "(first given at line 7)"));
  CHECK_THAT(error_of(replaced("hidden: 64", "hidden: 64: 3")),
             StartsWith("m.yaml:5:11: not valid YAML: "));
  CHECK_THAT(error_of(""), StartsWith("m.yaml: the file is empty"));
  CHECK_THAT(error_of("- a\n- b\n"), StartsWith("m.yaml:1:1: top level: expected a mapping"));
}

TEST_CASE("model file values out of range are errors", "[model]") {
  CHECK_THAT(error_of(replaced("layers: 2", "layers: 0")),
             StartsWith("m.yaml:4:9: layers: 0 is out of range (expected 1..1000)"));
  CHECK_THAT(error_of(replaced("layers: 2", "layers: 1001")), StartsWith("m.yaml:4:9: layers:"));
  CHECK_THAT(error_of(replaced("cout: 256", "cout: 4294967296")),
             StartsWith("m.yaml:8:36: projections[1].cout: 4294967296 is out of range"));
  CHECK_THAT(error_of(replaced("cout: 256", "cout: -1")),
             Contains("projections[1].cout: expected a whole number, got '-1' (negative"));
  CHECK_THAT(error_of(replaced("layers: 2", "layers: 2\nelement_bytes: 9")),
             StartsWith("m.yaml:5:16: element_bytes: 9 is out of range (expected 1..8)"));
  CHECK_THAT(error_of(replaced("shards: 2", "shards: 1025")),
             StartsWith("m.yaml:10:39: lm_head.shards: 1025 is out of range (expected 1..1024)"));
  CHECK_THAT(error_of(replaced("cout: 100, shards: 2", "cout: 3, shards: 4")),
             StartsWith("m.yaml:10:37: lm_head.shards: 4 shards exceed the 3 output rows"));
  CHECK_THAT(error_of(replaced("dim: 64", "dim: 65")),
             StartsWith("m.yaml:9:30: embedding.dim: 65 differs from hidden (64)"));
  CHECK_THAT(error_of(replaced("published_parameters: 1e6", "published_parameters: lots")),
             StartsWith("m.yaml:3:23: published_parameters: expected a positive number"));
  CHECK_THAT(error_of(replaced("name: tiny", "name: Tiny Model")),
             StartsWith("m.yaml:1:7: name: expected lowercase letters"));
  CHECK_THAT(error_of(replaced("shards: 2}", "shards: 2, tied: yes}")),
             StartsWith("m.yaml:10:48: lm_head.tied: expected true or false, got 'yes'"));
  CHECK_THAT(error_of(replaced("hidden: 64", "hiden: 64")),
             StartsWith("m.yaml:1:1: hidden: missing"));
  CHECK_THAT(error_of(replaced("shards: 2}", "shards: 2}\nstep_ops: {norm: x}")),
             StartsWith("m.yaml:11:18: step_ops.norm: "));
  CHECK_THAT(error_of(replaced("cout: 64}", "cout: 64, role: mlp}")),
             Contains("role: 'mlp' is not a role"));
}

TEST_CASE("a model may leave out the embedding and the lm_head (a synthetic step)", "[model]") {
  const ModelDescription m = parse_model_description(
      replaced("embedding: {vocab: 100, dim: 64}\nlm_head: {cin: 64, cout: 100, shards: 2}\n", ""),
      "m.yaml");
  CHECK(m.vocab == 0);
  CHECK_FALSE(m.embedding_streamed);
  CHECK_FALSE(m.lm_head_streamed);
  CHECK(m.step_ops.norm == 6);  // the defaults (docs/model-format.md)
  CHECK(m.step_ops.attention == 19);
}

TEST_CASE("model files that cannot be read are errors naming the path", "[model]") {
  const ScratchDir dir;
  const std::string missing = (dir.path / "absent.yaml").string();
  CHECK_THAT(load_error(missing), StartsWith(missing + ": cannot open model file: "));
  CHECK_THAT(load_error(dir.path.string()),
             StartsWith(dir.path.string() + ": cannot open model file: is a directory"));
  CHECK_THAT(load_error(""), StartsWith("model file: empty file name"));

  const std::string big = dir.write("big.yaml", std::string((1 << 20) + 1, '#'));
  CHECK_THAT(load_error(big), StartsWith(big + ": model file too large"));
  const std::string edge =
      dir.write("edge.yaml", kTiny + std::string((1 << 20) - kTiny.size(), '#'));
  CHECK(load_model_file(edge).name == "tiny");  // exactly 1 MiB is allowed

  // Errors inside a loaded file carry its path, not a placeholder.
  const std::string bad = dir.write("bad.yaml", replaced("cout: 256", "cout: x"));
  CHECK_THAT(load_error(bad), StartsWith(bad + ":8:36: projections[1].cout: "));
}

}  // namespace
}  // namespace anesim
