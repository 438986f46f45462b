#include <anesim/analysis/step/step_timing.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include <anesim/io/errors.h>

#include <anesim/analysis/tables/engine_drain.h>
#include <anesim/analysis/tables/result_cache.h>
#include <sim/core/task.h>

namespace anesim {

namespace {

// A step runs at least at the port rate; a notch costs a few times that.
// The limit only guards against a run that would never end.
constexpr uint64_t kStepCycleMargin = 16;

double& kind_entry(StepBreakdown& b, const std::string& kind) {
  for (auto& [name, us] : b.kernel_dma_us) {
    if (name == kind) return us;
  }
  b.kernel_dma_us.emplace_back(kind, 0.0);
  return b.kernel_dma_us.back().second;
}

}  // namespace

Task sim_task(const StepTask& t) {
  Task task{0, t.lines};
  task.ops_before = t.ops_before;
  task.starts_program = t.starts_program;
  return task;
}

double StepBreakdown::total_us() const {
  double sum = dispatch_us + other_ops_us + launch_us;
  for (const auto& [name, us] : kernel_dma_us) {
    sum += us;
  }
  return sum;
}

SimPoint step_point(const StepPlan& plan, RingVariant variant, const MachineConfig& cfg) {
  SimPoint p;
  p.variant = variant;
  p.cores = 1;
  p.memory_share = cfg.ports_outrun_memory();  // advise_point.cpp says why
  const uint64_t lines = plan.lines_per_core();
  if (lines > UINT32_MAX) {
    throw std::runtime_error(
        fmt::format("the step moves {} lines per core, more than the simulator's 2^32-1", lines));
  }
  p.lines_per_core = static_cast<uint32_t>(lines);
  uint64_t minimum = uint64_t{plan.ops_after} * cfg.ane.op_overhead_cycles;
  for (size_t i = 0; i < plan.tasks.size(); ++i) {
    const StepTask& t = plan.tasks[i];
    p.task_lines.push_back(t.lines);
    p.task_ops.push_back(t.ops_before);
    p.task_gaps.push_back(t.gap_lines);
    p.task_drain.push_back(drain_cycles_per_line(cfg, t.format));
    if (t.starts_program) {
      p.program_starts.push_back(static_cast<uint32_t>(i));
    }
    const double port = p.memory_share ? cfg.shared_port_cycles() : cfg.fabric.port_cycles_per_line;
    const double per_line = std::max(port, p.task_drain.back());
    minimum += cycles_before_dispatch(cfg.ane, sim_task(t), i == 0) +
               static_cast<uint64_t>(std::floor(t.lines * per_line));
  }
  // No format limited: the point as it always was (its cache key unchanged).
  if (std::all_of(p.task_drain.begin(), p.task_drain.end(), [](double d) { return d == 0; })) {
    p.task_drain.clear();
  }
  p.max_cycles = std::max(cfg.sim.max_cycles, minimum * kStepCycleMargin);
  return p;
}

StepTiming step_timing(const StepPlan& plan, const std::vector<double>& dispatch_cycles,
                       const std::vector<double>& finish_cycles, const MachineConfig& cfg) {
  const size_t n = plan.tasks.size();
  if (dispatch_cycles.size() != n || finish_cycles.size() != n) {
    throw std::runtime_error(
        fmt::format("the step's report has {} task spans for {} tasks", finish_cycles.size(), n));
  }
  StepTiming s;
  const auto us = [&cfg](double cycle) { return cfg.cycles_to_ns(cycle) / 1000.0; };
  double previous_end = 0;
  for (size_t i = 0; i < n; ++i) {
    const StepTask& t = plan.tasks[i];
    TaskSpan span{us(previous_end), us(dispatch_cycles[i]), us(finish_cycles[i])};
    // The gap's parts in proportion to their cycles (one clock, unless the
    // boost falls inside it); what the ring adds at the edge goes with them.
    const bool launch = i == 0 || t.starts_program;
    const double launch_c = launch ? cfg.ane.launch_overhead_cycles : 0.0;
    const double dispatch_c = cfg.ane.task_dispatch_cycles;
    const double ops_c = static_cast<double>(t.ops_before) * cfg.ane.op_overhead_cycles;
    const double parts = launch_c + dispatch_c + ops_c;
    const double gap = span.dispatch_us - span.start_us;
    s.breakdown.launch_us += parts > 0 ? gap * launch_c / parts : 0.0;
    s.breakdown.other_ops_us += parts > 0 ? gap * ops_c / parts : 0.0;
    s.breakdown.dispatch_us += parts > 0 ? gap * dispatch_c / parts : gap;
    kind_entry(s.breakdown, t.projection) += span.finish_us - span.dispatch_us;
    s.spans.push_back(span);
    previous_end = finish_cycles[i];
  }
  const double end =
      previous_end + static_cast<double>(plan.ops_after) * cfg.ane.op_overhead_cycles;
  s.breakdown.other_ops_us += us(end) - us(previous_end);
  s.time_us = us(end);
  return s;
}

StepTiming step_timing(const StepPlan& plan, const SimPointResult& r, const MachineConfig& cfg) {
  return step_timing(
      plan, std::vector<double>(r.task_dispatch_cycles.begin(), r.task_dispatch_cycles.end()),
      std::vector<double>(r.task_finish_cycles.begin(), r.task_finish_cycles.end()), cfg);
}

std::vector<StepTiming> simulate_steps(const std::vector<StepRun>& runs, const MachineConfig& cfg,
                                       const std::string& config_path, unsigned jobs,
                                       const std::string& progress_label, const std::string& what,
                                       const std::string& cache_scope) {
  // Identical steps (no split asked for, say) are simulated once.
  std::vector<SimPoint> points;
  std::vector<size_t> point_of;
  for (const StepRun& run : runs) {
    SimPoint p = step_point(run.plan, run.variant, cfg);
    size_t k = 0;
    while (k < points.size() &&
           !(points[k].variant == p.variant && points[k].task_lines == p.task_lines &&
             points[k].task_ops == p.task_ops && points[k].program_starts == p.program_starts &&
             points[k].task_gaps == p.task_gaps && points[k].task_drain == p.task_drain)) {
      ++k;
    }
    if (k == points.size()) points.push_back(std::move(p));
    point_of.push_back(k);
  }
  const std::vector<SimPointResult> results =
      simulate_points_cached(points, cfg, config_path, jobs, progress_label, cache_scope);
  std::vector<StepTiming> out;
  for (size_t i = 0; i < runs.size(); ++i) {
    const SimPointResult& r = results[point_of[i]];
    if (!r.ok) {
      throw SimulationError(
          fmt::format("{}: the simulation of the step failed: {}", what, r.error));
    }
    out.push_back(step_timing(runs[i].plan, r, cfg));
  }
  return out;
}

}  // namespace anesim
