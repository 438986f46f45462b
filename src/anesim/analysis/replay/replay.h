// Replays device traces (docs/trace-format.md) through the model: every
// record is simulated and compared with its measured time.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <anesim/analysis/batch/shard.h>
#include <anesim/analysis/stats/statistics.h>
#include <anesim/analysis/trace/trace_format.h>
#include <anesim/io/json.h>
#include <sim/base/machine_config.h>
#include <sim/base/ring_variant_id.h>

namespace anesim {

struct ReplayRow {
  std::string file;
  TraceRecord record;
  double simulated_us = 0;
  double error_pct = 0;  // (simulated - measured) / measured * 100
};

struct ReplayResult {
  RingVariant variant = RingVariant::kBug;
  std::string config;  // the config's name, for reports
  std::vector<ReplayRow> rows;
  std::vector<std::pair<std::string, ErrorStats>> curves;  // in order of first appearance
  ErrorStats overall;
  // Sharded runs (shard.h): the shard, the index of each row among all the
  // records, and how many records the whole replay has.
  Shard shard;
  std::vector<size_t> points;
  size_t total_points = 0;
};

// Simulates every record of `traces` (`jobs` at a time, batch_runner.h) on
// the machine `cfg` (read from `config_path`, "" for the built-in one). Throws TraceError when a
// record cannot run on the machine (too many cores) and std::runtime_error when a simulation fails.
// With a `shard`, only its records (shard.h) are simulated and become rows.
ReplayResult replay_traces(const std::vector<Trace>& traces, RingVariant variant,
                           const MachineConfig& cfg, const std::string& config_path, unsigned jobs,
                           const std::string& progress_label, const Shard& shard = Shard{});
// Each row's error and the per-curve and overall statistics, from the rows'
// records and simulated times (what replay_traces does after simulating).
void replay_statistics(ReplayResult& r);

// Presentations (replay_output.cpp).
std::string format_replay_text(const ReplayResult& r);
Json replay_json(const ReplayResult& r);
std::string format_replay_csv(const ReplayResult& r);
// gnuplot script body: measured vs simulated, one point set per curve.
std::string replay_plot_script(const ReplayResult& r);

}  // namespace anesim
