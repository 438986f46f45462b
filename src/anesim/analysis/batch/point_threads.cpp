#include <anesim/analysis/batch/point_threads.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>

#include <fmt/format.h>

#include <anesim/analysis/batch/point_request.h>
#include <anesim/analysis/run/run_failures.h>
#include <anesim/analysis/run/run_report.h>
#include <anesim/analysis/run/single_run.h>
#include <sim/base/stop_request.h>

namespace anesim {

namespace {

SimPointResult simulate_point(const SimPoint& p, const MachineConfig& machine) {
  // A decode step carries its own cycle limit (sim_point.h).
  MachineConfig cfg = machine;
  if (p.memory_share) {
    cfg.fabric.port_cycles_per_line =
        std::max(cfg.fabric.port_cycles_per_line, machine.shared_port_cycles());
  }
  if (p.max_cycles != 0) {
    cfg.sim.max_cycles = p.max_cycles;
  }
  RunRequest request;
  request.variant = p.variant;
  Workload& w = request.workload;
  w.cores = p.cores;
  w.lines_per_core = p.lines_per_core;
  w.split = p.task_lines.empty() ? p.split : static_cast<uint32_t>(p.task_lines.size());
  w.task_lines = p.task_lines;
  w.base_line = p.base_line;
  w.task_ops = p.task_ops;
  w.program_starts = p.program_starts;
  w.task_gaps = p.task_gaps;
  w.task_drain = p.task_drain;
  SimPointResult failed;
  const uint64_t needed = minimum_run_cycles(cfg, request);
  if (needed > cfg.sim.max_cycles) {
    failed.error = fmt::format(
        "{} lines per core need at least {} cycles, more than simulation.max_cycles = {} of {}",
        w.lines_per_core, needed, cfg.sim.max_cycles, cfg.source);
    return failed;
  }
  const SimulationOutcome outcome = run_single_without_systemc(cfg, request);
  const std::vector<std::string> failures = run_failures(outcome, cfg);
  if (!failures.empty()) {
    failed.error = failures.front();
    return failed;
  }
  return parse_point_report(json_line(run_json(RunReport{p.variant, w, &cfg, outcome.result})));
}

}  // namespace

std::vector<SimPointResult> simulate_points_in_threads(
    const std::vector<SimPoint>& points, const MachineConfig& cfg, unsigned jobs,
    const std::function<void(size_t, size_t)>& progress) {
  std::vector<SimPointResult> results(points.size());
  std::atomic<size_t> next{0};
  std::mutex progress_lock;
  size_t finished = 0;
  // A stop (Python's Ctrl-C) ends every thread's loop and is rethrown.
  StopToken* token = current_stop_token();
  std::atomic<bool> stopped{false};
  const auto work = [&] {
    const StopScope scope(token);
    for (size_t i = next++; i < points.size(); i = next++) {
      try {
        results[i] = simulate_point(points[i], cfg);
      } catch (const RunStopped&) {
        stopped = true;
        next = points.size();
        break;
      } catch (const std::exception& e) {
        results[i] = SimPointResult{};
        results[i].error = e.what();
      }
      if (progress) {
        const std::lock_guard<std::mutex> hold(progress_lock);
        progress(++finished, points.size());
      }
    }
  };
  const size_t threads = std::min<size_t>(std::max(jobs, 1u), points.size());
  std::vector<std::thread> pool;
  for (size_t t = 1; t < threads; ++t) {
    pool.emplace_back(work);
  }
  work();
  for (std::thread& t : pool) {
    t.join();
  }
  if (stopped) {
    throw RunStopped();
  }
  return results;
}

}  // namespace anesim
