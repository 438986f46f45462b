// The scoreboard itself, then the whole model under random workloads: no
// line is ever lost, duplicated or reordered, in either variant.
#include <catch2/catch.hpp>

#include <random>

#include <anesim/machine/machine_config_reader.h>
#include <sim/core/scoreboard.h>
#include <sim/ring/ring_variant.h>
#include "test_support.h"

namespace anesim {
namespace {

TEST_CASE("the scoreboard counts lost, duplicated and reordered lines", "[scoreboard]") {
  const std::vector<std::vector<Task>> tasks = {{Task{100, 4}, Task{104, 2}}};
  auto feed = [&](std::vector<uint32_t> lines) {
    Scoreboard sb(tasks);
    for (uint32_t l : lines) {
      sb.consumed(0, l);
    }
    return sb.lines_lost();
  };
  CHECK(feed({100, 101, 102, 103, 104, 105}) == 0);
  CHECK(feed({100, 101, 102, 103, 104}) == 1);            // one missing
  CHECK(feed({100, 101, 101, 102, 103, 104, 105}) > 0);   // one duplicated
  CHECK(feed({100, 102, 101, 103, 104, 105}) == 2);       // two swapped
  CHECK(feed({100, 101, 102, 103, 104, 105, 106}) == 1);  // one extra
  Scoreboard sb(tasks);
  sb.consumed(0, 100);
  sb.consumed(0, 999);
  CHECK(sb.first_error().find("expected address 0x65, got 0x3e7") != std::string::npos);
}

TEST_CASE("random lengths, splits, cores and bases lose no line", "[scoreboard][random]") {
  const MachineConfig cfg = builtin_config();
  std::mt19937 rng(2024);
  for (int i = 0; i < 40; ++i) {
    Workload w;
    w.cores = 1 + rng() % 16;
    w.lines_per_core = 1 + rng() % (i % 4 == 0 ? 3 * 0x4000 : 3000);
    w.split = 1 + rng() % std::min<uint32_t>(w.lines_per_core, 6);
    w.base_line = rng();
    for (RingVariant v : {RingVariant::kBug, RingVariant::kFix}) {
      const RunResult r = test::run_cluster(cfg, v, w);
      INFO(variant_name(v) << " cores " << w.cores << " lines " << w.lines_per_core << " split "
                           << w.split << " base " << w.base_line);
      REQUIRE(r.lines_lost == 0);
      REQUIRE(r.lines_total == uint64_t{w.cores} * w.lines_per_core);
      REQUIRE(r.lines_prefetched + r.lines_demand == r.lines_total);
      REQUIRE_FALSE(r.rtl_assertion_failed);
    }
  }
}

}  // namespace
}  // namespace anesim
