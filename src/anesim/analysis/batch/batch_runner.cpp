#include <anesim/analysis/batch/batch_runner.h>

#include <fmt/format.h>

#include <anesim/analysis/batch/point_children.h>
#include <anesim/analysis/batch/point_threads.h>
#include <anesim/io/errors.h>
#include <anesim/io/progress_bar.h>
#include <sim/memory/memory_targets.h>

namespace anesim {

PointRunner point_runner(const MachineConfig& cfg) {
  return needs_systemc_kernel(cfg) ? PointRunner::kChildren : PointRunner::kThreads;
}

std::vector<SimPointResult> simulate_points(const std::vector<SimPoint>& points,
                                            const MachineConfig& cfg,
                                            const std::string& config_path, unsigned jobs,
                                            const std::string& label) {
  if (points.empty()) return {};
  const PointRunner runner = point_runner(cfg);
  if (runner == PointRunner::kChildren && config_path.empty()) {
    // A child reads the machine from its file; without one it would run
    // the built-in machine instead.
    throw ConfigError(fmt::format(
        "{}: its memory runs on SystemC time, so its simulations run as anesim child "
        "processes, which read the machine from its file; this machine has none (load it "
        "from a file)",
        cfg.source));
  }
  if (runner == PointRunner::kChildren) {
    for (const SimPoint& p : points) {
      if (!p.task_drain.empty() || p.memory_share) {
        // The child-point protocol carries neither: refused, not dropped.
        throw ConfigError(fmt::format(
            "{}: the engine's drain rates (ane.drain) and a memory narrower than the cores' "
            "ports are simulated only where the memory runs without SystemC; this machine's "
            "memory target runs its points as child processes, which take neither",
            cfg.source));
      }
    }
  }
  ProgressBar bar(label);
  const std::function<void(size_t, size_t)> progress =
      label.empty() ? std::function<void(size_t, size_t)>() : bar.callback();
  return runner == PointRunner::kThreads
             ? simulate_points_in_threads(points, cfg, jobs, progress)
             : simulate_points_as_children(points, config_path, jobs, progress);
}

}  // namespace anesim
