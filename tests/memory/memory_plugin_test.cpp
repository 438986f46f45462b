// A memory target and a refresh policy that only this test binary links
// (ideal_memory_target.cpp, no_refresh_policy.cpp, one file each), chosen
// by the YAML descriptions beside them and run end to end: they register
// through the same registries as the built-in ones, every line arrives
// once and in order per core, and the timing is the plug-in's.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include <anesim/machine/machine_config_reader.h>
#include <sim/dram/refresh/refresh_policies.h>
#include <sim/memory/memory_targets.h>
#include <sim/top/simulate.h>
#include "tests/test_support.h"

namespace anesim {
namespace {

const std::string kDir = ANESIM_SOURCE_DIR "/tests/memory/";
constexpr uint32_t kLines = 0x800;
constexpr uint32_t kCores = 4;

RunSpec spec_for(MemoryCoupling memory) {
  RunSpec spec;
  spec.variant = RingVariant::kFix;
  spec.tasks = build_tasks(test::workload(kLines, kCores));
  spec.memory = memory;
  spec.line_log = LineLogWindow{true, 0, kNever};
  return spec;
}

RunResult run(const MachineConfig& cfg, MemoryCoupling memory) {
  Cluster cluster(cfg, spec_for(memory));
  cluster.run_until(cfg.sim.max_cycles);
  return cluster.result();
}

// Every line of every core once, and each core's lines retired in order.
void check_every_line_once_in_order(const RunResult& r) {
  CHECK(r.scoreboard_error.empty());
  CHECK(r.watchdog_error.empty());
  CHECK(r.lines_lost == 0);
  CHECK(r.lines_total == uint64_t{kLines} * kCores);
  REQUIRE(r.line_log.size() == r.lines_total);
  std::map<uint32_t, std::vector<LineRecord>> by_core;
  for (const LineRecord& rec : r.line_log) by_core[rec.core].push_back(rec);
  REQUIRE(by_core.size() == kCores);
  for (auto& [core, lines] : by_core) {
    INFO("core " << core);
    std::sort(lines.begin(), lines.end(),
              [](const LineRecord& a, const LineRecord& b) { return a.line < b.line; });
    REQUIRE(lines.size() == kLines);
    for (size_t i = 1; i < lines.size(); ++i) {
      CHECK(lines[i].line == lines[i - 1].line + 1);    // once each
      CHECK(lines[i].retired >= lines[i - 1].retired);  // in order
    }
  }
}

TEST_CASE("plug-in: the test binary's target and policy join the registries",
          "[plugin][registry]") {
  CHECK(MemoryTargets::instance().find("ideal_memory") != nullptr);
  CHECK(RefreshPolicies::instance().find("no_refresh") != nullptr);
  // A key the target does not read is refused, naming its keys.
  const std::string bad = "base: " + kDir +
                          "ideal_memory.yaml\nmemory:\n  target: ideal_memory\n"
                          "  latency_cycles: 40\n  latency_ns: 5\n";
  CHECK_THROWS_WITH(parse_config(bad, "bad.yaml"),
                    Catch::StartsWith("bad.yaml:5:") &&
                        Catch::Contains("memory.latency_ns: unknown key") &&
                        Catch::Contains("ideal_memory takes latency_cycles"));
}

TEST_CASE("plug-in: ideal_memory answers every line latency_cycles after it arrives", "[plugin]") {
  const MachineConfig cfg = load_config_file(kDir + "ideal_memory.yaml");
  REQUIRE(cfg.memory.target == "ideal_memory");
  const uint64_t latency = static_cast<uint64_t>(cfg.memory.setting("latency_cycles"));
  // Direct calls reach only the DRAM channels.
  CHECK_THROWS_AS(run(cfg, MemoryCoupling::kBuiltin), std::invalid_argument);
  const RunResult r = run(cfg, MemoryCoupling::kTlm);
  check_every_line_once_in_order(r);
  for (const LineRecord& rec : r.line_log) {
    CHECK(rec.stamps.data - rec.stamps.arrived == latency);
  }
  CHECK(r.dram.reads == 0);  // the DRAM channels served nothing
  // A slower target makes a longer run, by the latency at least.
  MachineConfig slow = cfg;
  slow.memory.settings["latency_cycles"] = 400;
  const RunResult s = run(slow, MemoryCoupling::kTlm);
  check_every_line_once_in_order(s);
  CHECK(s.sim_cycles >= r.sim_cycles + (400 - latency));
}

TEST_CASE("plug-in: ideal_memory through the SystemC hierarchy and its sockets", "[plugin]") {
  // One elaboration per process: ctest runs each case in its own.
  const MachineConfig cfg = load_config_file(kDir + "ideal_memory.yaml");
  const SimulationOutcome sc = simulate(cfg, spec_for(MemoryCoupling::kTlm));
  check_every_line_once_in_order(sc.result);
  CHECK(sc.result.sim_cycles == run(cfg, MemoryCoupling::kTlm).sim_cycles);
}

TEST_CASE("plug-in: no_refresh refreshes nothing: refresh switched off", "[plugin]") {
  const MachineConfig cfg = load_config_file(kDir + "no_refresh.yaml");
  REQUIRE(cfg.dram.refresh == "no_refresh");
  REQUIRE(cfg.dram.t.refi != 0);
  const RunResult r = run(cfg, MemoryCoupling::kBuiltin);
  check_every_line_once_in_order(r);
  CHECK(r.dram.refreshes == 0);
  // The same machine with all-bank refresh refreshes, and with refi 0
  // (refresh disabled) runs cycle for cycle as no_refresh does.
  MachineConfig all_bank = cfg;
  all_bank.dram.refresh = "all_bank";
  CHECK(run(all_bank, MemoryCoupling::kBuiltin).dram.refreshes > 0);
  all_bank.dram.t.refi = 0;
  const RunResult off = run(all_bank, MemoryCoupling::kBuiltin);
  CHECK(off.sim_cycles == r.sim_cycles);
  CHECK(off.dram.reads == r.dram.reads);
  CHECK(off.dram.activates == r.dram.activates);
  // Both couplings agree for the plug-in policy too.
  CHECK(run(cfg, MemoryCoupling::kTlm).sim_cycles == r.sim_cycles);
}

}  // namespace
}  // namespace anesim
