// A sweep: one workload parameter over a range, ring variants side by side,
// every point one simulation of a batch (batch_runner.h).
// Presentations are in sweep_output.h and sweep_plots.h.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <anesim/analysis/batch/shard.h>
#include <anesim/analysis/batch/sim_point.h>
#include <sim/base/machine_config.h>
#include <sim/base/ring_variant_id.h>

namespace anesim {

enum class SweepAxis { kLines, kX, kCin, kCout, kCores, kSplit };
const char* axis_name(SweepAxis a);
// The axis as a plot labels it ("D (layer input channels)").
std::string axis_label(SweepAxis a);

struct SweepSpec {
  SweepAxis axis = SweepAxis::kLines;
  std::vector<int64_t> values;  // the swept values, evenly spaced
  int64_t step = 1;
  std::vector<uint32_t> laps = {0};  // kX only: the laps k
  std::vector<RingVariant> variants = {RingVariant::kBug, RingVariant::kFix};
  uint32_t lines = 0;          // fixed size (kCores, kSplit), or from cin x cout
  uint64_t cin = 0, cout = 0;  // fixed D (kCout) / N (kCin), or the fixed shape
  uint32_t cores = 0;          // 0: the config's ane.cores
  uint32_t split = 1;
  uint32_t base_line = 0;
  std::string config;  // path, empty: built-in
  unsigned jobs = 2;
};

// first, first + step, ... up to last.
std::vector<int64_t> evenly_spaced(int64_t first, int64_t last, int64_t step);

struct SweepRow {
  int64_t value = 0;
  uint32_t lap = 0;
  RingVariant variant = RingVariant::kBug;
  uint64_t cin = 0, cout = 0;  // 0 unless the size came from a shape
  SimPoint point;
  SimPointResult result;
  double ane_gbps = 0;  // ane.cores x lines per core x 64 B / time: the whole ANE's
                        // throughput at this per-core size (time is per core)
};

struct SweepResult {
  SweepSpec spec;
  uint32_t ane_cores = 16;
  std::string config_name;
  std::vector<SweepRow> rows;  // laps outer, then values, then variants
  // Sharded runs (shard.h): the shard, the index of each row among all the
  // sweep's points, and how many points the whole sweep has.
  Shard shard;
  std::vector<size_t> points;
  size_t total_points = 0;
};

// Every point of the sweep in sweep order, results empty, on a machine with
// `ane_cores` cores; throws UsageError on an impossible point.
std::vector<SweepRow> sweep_rows(const SweepSpec& spec, uint32_t ane_cores);
// The whole ANE's throughput at the row's per-core size and time.
double ane_gbps(uint32_t ane_cores, const SweepRow& row);

// Builds every point on the machine `cfg` (the one at spec.config; throws
// UsageError on an impossible point), runs those of `shard` (all by
// default) through the batch runner and collects their rows; throws
// std::runtime_error when a simulation fails.
SweepResult run_sweep(const SweepSpec& spec, const MachineConfig& cfg,
                      const std::string& progress_label, const Shard& shard = Shard{});

// The rows of one (variant, lap) series, in sweep order.
std::vector<const SweepRow*> sweep_series(const SweepResult& r, RingVariant variant, uint32_t lap);
// The variant and lap on an x sweep ("NAME k=1"), the variant alone otherwise.
std::string sweep_series_name(const SweepResult& r, RingVariant variant, uint32_t lap);
// The fixed parameters, for titles ("<built-in m3-air>, 2 cores, N = 4096").
std::string sweep_context(const SweepResult& r);

}  // namespace anesim
