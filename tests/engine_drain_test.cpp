// The engine's drain rate (ane.drain, Task::drain_cycles_per_line): a slow
// engine fills KMem and the ring's requests wait for it, so the kernel DMA
// is held back; no line is ever lost, duplicated or reordered, in either
// ring; and a drain faster than the kernel DMA changes nothing that matters.
#include <catch2/catch.hpp>

#include <anesim/analysis/tables/engine_drain.h>
#include <anesim/machine/machine_config_reader.h>
#include <anesim/model/weight_format.h>
#include <sim/ring/ring_variant.h>

#include "test_support.h"

namespace anesim {
namespace {

Workload drained(uint32_t lines, double drain, uint32_t cores) {
  Workload w = test::workload(lines, cores, 2);
  w.task_drain = {drain, drain};
  return w;
}

TEST_CASE("a slow engine holds the kernel DMA back and loses no line", "[drain]") {
  const MachineConfig cfg = builtin_config();
  for (const RingVariant v : {RingVariant::kBug, RingVariant::kFix}) {
    INFO(variant_name(v));
    const RunResult free = test::run_cluster(cfg, v, test::workload(0x3000, 4, 2));
    for (const double drain : {40.0, 97.5}) {
      INFO("drain " << drain);
      const RunResult slow = test::run_cluster(cfg, v, drained(0x3000, drain, 4));
      CHECK(slow.lines_lost == 0);
      CHECK(slow.scoreboard_error.empty());
      CHECK(slow.watchdog_error.empty());
      CHECK(slow.lines_total == uint64_t{4} * 0x3000);
      // Every line waits for the engine: the run lasts at least lines x drain.
      CHECK(static_cast<double>(slow.sim_cycles) >= 0x3000 * drain);
      CHECK(static_cast<double>(slow.sim_cycles) < 0x3000 * drain * 1.05 + 200000);
      CHECK(slow.sim_cycles > free.sim_cycles);
    }
  }
}

TEST_CASE("an engine faster than the kernel DMA changes no time much", "[drain]") {
  const MachineConfig cfg = builtin_config();
  const double port = cfg.fabric.port_cycles_per_line;
  const RunResult free = test::run_cluster(cfg, RingVariant::kFix, test::workload(0x4000, 2, 2));
  const RunResult fast = test::run_cluster(cfg, RingVariant::kFix, drained(0x4000, port * 0.5, 2));
  CHECK(fast.lines_lost == 0);
  CHECK(static_cast<double>(fast.sim_cycles) == Approx(free.sim_cycles).epsilon(0.01));
}

TEST_CASE("a drain rate is the format's weights per line at the rate given", "[drain]") {
  MachineConfig cfg = builtin_config();
  WeightFormat int8{Dtype::kInt8};
  CHECK(drain_cycles_per_line(cfg, int8) == 0);  // not listed: not limited
  cfg.ane.drain_gweights_per_s["int8"] = 4.0;
  // 64 int8 weights per line at 4 per ns: 16 ns, 12.8 cycles of 800 MHz.
  CHECK(drain_cycles_per_line(cfg, int8) == Approx(16.0 * cfg.dram.clock_mhz / 1000.0));
  CHECK(drain_cycles_per_line(cfg, WeightFormat{Dtype::kFp16}) == 0);
}

TEST_CASE("ane.drain keys are the stored formats, checked like every key", "[drain]") {
  // The reader's list and the formats' table name the same formats.
  std::string formats;
  for (const char* f : kDrainFormats) {
    CHECK(dtype_named(f).has_value());
    formats += (formats.empty() ? "" : ", ") + std::string(f);
  }
  CHECK(formats == dtype_list());
  const std::string base =
      test::slurp(std::string(ANESIM_SOURCE_DIR) + "/configs/chips/m3-air.yaml");
  const std::string ok =
      test::replace_once(base, "ane:\n", "ane:\n  drain: {int8: 4.5, lut4: 2}\n");
  const MachineConfig cfg = parse_config(ok, "ok.yaml");
  CHECK(cfg.ane.drain_gweights_per_s.at("int8") == 4.5);
  CHECK(cfg.ane.drain_gweights_per_s.at("lut4") == 2);
  const auto error_of = [&](const std::string& drain) {
    try {
      parse_config(test::replace_once(base, "ane:\n", "ane:\n  drain: " + drain + "\n"), "c.yaml");
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK_THAT(error_of("{int9: 4}"), Catch::Contains("ane.drain.int9: unknown key"));
  CHECK_THAT(error_of("{int8: -1}"), Catch::Contains("ane.drain.int8"));
  CHECK_THAT(error_of("{int8: fast}"), Catch::Contains("ane.drain.int8"));
}

}  // namespace
}  // namespace anesim
