// `anesim advise` (docs/advise.md): the payload arithmetic and split rules
// in process, then the binary on one small model, a few shapes and a
// generated model file holding every distinct shape of the reference
// notes' ANEMLL models plus the V's edges, so that the affected-shape table
// is checked against simulation in one run.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <anesim/analysis/advise/advice.h>
#include <anesim/analysis/tables/notch_rules.h>
#include <anesim/io/json.h>
#include <anesim/model/model_description.h>
#include <sim/core/workload.h>
#include "test_support.h"

namespace {

using namespace anesim;

using Run = test::Outcome;
Run run_anesim(const std::vector<std::string>& args) { return test::run_anesim(args); }

std::string read_all(const std::string& path) { return test::slurp(path); }

std::string scratch_dir() {
  static const std::string dir = test::fresh_dir("anesim-advise-test");
  return dir;
}

std::string preset_path(const std::string& name) {
  return std::string(ANESIM_SOURCE_DIR) + "/configs/models/" + name + ".yaml";
}

constexpr uint64_t kMiB = 1024 * 1024;

// The reference notes' affected-shape table, by preset: projection -> MiB
// per core (published measurement: Eileen Yoon, "Getting 50 GB/s Back Out of the
// ANE", 10 Aug 2026).
const std::map<std::string, std::map<std::string, uint64_t>>& reference_table() {
  static const std::map<std::string, std::map<std::string, uint64_t>> t = {
      {"llama-3.2-1b", {{"gate_proj", 2}, {"up_proj", 2}, {"down_proj", 2}}},
      {"llama-3.1-8b",
       {{"q_proj", 2}, {"o_proj", 2}, {"gate_proj", 7}, {"up_proj", 7}, {"down_proj", 7}}},
      {"deepseek-r1-8b",
       {{"q_proj", 2}, {"o_proj", 2}, {"gate_proj", 7}, {"up_proj", 7}, {"down_proj", 7}}},
      {"deephermes-3-8b",
       {{"q_proj", 2}, {"o_proj", 2}, {"gate_proj", 7}, {"up_proj", 7}, {"down_proj", 7}}},
      {"deephermes-3-3b", {{"gate_proj", 3}, {"up_proj", 3}, {"down_proj", 3}}},
      {"qwen3-8b",
       {{"q_proj", 2}, {"o_proj", 2}, {"gate_proj", 6}, {"up_proj", 6}, {"down_proj", 6}}},
      {"gemma-3-4b", {{"lm_head", 5}}}};
  return t;
}

// The table's split S per MiB per core (the advice may use fewer chunks).
uint32_t table_split(uint64_t mib) { return mib == 2 || mib == 6 ? 4 : 2; }

}  // namespace

TEST_CASE("advise: per-core payload is ceil(N/16) * D * element_bytes", "[advise]") {
  CHECK(payload_bytes_per_core(2048, 4096, 2) == kMiB);  // published: D = 2048, N = 4096
  CHECK(payload_lines(2048, 4096, 2) == 0x4000);
  CHECK(payload_bytes_per_core(2044, 4096, 2) == 0x000ff800);  // published TD hexdiff
  CHECK(payload_bytes_per_core(2052, 4096, 2) == 0x00100800);
  // N not divisible by 16 rounds the per-core rows up: ceil(17/16) = 2.
  CHECK(payload_bytes_per_core(100, 17, 2) == 2 * 100 * 2);
  CHECK(payload_lines(100, 17, 2) == 7);  // 400 B = 6.25 lines, rounded up
  CHECK(payload_lines(3, 1, 2) == 1);     // 6 B
  CHECK(payload_bytes_per_core(4096, 16032, 2) == 1002ull * 4096 * 2);
  CHECK(payload_bytes_per_core(4096, 4096, 1) == kMiB);  // 8-bit weights: half
  CHECK(payload_bytes_per_core(4096, 4096, 4) == 4 * kMiB);
  // fp16 agrees with the simulator's own lines_for_shape everywhere.
  for (uint64_t n : {1, 15, 16, 17, 1000, 4095, 4096, 4097, 16032, 151936}) {
    for (uint64_t d : {1, 3, 896, 2044, 2048, 2049, 4097, 14336}) {
      CHECK(payload_lines(d, n, 2) == lines_for_shape(d, n));
    }
  }
  CHECK(payload_lines(UINT32_MAX, UINT32_MAX, 2) == 0);  // over 2^32-1 lines
  CHECK(lap_text(0x4000 * 2) == "2*0x4000+0");
  CHECK(lap_text(0x4000 * 8 - 2816) == "8*0x4000-2816");
}

TEST_CASE("advise: chunks along Cin differ by at most one, larger first", "[advise]") {
  CHECK(split_channels(4097, 2) == std::vector<uint64_t>{2049, 2048});
  CHECK(split_channels(4096, 2) == std::vector<uint64_t>{2048, 2048});
  CHECK(split_channels(4096, 3) == std::vector<uint64_t>{1366, 1365, 1365});
  CHECK(split_channels(10, 4) == std::vector<uint64_t>{3, 3, 2, 2});
  CHECK(split_channels(8, 8) == std::vector<uint64_t>(8, 1));
  CHECK(split_channels(7, 8).empty());  // fewer channels than chunks
  CHECK(split_channels(7, 0).empty());
  for (uint64_t d : {2, 9, 2047, 4097, 14336, 14337}) {
    for (uint32_t s = 1; s <= kMaxAdviceSplit && s <= d; ++s) {
      const std::vector<uint64_t> c = split_channels(d, s);
      REQUIRE(c.size() == s);
      uint64_t sum = 0;
      for (size_t i = 0; i < c.size(); ++i) {
        sum += c[i];
        CHECK(c[i] <= c[0]);
        CHECK(c[0] - c[i] <= 1);
        if (i > 0) CHECK(c[i] <= c[i - 1]);
      }
      CHECK(sum == d);
    }
  }
}

TEST_CASE("advise: the notch rule, the first lap and the padding", "[advise]") {
  for (uint64_t k : {1, 2, 7, 16}) {
    const uint64_t lap = k * 0x4000;
    CHECK(in_notch_by_rule(lap));
    CHECK(in_notch_by_rule(lap - 255));
    CHECK(in_notch_by_rule(lap + 255));
    CHECK_FALSE(in_notch_by_rule(lap - 256));
    CHECK_FALSE(in_notch_by_rule(lap + 256));
  }
  CHECK_FALSE(in_notch_by_rule(1));
  CHECK_FALSE(in_notch_by_rule(255));
  CHECK_FALSE(in_notch_by_rule(0x2000));
  CHECK(below_first_lap(0x4000 - 257));
  CHECK_FALSE(below_first_lap(0x4000 - 256));
  // Equal times never count; the smallest real cost (0.82 % at x = -255,
  // k = 1, simulated) does.
  CHECK_FALSE(costs_time(380.1388, 380.1388));
  CHECK_FALSE(costs_time(381.0, 380.1388));
  CHECK(costs_time(383.27, 380.1575));
  // Padding: 2 MiB (8 lines per channel at N = 4096) needs 32 channels to
  // reach x = 256; 7 MiB at N = 14336 (28 lines per channel) needs 10.
  CHECK(padded_cin(4096, 4096, 2) == std::optional<uint64_t>(4128));
  CHECK(padded_cin(4096, 14336, 2) == std::optional<uint64_t>(4106));
  CHECK(padded_cin(4128, 4096, 2) == std::optional<uint64_t>(4129));  // already out: next D
  CHECK(padded_cin(32 * (0x4000 + 255), 16, 2) == std::optional<uint64_t>(32 * (0x4000 + 255) + 1));
}

TEST_CASE("advise: a model's transfers per decoded token", "[advise]") {
  std::vector<std::string> left_out;
  const ModelDescription m = load_model_file(preset_path("llama-3.1-8b"));
  const std::vector<Transfer> t = model_transfers(m, &left_out);
  REQUIRE(t.size() == 8);
  CHECK(t[0].name == "q_proj");
  CHECK(t[0].count == 32);
  CHECK(t[7].name == "lm_head");
  CHECK(t[7].cin == 4096);
  CHECK(t[7].cout == 16032);
  CHECK(t[7].count == 8);
  REQUIRE_FALSE(left_out.empty());
  CHECK(left_out[0].find("embedding") != std::string::npos);
  // Uneven shards: the remainder goes to the first ones.
  ModelDescription u = m;
  u.lm_head_cout = 10;
  u.lm_head_shards = 3;
  u.embedding_streamed = true;
  const std::vector<Transfer> v = model_transfers(u, nullptr);
  REQUIRE(v.size() == 10);
  CHECK((v[7].cout == 4 && v[7].count == 1));
  CHECK((v[8].cout == 3 && v[8].count == 2));
  CHECK((v[9].name == "embedding" && v[9].cin == 4096 && v[9].cout == 128256));
  u.lm_head_streamed = false;
  CHECK(model_transfers(u, nullptr).size() == 8);
}

TEST_CASE("advise: the reference table's shapes, by the rule, in every ANEMLL preset", "[advise]") {
  for (const auto& [preset, affected] : reference_table()) {
    const ModelDescription m = load_model_file(preset_path(preset));
    for (const Transfer& t : model_transfers(m, nullptr)) {
      INFO(preset << " " << t.name << " " << t.cin << " x " << t.cout);
      const auto it = affected.find(t.name);
      const uint64_t lines = payload_lines(t.cin, t.cout, m.element_bytes);
      CHECK(in_notch_by_rule(lines) == (it != affected.end()));
      if (it != affected.end()) {
        CHECK(payload_bytes_per_core(t.cin, t.cout, m.element_bytes) == it->second * kMiB);
      }
    }
  }
}

TEST_CASE("advise: simulation flags the table's shapes and the V's edges, and the splits clear",
          "[advise][binary]") {
  // Every distinct shape of the ANEMLL presets, with the table's MiB (0:
  // not in the table), and shapes 224 / 256 lines either side of k = 1, 2
  // (inside the V, where a grant of 224 lines still costs several per cent,
  // and just outside it).
  std::map<std::pair<uint64_t, uint64_t>, uint64_t> shapes;
  for (const auto& [preset, affected] : reference_table()) {
    for (const Transfer& t : model_transfers(load_model_file(preset_path(preset)), nullptr)) {
      const auto it = affected.find(t.name);
      shapes[{t.cin, t.cout}] = it == affected.end() ? 0 : it->second;
    }
  }
  std::set<std::pair<uint64_t, uint64_t>> edge_in, edge_out;
  for (int64_t k : {1, 2}) {
    for (int64_t x : {-256, -224, 224, 256}) {
      const uint64_t d = 32 * static_cast<uint64_t>(k * 0x4000 + x);  // N = 16: D/32 lines
      (x == -256 || x == 256 ? edge_out : edge_in).insert({d, 16});
    }
  }
  std::string yaml =
      "name: advise-test\ndisplay_name: advise test shapes\npublished_parameters: 1e9\n"
      "layers: 1\nhidden: 64\nprojections:\n";
  auto add = [&yaml](const std::pair<uint64_t, uint64_t>& s) {
    const std::string d = std::to_string(s.first), n = std::to_string(s.second);
    yaml += "  - {name: s" + d + "x" + n + ", cin: " + d + ", cout: " + n + "}\n";
  };
  for (const auto& shape : shapes) add(shape.first);
  for (const auto& shape : edge_in) add(shape);
  for (const auto& shape : edge_out) add(shape);
  yaml += "embedding: {vocab: 16, dim: 64}\nlm_head: {cin: 64, cout: 16, streamed: false}\n";
  const std::string path = scratch_dir() + "/shapes.yaml";
  std::ofstream(path) << yaml;

  const Run r = run_anesim({"advise", "--model", path, "--json", "-j", "2"});
  REQUIRE(r.rc == 0);
  const Json j = Json::parse(r.out);
  size_t flagged = 0;
  for (const Json& p : j.at("projections")) {
    const std::pair<uint64_t, uint64_t> shape{p.at("cin").get<uint64_t>(),
                                              p.at("cout").get<uint64_t>()};
    INFO(p.dump());
    const bool affected = p.at("affected").get<bool>();
    flagged += affected ? 1 : 0;
    if (edge_in.count(shape) != 0) {
      CHECK(affected);
      continue;
    }
    if (edge_out.count(shape) != 0) {
      CHECK_FALSE(affected);
      continue;
    }
    const uint64_t mib = shapes.at(shape);
    CHECK(affected == (mib != 0));
    if (mib == 0) {
      CHECK(p.at("split").get<uint32_t>() == 1);
      continue;
    }
    CHECK(p.at("bytes_per_core").get<uint64_t>() == mib * kMiB);
    CHECK(p.at("advice").get<std::string>() == "split");
    const auto split = p.at("split").get<uint32_t>();
    CHECK(split >= 2);
    CHECK(split <= table_split(mib));
    CHECK(p.at("chunk_cin").size() == split);
    for (const Json& lines : p.at("chunk_lines")) {
      CHECK_FALSE(in_notch_by_rule(lines.get<uint64_t>()));
    }
    CHECK(p.at("time_us_after").get<double>() < p.at("time_us_before").get<double>());
    // The chunks run as tasks of one transfer: one launch, so the split
    // costs only its extra dispatches over a fixed ring.
    CHECK(p.at("time_us_after").get<double>() <= 1.02 * p.at("time_us_fix").get<double>());
  }
  CHECK(flagged == edge_in.size() + 10);  // the table's 10 distinct shapes
}

TEST_CASE("advise: a small model, JSON and CSV", "[advise][binary]") {
  const std::string csv = scratch_dir() + "/llama-3.2-1b.csv";
  const Run r = run_anesim({"advise", "--model", "llama-3.2-1b", "--json", "--csv", csv});
  REQUIRE(r.rc == 0);
  const Json j = Json::parse(r.out);
  CHECK(j.at("model") == "llama-3.2-1b");
  // 16 layers x (2 x 2048^2 + 2 x 2048 x 512 + 3 x 2048 x 8192) + 2048 x 128256, fp16.
  CHECK(j.at("bytes_per_token").get<double>() ==
        2.0 *
            (16.0 * (2 * 2048.0 * 2048 + 2 * 2048.0 * 512 + 3 * 2048.0 * 8192) + 2048.0 * 128256));
  CHECK(j.at("tokens_per_s_after").get<double>() > j.at("tokens_per_s_before").get<double>());
  CHECK(j.at("gbps_after").get<double>() > j.at("gbps_before").get<double>());
  CHECK(j.at("projections").size() == 8);
  CHECK(j.at("assumption").get<std::string>().find("one program") != std::string::npos);
  // The whole-model figures are anesim decode's, with advise's splits:
  // simulated the same with --exact, composed from the table within 0.5 %.
  CHECK(j.at("step_times_from") == "timing table");
  const Run e = run_anesim({"advise", "--model", "llama-3.2-1b", "--json", "--exact"});
  REQUIRE(e.rc == 0);
  const Json ej = Json::parse(e.out);
  CHECK(ej.at("step_times_from") == "simulation");
  const Run d = run_anesim({"decode", "--model", "llama-3.2-1b", "--json"});
  REQUIRE(d.rc == 0);
  const Json dj = Json::parse(d.out);
  for (const char* when : {"before", "after"}) {
    const double decode_us = dj.at(std::string("ms_per_token_") + when).get<double>() * 1000;
    const std::string key = std::string("time_us_") + when;
    CHECK(ej.at(key).get<double>() == Approx(decode_us).epsilon(1e-6));
    CHECK(j.at(key).get<double>() == Approx(decode_us).epsilon(0.005));
  }
  const std::string table = read_all(csv);
  CHECK(table.rfind("name,cin,cout,count,", 0) == 0);
  CHECK(std::count(table.begin(), table.end(), '\n') == 9);
}

TEST_CASE("advise: one shape", "[advise][binary]") {
  Run r = run_anesim({"advise", "--cin", "4096", "--cout", "4096", "--json"});
  REQUIRE(r.rc == 0);
  Json j = Json::parse(r.out);
  CHECK(j.at("lines_per_core") == 0x8000);
  CHECK(j.at("affected") == true);
  CHECK(j.at("split").get<uint32_t>() == 3);  // three chunks clear 2 MiB
  CHECK(j.at("time_us_after").get<double>() < j.at("time_us_before").get<double>());
  r = run_anesim({"advise", "--cin", "4064", "--cout", "4096", "--json"});
  REQUIRE(r.rc == 0);
  j = Json::parse(r.out);
  CHECK(j.at("affected") == false);
  CHECK(j.at("split") == 1);
  CHECK(j.at("time_us_after") == j.at("time_us_before"));
}

TEST_CASE("advise: bad model names and files", "[advise][binary]") {
  Run r = run_anesim({"advise", "--model", "no-such-model"});
  CHECK(r.rc == 2);
  CHECK(r.err.find("llama-3.1-8b") != std::string::npos);
  CHECK(r.err.find("qwen3-8b") != std::string::npos);
  const std::string bad = scratch_dir() + "/bad.yaml";
  std::ofstream(bad) << "name: bad\ndisplay_name: Bad\npublished_parameters: 1e9\nlayers: 2\n"
                        "hidden: 64\nprojections:\n  - {name: q, cin: 64, cout: x}\n";
  r = run_anesim({"advise", "--model", bad});
  CHECK(r.rc == 5);
  CHECK(r.err.find(bad + ":7:") != std::string::npos);
  CHECK(r.err.find("projections[0].cout") != std::string::npos);
  r = run_anesim({"advise"});
  CHECK(r.rc == 2);
}
