#include <anesim/analysis/replay/replay.h>

#include <map>
#include <stdexcept>

#include <fmt/format.h>

#include <anesim/analysis/batch/batch_runner.h>
#include <anesim/analysis/decode/step_record_plan.h>
#include <anesim/analysis/step/step_timing.h>
#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>
#include <sim/core/workload.h>
#include <sim/top/cluster.h>

namespace anesim {

ReplayResult replay_traces(const std::vector<Trace>& traces, RingVariant variant,
                           const MachineConfig& cfg, const std::string& config_path, unsigned jobs,
                           const std::string& progress_label, const Shard& shard) {
  ReplayResult result;
  result.variant = variant;
  result.config = cfg.source;
  result.shard = shard;
  std::vector<SimPoint> points;
  std::map<size_t, StepPlan> steps;  // by row: the decode-step records' plans
  size_t index = 0;
  for (const Trace& t : traces) {
    for (const TraceRecord& rec : t.records) {
      if (rec.kind == RecordKind::kDecodeStep) {
        if (!in_shard(index++, shard)) continue;
        // One decoded token as one run (docs/decode.md), on 1 active core.
        StepPlan plan = step_record_plan(t, rec, cfg, config_path, jobs);
        points.push_back(step_point(plan, variant, cfg));
        steps.emplace(result.rows.size(), std::move(plan));
        result.rows.push_back(ReplayRow{t.path, rec, 0, 0});
        result.points.push_back(index - 1);
        continue;
      }
      if (rec.cores > cfg.ane.cores) {
        throw TraceError(fmt::format("{}:{}: cores: {} is more than the {} cores of {}", t.path,
                                     rec.line, rec.cores, cfg.ane.cores, cfg.source));
      }
      // Checked where the record is read, not when its simulation fails.
      Workload w;
      w.cores = rec.cores;
      w.lines_per_core = rec.lines_per_core;
      w.split = rec.split;
      w.base_line = rec.base_line;
      RunSpec spec;
      spec.tasks = build_tasks(w);
      const uint64_t needed = minimum_cycles(cfg, spec);
      if (needed > cfg.sim.max_cycles) {
        throw TraceError(fmt::format(
            "{}:{}: lines_per_core: {} lines per core need at least {} cycles, more than "
            "simulation.max_cycles = {} of {}",
            printable(t.path), rec.line, rec.lines_per_core, needed, cfg.sim.max_cycles,
            printable(cfg.source)));
      }
      if (!in_shard(index++, shard)) {
        continue;
      }
      SimPoint p;
      p.variant = variant;
      p.cores = rec.cores;
      p.lines_per_core = rec.lines_per_core;
      p.split = rec.split;
      p.base_line = rec.base_line;
      points.push_back(p);
      ReplayRow row;
      row.file = t.path;
      row.record = rec;
      result.rows.push_back(row);
      result.points.push_back(index - 1);
    }
  }
  result.total_points = index;
  const std::vector<SimPointResult> sims =
      simulate_points(points, cfg, config_path, jobs, progress_label);
  for (size_t i = 0; i < sims.size(); ++i) {
    ReplayRow& row = result.rows[i];
    if (!sims[i].ok) {
      throw std::runtime_error(fmt::format("{}:{}: the simulation of this record failed: {}",
                                           row.file, row.record.line, sims[i].error));
    }
    const auto step = steps.find(i);
    row.simulated_us =
        step == steps.end() ? sims[i].time_us : step_timing(step->second, sims[i], cfg).time_us;
  }
  replay_statistics(result);
  return result;
}

void replay_statistics(ReplayResult& result) {
  std::map<std::string, std::vector<double>> by_curve;
  std::vector<double> all;
  result.curves.clear();
  for (ReplayRow& row : result.rows) {
    row.error_pct = (row.simulated_us - row.record.median_us) / row.record.median_us * 100.0;
    if (by_curve.count(row.record.curve) == 0) {
      result.curves.emplace_back(row.record.curve, ErrorStats{});
    }
    by_curve[row.record.curve].push_back(row.error_pct);
    all.push_back(row.error_pct);
  }
  for (auto& [name, stats] : result.curves) {
    stats = error_stats(by_curve[name]);
  }
  result.overall = error_stats(all);
}

}  // namespace anesim
