// The per-line latency breakdown: stages partition request-to-retire, an
// empty path reports zeros, the histogram's quantiles, and the line log
// agrees with the aggregate it was kept beside. Runs the cluster directly
// (no SystemC), small transfers.
#include <catch2/catch.hpp>

#include <sstream>

#include <anesim/analysis/run/latency_report.h>
#include <anesim/machine/machine_config_reader.h>
#include <sim/core/line_latency.h>
#include <sim/ring/ring_variant.h>
#include "test_support.h"

namespace anesim {
namespace {

RunResult run_logged(RingVariant v, uint32_t lines, uint32_t cores, LineLogWindow window) {
  const MachineConfig cfg = builtin_config();
  RunSpec spec;
  spec.variant = v;
  spec.tasks = build_tasks(test::workload(lines, cores));
  spec.line_log = window;
  Cluster cluster(cfg, spec);
  cluster.run_until(cfg.sim.max_cycles);
  return cluster.result();
}

void check_stages_add_up(const PathLatency& p) {
  uint64_t sum = 0;
  double mean_sum = 0;
  for (size_t i = 0; i < kLineStages; ++i) {
    sum += p.stage_cycles[i];
    mean_sum += p.stage_mean(i);
  }
  CHECK(sum == p.total_cycles);
  CHECK(mean_sum == Approx(p.mean()).margin(1e-9));
  CHECK(p.histogram.count() == p.lines);
}

TEST_CASE("latency: the stage means add up to the mean, per path", "[latency]") {
  for (RingVariant v : {RingVariant::kBug, RingVariant::kFix}) {
    INFO(variant_name(v));
    const RunResult r = run_logged(v, 0x4000, 2, {});
    CHECK(r.latency.prefetch.lines == r.lines_prefetched);
    CHECK(r.latency.demand.lines == r.lines_demand);
    check_stages_add_up(r.latency.prefetch);
    check_stages_add_up(r.latency.demand);
    // The JSON carries the same sums, rounded to 4 decimals.
    const Json j = latency_json(r.latency);
    for (const char* path : {"prefetch", "demand"}) {
      const Json& p = j.at(path);
      double sum = 0;
      REQUIRE(p.at("stages").size() == kLineStages);
      for (const char* name : kLineStageNames) {
        sum += p.at("stages").at(name).get<double>();
      }
      CHECK(sum == Approx(p.at("mean_cycles").get<double>()).margin(1e-3));
    }
  }
}

TEST_CASE("latency: the erratum's demand path and the fix's prefetch path", "[latency]") {
  // At x = 0 the bug grants no lookahead: every line goes stop-and-go.
  const RunResult bug = run_logged(RingVariant::kBug, 0x4000, 1, {});
  CHECK(bug.latency.prefetch.lines == 0);
  CHECK(bug.latency.demand.lines == 0x4000);
  // One line at a time: nobody to wait for at the port or in KMem, and the
  // DRAM stage is at least its read latency and burst.
  CHECK(bug.latency.demand.stage_mean(0) == Approx(0).margin(0.5));
  CHECK(bug.latency.demand.stage_mean(3) >=
        builtin_config().dram.t.rl + builtin_config().dram.t.burst);
  const RunResult fix = run_logged(RingVariant::kFix, 0x4000, 1, {});
  CHECK(fix.latency.demand.lines == 0);
  CHECK(fix.latency.prefetch.lines == 0x4000);
}

TEST_CASE("latency: a path with no lines reports zeros", "[latency]") {
  const LatencyStats empty;
  const Json j = latency_json(empty);
  for (const char* path : {"prefetch", "demand"}) {
    const Json& p = j.at(path);
    CHECK(p.at("lines") == 0);
    CHECK(p.at("mean_cycles") == 0);
    CHECK(p.at("p50_cycles") == 0);
    CHECK(p.at("p99_cycles") == 0);
    for (const char* name : kLineStageNames) {
      CHECK(p.at("stages").at(name) == 0);
    }
  }
  CHECK_THAT(latency_table(empty), Catch::Contains("prefetch"));
  CHECK_NOTHROW(latency_plot_script(empty));
}

TEST_CASE("latency: quantiles from the histogram", "[latency]") {
  LatencyHistogram h;
  for (uint64_t v = 1; v <= 100; ++v) {
    h.add(v);
  }
  CHECK(h.count() == 100);
  CHECK(h.quantile(0.5) == 50);
  CHECK(h.quantile(0.99) == 99);
  CHECK(h.quantile(1.0) == 100);
  h.add(LatencyHistogram::kExactBins * 3);  // beyond the exact bins: its power of two
  CHECK(h.quantile(1.0) == LatencyHistogram::kExactBins * 2);
  LatencyHistogram other;
  other.add(5);
  h.merge(other);
  CHECK(h.count() == 102);
}

TEST_CASE("line log: every line once, stamps in order, agreeing with the aggregate", "[latency]") {
  const RunResult r = run_logged(RingVariant::kFix, 0x400, 2, LineLogWindow{true, 0, UINT64_MAX});
  REQUIRE(r.line_log.size() == r.lines_total);
  uint64_t total = 0;
  uint64_t prev_requested = 0;
  for (const LineRecord& rec : r.line_log) {
    const auto b = boundaries(rec.stamps, rec.retired);
    for (size_t i = 0; i < kLineStages; ++i) {
      INFO("line " << rec.line << " boundary " << kLineBoundaryNames[i + 1]);
      CHECK(b[i] <= b[i + 1]);
    }
    CHECK(rec.stamps.requested >= prev_requested);
    prev_requested = rec.stamps.requested;
    total += rec.retired - rec.stamps.requested;
  }
  CHECK(total == r.latency.prefetch.total_cycles + r.latency.demand.total_cycles);

  // The CSV: a header naming the columns, then one row per line.
  std::istringstream csv(line_log_csv(r.line_log));
  std::string header;
  std::getline(csv, header);
  CHECK(header == "core,line,path,requested,sent,arrived,command,data,delivered,retired");
  // Round trip: every row reads back as the record it was written from.
  size_t rows = 0;
  for (std::string row; std::getline(csv, row); ++rows) {
    REQUIRE(rows < r.line_log.size());
    const LineRecord& rec = r.line_log[rows];
    std::istringstream fields(row);
    std::vector<std::string> f;
    for (std::string field; std::getline(fields, field, ',');) {
      f.push_back(field);
    }
    REQUIRE(f.size() == 10);
    CHECK(std::stoul(f[0]) == rec.core);
    CHECK(std::stoul(f[1]) == rec.line);
    CHECK(f[2] == (rec.prefetch ? "prefetch" : "demand"));
    const auto b = boundaries(rec.stamps, rec.retired);
    for (size_t i = 0; i < b.size(); ++i) {
      CHECK(std::stoull(f[3 + i]) == b[i]);
    }
  }
  CHECK(rows == r.line_log.size());
}

TEST_CASE("line log: a window keeps only the lines requested in it", "[latency]") {
  const RunResult all = run_logged(RingVariant::kBug, 0x400, 1, LineLogWindow{true, 0, UINT64_MAX});
  REQUIRE(all.line_log.size() == 0x400);
  const uint64_t from = all.line_log[100].stamps.requested;
  const uint64_t to = all.line_log[200].stamps.requested;
  const RunResult some = run_logged(RingVariant::kBug, 0x400, 1, LineLogWindow{true, from, to});
  CHECK(some.line_log.size() == 100);
  for (const LineRecord& rec : some.line_log) {
    CHECK(rec.stamps.requested >= from);
    CHECK(rec.stamps.requested < to);
  }
  // Off by default: no records kept.
  CHECK(run_logged(RingVariant::kBug, 0x40, 1, {}).line_log.empty());
}

}  // namespace
}  // namespace anesim
