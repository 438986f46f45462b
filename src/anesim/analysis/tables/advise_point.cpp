#include <anesim/analysis/tables/advise_point.h>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace anesim {

namespace {
constexpr uint64_t kCycleLimitMargin = 16;
}

uint64_t workload_cycle_limit(const MachineConfig& cfg, const std::vector<uint32_t>& tasks,
                              double drain) {
  const uint64_t lines = std::accumulate(tasks.begin(), tasks.end(), uint64_t{0});
  const double port =
      cfg.ports_outrun_memory() ? cfg.shared_port_cycles() : cfg.fabric.port_cycles_per_line;
  const double per_line = std::max(port, drain);
  const uint64_t minimum = uint64_t{cfg.ane.launch_overhead_cycles} +
                           tasks.size() * uint64_t{cfg.ane.task_dispatch_cycles} +
                           static_cast<uint64_t>(std::ceil(static_cast<double>(lines) * per_line));
  return std::max(cfg.sim.max_cycles, minimum * kCycleLimitMargin);
}

SimPoint advise_point(RingVariant v, const std::vector<uint32_t>& tasks, const MachineConfig& cfg,
                      double drain) {
  SimPoint p;
  p.variant = v;
  p.cores = 1;
  // Time per core does not depend on the core count while the cores' ports
  // together cannot outrun the memory (docs/validation.md); where they can,
  // the one core stands for all, its port held to its share (SimPoint).
  p.memory_share = cfg.ports_outrun_memory();
  p.lines_per_core =
      static_cast<uint32_t>(std::accumulate(tasks.begin(), tasks.end(), uint64_t{0}));
  if (tasks.size() > 1) {
    p.task_lines = tasks;
  }
  if (drain > 0) p.task_drain.assign(tasks.size(), drain);
  p.max_cycles = workload_cycle_limit(cfg, tasks, drain);
  return p;
}

}  // namespace anesim
