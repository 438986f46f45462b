// config.json as published (tests/fixtures/hf/): every preset with a
// fixture gives, from its config.json, the preset's transfers and the same
// decode-step op counts; the sparse Gemma 3, Mistral, Phi-3, Gemma and
// Gemma 2 configs read with transformers' defaults.
#include <catch2/catch.hpp>

#include <algorithm>

#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include <anesim/analysis/step/step_plan.h>
#include <anesim/model/hf_config_reader.h>
#include <anesim/model/model_presets.h>
#include <anesim/model/model_transfers.h>

namespace anesim {
namespace {

const std::string kFixtures = ANESIM_SOURCE_DIR "/tests/fixtures/hf";

struct Row {
  std::string folder, preset;
};

// The fixtures' table (tests/fixtures/hf/README.md): folder and preset.
std::vector<Row> fixture_rows() {
  std::ifstream in(kFixtures + "/README.md");
  const std::regex row(R"(^\| ([^ |]+) \| [^ |]+ \| ([^ |]+) \|$)");
  std::vector<Row> out;
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_match(line, m, row) && m[1] != "folder" && m[1] != "---") {
      out.push_back(Row{m[1], m[2]});
    }
  }
  return out;
}

ModelDescription fixture(const std::string& folder) {
  return load_hf_config_file(kFixtures + "/" + folder + "/config.json");
}

const Transfer& named(const std::vector<Transfer>& ts, const std::string& name) {
  for (const Transfer& t : ts) {
    if (t.name == name) return t;
  }
  FAIL("no transfer " << name);
  return ts.front();
}

constexpr double kMiB = 1024.0 * 1024.0;

TEST_CASE("every preset's config.json gives its transfers and op counts", "[model][hf]") {
  const std::vector<Row> rows = fixture_rows();
  REQUIRE(rows.size() >= 19);
  size_t presets = 0;
  for (const Row& r : rows) {
    if (r.preset == "-") continue;
    ++presets;
    INFO(r.folder << " against " << r.preset);
    const ModelDescription got = fixture(r.folder), want = load_model_preset(r.preset);
    const std::vector<Transfer> a = model_transfers(got, nullptr),
                                b = model_transfers(want, nullptr);
    REQUIRE(a.size() == b.size());
    for (size_t i = 0; i < a.size(); ++i) {
      INFO(b[i].name);
      CHECK(a[i].name == b[i].name);
      CHECK(a[i].cin == b[i].cin);
      CHECK(a[i].cout == b[i].cout);
      CHECK(a[i].count == b[i].count);
    }
    const StepPlan p = plan_step(got, SplitPolicy{}, 1), q = plan_step(want, SplitPolicy{}, 1);
    CHECK(p.other_ops == q.other_ops);
    CHECK(p.convs == q.convs);
    CHECK(p.ops_after == q.ops_after);
    CHECK(p.lines_per_core() == q.lines_per_core());
    CHECK(got.parameter_count() == want.parameter_count());
  }
  // Every preset has its config.json here but the synthetic ones, which no
  // published checkpoint describes (the decode step, ANEForge's decoder).
  const std::vector<std::string> synthetic = {"llama-step-synthetic", "aneforge-decoder",
                                              "aneforge-decoder-int8"};
  for (const std::string& name : model_preset_names()) {
    const bool has_fixture =
        std::any_of(rows.begin(), rows.end(), [&](const Row& r) { return r.preset == name; });
    const bool is_synthetic =
        std::find(synthetic.begin(), synthetic.end(), name) != synthetic.end();
    INFO(name);
    CHECK(has_fixture != is_synthetic);
  }
  CHECK(presets + synthetic.size() == model_preset_names().size());
}

TEST_CASE("a decoder layer's ops are placed around its projections", "[model][hf]") {
  // 35 per layer (norm 6, attention 19, residual 1 + norm 6, activation 2,
  // residual 1) and the final norm (6) and 2 outside: 16 x 35 + 8.
  const StepPlan p = plan_step(fixture("Llama-3.2-1B"), SplitPolicy{}, 1);
  CHECK(p.other_ops == 16 * 35 + 8);
}

TEST_CASE("the published sparse Gemma 3 config takes Gemma3TextConfig's defaults", "[model][hf]") {
  const ModelDescription m = fixture("gemma-3-4b-it");
  CHECK(m.layers == 34);
  CHECK(m.vocab == 262208);
  CHECK(m.lm_head_cout == 262144);  // below image_token_index
  CHECK(m.lm_head_tied);
  CHECK(m.projections[0].cout == 8 * 256);  // 8 heads x head_dim 256
  CHECK(m.projections[1].cout == 4 * 256);  // 4 KV heads
}

TEST_CASE("Mistral 7B: q/o at 2 MiB and the MLP at 7 MiB per core", "[model][hf]") {
  const ModelDescription m = fixture("Mistral-7B-v0.1");
  const std::vector<Transfer> ts = model_transfers(m, nullptr);
  for (const char* name : {"q_proj", "o_proj"}) {
    const Transfer& t = named(ts, name);
    CHECK(payload_bytes_per_core(t.cin, t.cout, t.format) == 2 * kMiB);
  }
  for (const char* name : {"gate_proj", "up_proj", "down_proj"}) {
    const Transfer& t = named(ts, name);
    CHECK(payload_bytes_per_core(t.cin, t.cout, t.format) == 7 * kMiB);
  }
  CHECK(named(ts, "lm_head").count == 1);  // no ANEMLL converter: unsplit
}

TEST_CASE("Phi-3 streams its fused qkv_proj and gate_up_proj as stored", "[model][hf]") {
  const std::vector<Transfer> ts = model_transfers(fixture("Phi-3-mini-4k-instruct"), nullptr);
  CHECK(named(ts, "qkv_proj").cin == 3072);
  CHECK(named(ts, "qkv_proj").cout == 3 * 3072);
  CHECK(named(ts, "gate_up_proj").cout == 2 * 8192);
  CHECK(named(ts, "down_proj").cin == 8192);
  CHECK(named(ts, "qkv_proj").count == 32);
  const StepPlan p = plan_step(fixture("Phi-3-mini-4k-instruct"), SplitPolicy{}, 1);
  CHECK(p.other_ops == 32 * 35 + 8);
}

TEST_CASE("Gemma and Gemma 2 read with their head_dim and tied heads", "[model][hf]") {
  const ModelDescription g = fixture("gemma-2b"), g2 = fixture("gemma-2-2b");
  CHECK(g.projections[0].cout == 8 * 256);
  CHECK(g.projections[1].cout == 256);  // one KV head
  CHECK(g.lm_head_tied);
  CHECK(g2.layers == 26);
  CHECK(g2.projections[3].cin == 2048);  // o_proj: 8 heads x 256
  // Parameter counts as published: 2.51 B and 2.61 B.
  CHECK(g.parameter_count() == Approx(2.506e9).epsilon(0.01));
  CHECK(g2.parameter_count() == Approx(2.614e9).epsilon(0.01));
}

TEST_CASE("a left-out or null key takes the architecture's default", "[model][hf]") {
  const ModelDescription m = parse_hf_config(
      R"({"model_type": "mistral", "num_hidden_layers": 2, "head_dim": null})", "x/config.json");
  CHECK(m.hidden == 4096);
  CHECK(m.projections[1].cout == 8 * 128);  // MistralConfig: 8 KV heads
  CHECK(m.vocab == 32000);
  CHECK_FALSE(m.lm_head_tied);
}

}  // namespace
}  // namespace anesim
