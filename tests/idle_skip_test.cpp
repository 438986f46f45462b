// Idle skipping jumps the cycle loop to the next cycle at which anything can
// happen (sim/top/cluster.h). It is only correct if every component names its
// next event early enough, refresh included: a late one would delay a
// refresh or a command and change the run. So runs with and without skipping
// must agree in every reported figure, for each registered refresh mode (a
// new one is covered once it is registered).
#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

#include <anesim/analysis/run/run_report.h>
#include <anesim/machine/machine_config_reader.h>
#include <sim/dram/refresh/refresh_policies.h>
#include <sim/ring/ring_variant.h>
#include "test_support.h"

namespace anesim {
namespace {

TEST_CASE("idle skipping changes nothing but speed, with every refresh mode", "[cluster]") {
  const MachineConfig m4 =
      load_config_file(std::string(ANESIM_SOURCE_DIR) + "/configs/chips/m4.yaml");
  REQUIRE(m4.dram.refresh == "per_bank");
  // The M4's timings (which set every per-bank key) under each registered mode.
  std::vector<MachineConfig> configs;
  for (const RefreshPolicyKind* kind : RefreshPolicies::instance().all()) {
    configs.push_back(m4);
    configs.back().dram.refresh = kind->name();
  }
  REQUIRE(configs.size() >= 2);
  // Shallow queues make the per-bank controller force refreshes too.
  configs.push_back(m4);
  configs.back().dram.queue_depth = 4;
  for (const MachineConfig& cfg : configs) {
    for (RingVariant v : {RingVariant::kBug, RingVariant::kFix}) {
      // On the notch, in its V and below it, split in two, on 4 cores; and
      // whole inside the V, where a partial grant opens and shuts the
      // lookahead with the timebase (the ring must be clocked at each edge).
      const std::pair<uint32_t, uint32_t> shapes[] = {
          {0x4000u, 2}, {0x4000u + 100, 2}, {0x3000u, 2}, {0x4000u - 64, 1}, {0x4000u + 200, 1}};
      for (const auto& [lines, split] : shapes) {
        const Workload w = test::workload(lines, 4, split);
        INFO(variant_name(v) << " refresh " << cfg.dram.refresh << " queue " << cfg.dram.queue_depth
                             << " lines " << lines << " split " << split);
        const RunResult fast = test::run_cluster(cfg, v, w, true);
        const RunResult slow = test::run_cluster(cfg, v, w, false);
        // Every reported figure, the latency stages included (a request's
        // start is the cycle after the edge that raised it, skipped or not).
        CHECK(json_line(run_json(RunReport{v, w, &cfg, fast})) ==
              json_line(run_json(RunReport{v, w, &cfg, slow})));
        CHECK(fast.dram.activates == slow.dram.activates);
        CHECK(fast.dram.refreshes == slow.dram.refreshes);
        CHECK(fast.latency.demand.stage_cycles == slow.latency.demand.stage_cycles);
        CHECK(fast.latency.prefetch.stage_cycles == slow.latency.prefetch.stage_cycles);
      }
    }
  }
}

}  // namespace
}  // namespace anesim
