// anesim decode: the step plan's op counts, one task against the single run,
// the breakdown against the total, and what a split of an unaffected
// transfer changes (docs/decode.md).
#include <catch2/catch.hpp>

#include <fstream>
#include <string>
#include <utility>

#include <anesim/analysis/decode/split_file.h>
#include <anesim/analysis/step/step_plan.h>
#include <anesim/io/json.h>
#include <anesim/machine/builtin_config.h>
#include <anesim/machine/config_patch.h>
#include <anesim/machine/machine_config_reader.h>
#include <anesim/model/model_description.h>
#include <anesim/model/model_presets.h>

#include "tests/test_support.h"

namespace anesim {
namespace {

const char* const kSmallModel =
    "name: small\ndisplay_name: Small\npublished_parameters: 2.1e7\nlayers: 2\nhidden: 1024\n"
    "projections:\n"
    "  - {name: q_proj, cin: 1024, cout: 1024}\n"
    "  - {name: k_proj, cin: 1024, cout: 256}\n"
    "  - {name: v_proj, cin: 1024, cout: 256}\n"
    "  - {name: o_proj, cin: 1024, cout: 1024}\n"
    "  - {name: gate_proj, cin: 1024, cout: 2048}\n"
    "  - {name: up_proj, cin: 1024, cout: 2048}\n"
    "  - {name: down_proj, cin: 2048, cout: 1024}\n";

std::string write(const std::string& dir, const std::string& name, const std::string& text) {
  const std::string path = dir + "/" + name;
  std::ofstream(path) << text;
  return path;
}

// The built-in M3 Air with a per-op overhead, so that ops cost time;
// `one_clock`: no boost, every cycle as long.
std::string config_with_op_overhead(const std::string& dir, uint32_t cycles,
                                    bool one_clock = false) {
  std::string text = with_inserted_key(kBuiltinConfigYaml, "<built-in>", "ane.op_overhead_cycles",
                                       std::to_string(cycles));
  if (one_clock) {
    const std::string clock = config_value_text(text, "<built-in>", "dram.clock_mhz");
    text = with_config_values(text, "<built-in>", {{"power.start_clock_mhz", clock}});
  }
  return write(dir, one_clock ? "m3-ops-one-clock.yaml" : "m3-ops.yaml", text);
}

Json decode_json(const std::vector<std::string>& args) {
  std::vector<std::string> all = {"decode", "--json"};
  all.insert(all.end(), args.begin(), args.end());
  const test::Outcome o = test::run_anesim(all);
  INFO(o.err);
  REQUIRE(o.rc == 0);
  return Json::parse(o.out);
}

double breakdown_sum(const Json& b) {
  double sum = b.at("dispatch_ms").get<double>() + b.at("other_ops_ms").get<double>() +
               b.at("launch_ms").get<double>();
  for (const auto& [kind, ms] : b.at("kernel_dma_ms").items()) {
    sum += ms.get<double>();
  }
  return sum;
}

}  // namespace

TEST_CASE("decode plan: the synthetic step has the published convs and ops", "[decode]") {
  const ModelDescription m = load_model_preset("llama-step-synthetic");
  const StepPlan off = plan_step(m, SplitPolicy{}, 1);
  CHECK(off.convs == 112);
  CHECK(off.convs + off.other_ops == 674);
  const SplitPolicy on = parse_inline_splits("gate_proj=3;up_proj=3;down_proj=3", m, "test");
  const StepPlan split = plan_step(m, on, 1);
  CHECK(split.convs == 208);
  CHECK(split.convs + split.other_ops == 962);
  // Weights as stored: 1.95 GB, the same with or without the split.
  CHECK(off.weight_bytes == Approx(1.946e9).epsilon(0.001));
  CHECK(split.weight_bytes == off.weight_bytes);
  CHECK(split.lines_per_core() == off.lines_per_core());
}

TEST_CASE("decode plan: each norm's weights sit before the task that follows the norm",
          "[decode]") {
  // d_model 2048: 2048 fp16 values cut over 16 cores, 256 B, 4 lines per core
  // before q_proj and gate_proj of every layer and before the lm_head.
  const ModelDescription m = load_model_preset("aneforge-decoder");
  const StepPlan plan = plan_step(m, SplitPolicy{}, 1);
  uint64_t gaps = 0;
  for (const StepTask& t : plan.tasks) {
    INFO(t.projection << " of layer " << t.layer);
    const bool after_norm =
        t.projection == "q_proj" || t.projection == "gate_proj" || t.projection == "lm_head";
    CHECK(t.gap_lines == (after_norm ? 4u : 0u));
    gaps += t.gap_lines;
  }
  CHECK(gaps == 4 * (2 * m.layers + 1));
  // So every layer's MLP starts 8 lines past a lap boundary, not on one.
  CHECK(plan.tasks[4].projection == "gate_proj");
  CHECK((4 * 8192 + 8) % 0x4000 != 0);
}

TEST_CASE("decode: the ANEForge decoder records on configs/chips/m4.yaml within 10 %", "[decode]") {
  // traces/m4-air/m4-air-published-aneforge-decode.csv: 43.11 ms per token in
  // fp16 (gate/up/down at exactly 2 MiB per core), 22.14 ms in int8 (1 MiB).
  // Nothing in configs/chips/m4.yaml is fitted to them.
  const std::string m4 = ANESIM_SOURCE_DIR "/configs/chips/m4.yaml";
  for (const auto& [model, ms] : {std::pair<std::string, double>{"aneforge-decoder", 43.11},
                                  std::pair<std::string, double>{"aneforge-decoder-int8", 22.14}}) {
    INFO(model);
    const Json d = decode_json({"--model", model, "--config", m4, "--split", "none"});
    CHECK(d.at("ms_per_token_before").get<double>() == Approx(ms).epsilon(0.10));
  }
}

TEST_CASE("decode plan: --programs cuts the layers, each program opens with a launch", "[decode]") {
  const ModelDescription m = parse_model_description(kSmallModel, "small.yaml");
  const StepPlan p = plan_step(m, SplitPolicy{}, 2);
  CHECK(p.programs == 2);
  size_t opened = 0;
  for (const StepTask& t : p.tasks) {
    if (t.starts_program) {
      ++opened;
      CHECK(t.layer == 1);
      CHECK(t.projection == "q_proj");
    }
  }
  CHECK(opened == 1);
  CHECK_THROWS_WITH(plan_step(m, SplitPolicy{}, 0), Catch::Contains("--programs: 0"));
  CHECK_THROWS_WITH(plan_step(m, SplitPolicy{}, 3), Catch::Contains("expected 1..2"));
}

TEST_CASE("decode: a program of one task equals the single run", "[decode]") {
  const std::string dir = test::fresh_dir("anesim-decode");
  const std::string model =
      write(dir, "one.yaml",
            "name: one\ndisplay_name: One\npublished_parameters: 4.2e6\nlayers: 1\nhidden: 2048\n"
            "projections:\n  - {name: q_proj, cin: 2048, cout: 2048}\n"
            "step_ops: {norm: 0, attention: 0, activation: 0, residual: 0, outside_layers: 0}\n");
  for (const std::string config : {"", ANESIM_SOURCE_DIR "/configs/chips/m4.yaml"}) {
    INFO(config);
    std::vector<std::string> args = {"--model", model, "--split", "none"};
    std::vector<std::string> run = {"--json", "--lines", "0x2000", "--cores", "1"};
    if (!config.empty()) {
      args.insert(args.end(), {"--config", config});
      run.insert(run.end(), {"--config", config});
    }
    const Json d = decode_json(args);
    const test::Outcome single = test::run_anesim(run);
    REQUIRE(single.rc == 0);
    const double single_us = Json::parse(single.out).at("time_us").get<double>();
    CHECK(d.at("before").at("lines_per_core").get<uint64_t>() == 0x2000);
    CHECK(d.at("ms_per_token_before").get<double>() * 1000.0 == Approx(single_us).margin(1e-3));
    CHECK(d.at("ms_per_token_after").get<double>() == d.at("ms_per_token_before").get<double>());
  }
}

TEST_CASE("decode: the breakdown sums to the total, with ops and programs", "[decode]") {
  const std::string dir = test::fresh_dir("anesim-decode");
  const std::string model = write(dir, "small.yaml", kSmallModel);
  const std::string config = config_with_op_overhead(dir, 700);
  const std::string splits = write(dir, "splits.yaml", "gate_proj: 2\ndown_proj: 3\n");
  const Json d =
      decode_json({"--model", model, "--config", config, "--split", splits, "--programs", "2"});
  for (const char* side : {"before", "after"}) {
    INFO(side);
    const Json& b = d.at("breakdown").at(side);
    CHECK(breakdown_sum(b) ==
          Approx(d.at("before" == std::string(side) ? "ms_per_token_before" : "ms_per_token_after")
                     .get<double>())
              .epsilon(1e-5));
    CHECK(b.at("launch_ms").get<double>() > 0);
    CHECK(b.at("other_ops_ms").get<double>() > 0);
    CHECK(b.at("kernel_dma_ms").size() == 7);
  }
  // Two layers, each with gate_proj in 2 chunks and down_proj in 3.
  CHECK(d.at("after").at("convs").get<uint64_t>() ==
        d.at("before").at("convs").get<uint64_t>() + 6);
  CHECK(d.at("tokens_per_s_after").get<double>() ==
        Approx(1000.0 / d.at("ms_per_token_after").get<double>()).epsilon(1e-6));
}

TEST_CASE("decode: splitting an unaffected transfer changes only dispatch and overhead",
          "[decode]") {
  const std::string dir = test::fresh_dir("anesim-decode");
  const std::string model = write(dir, "small.yaml", kSmallModel);
  const uint32_t op_cycles = 700;
  const std::string config = config_with_op_overhead(dir, op_cycles, true);
  // k_proj moves 1024 x 256: 512 lines per core, far from any lap.
  const std::string splits = write(dir, "splits.yaml", "k_proj: 2\n");
  const Json d = decode_json({"--model", model, "--config", config, "--split", splits});
  const Json& before = d.at("breakdown").at("before");
  const Json& after = d.at("breakdown").at("after");
  const MachineConfig cfg = parse_config(test::slurp(config), config);
  // Two layers: two extra tasks and 2 x (2 slices + 1 join) extra ops.
  const double ns = cfg.cycle_ns() * 1e-6;  // ms per cycle, one clock throughout
  CHECK(after.at("dispatch_ms").get<double>() - before.at("dispatch_ms").get<double>() ==
        Approx(2 * cfg.ane.task_dispatch_cycles * ns).epsilon(0.02));
  CHECK(after.at("other_ops_ms").get<double>() - before.at("other_ops_ms").get<double>() ==
        Approx(2 * 3 * op_cycles * ns).epsilon(0.02));
  CHECK(after.at("launch_ms").get<double>() == Approx(before.at("launch_ms").get<double>()));
  // Kernel DMA: every other kind as before, up to the memory's own phase
  // (refresh falls elsewhere once the tasks shift); the split one within a
  // memory round trip (200 cycles) per extra task more.
  for (const auto& [kind, ms] : before.at("kernel_dma_ms").items()) {
    INFO(kind);
    const double delta = after.at("kernel_dma_ms").at(kind).get<double>() - ms.get<double>();
    CHECK(std::abs(delta) <= 0.002 * ms.get<double>() + (kind == "k_proj" ? 2 * 200 * ns : 0));
  }
}

}  // namespace anesim
