#include <anesim/analysis/tables/advise_point.h>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace anesim {

namespace {
constexpr uint64_t kCycleLimitMargin = 16;
}

uint64_t workload_cycle_limit(const MachineConfig& cfg, const std::vector<uint32_t>& tasks) {
  const uint64_t lines = std::accumulate(tasks.begin(), tasks.end(), uint64_t{0});
  const uint64_t minimum = uint64_t{cfg.ane.launch_overhead_cycles} +
                           tasks.size() * uint64_t{cfg.ane.task_dispatch_cycles} +
                           static_cast<uint64_t>(std::ceil(static_cast<double>(lines) *
                                                           cfg.fabric.port_cycles_per_line));
  return std::max(cfg.sim.max_cycles, minimum * kCycleLimitMargin);
}

SimPoint advise_point(RingVariant v, const std::vector<uint32_t>& tasks, const MachineConfig& cfg) {
  SimPoint p;
  p.variant = v;
  p.cores = 1;
  p.lines_per_core =
      static_cast<uint32_t>(std::accumulate(tasks.begin(), tasks.end(), uint64_t{0}));
  if (tasks.size() > 1) {
    p.task_lines = tasks;
  }
  p.max_cycles = workload_cycle_limit(cfg, tasks);
  return p;
}

}  // namespace anesim
