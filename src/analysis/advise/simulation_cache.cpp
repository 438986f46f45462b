#include <anesim/analysis/advise/simulation_cache.h>

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include <fmt/format.h>

#include <anesim/analysis/batch/batch_runner.h>

namespace anesim {

void SimulationCache::want(RingVariant v, const Tasks& tasks) {
  const Key key{v, tasks};
  if (times_.count(key) != 0 || !queued_.emplace(key, pending_.size()).second) {
    return;
  }
  SimPoint p;
  p.variant = v;
  p.cores = 1;
  p.lines_per_core =
      static_cast<uint32_t>(std::accumulate(tasks.begin(), tasks.end(), uint64_t{0}));
  if (tasks.size() > 1) {
    p.task_lines = tasks;
  }
  pending_.push_back(p);
}

void SimulationCache::run(const MachineConfig& cfg, const AdviceSettings& s) {
  if (pending_.empty()) return;
  const std::vector<SimPointResult> r =
      simulate_points(pending_, cfg, s.config_path, s.jobs, s.progress_label);
  for (size_t i = 0; i < pending_.size(); ++i) {
    const SimPoint& p = pending_[i];
    if (!r[i].ok) {
      throw std::runtime_error(fmt::format(
          "advise: simulation of {} lines per core in {} task(s) (variant {}) failed: {}",
          p.lines_per_core, std::max<size_t>(p.task_lines.size(), 1), variant_name(p.variant),
          r[i].error));
    }
    times_[Key{p.variant, p.task_lines.empty() ? single(p.lines_per_core) : p.task_lines}] =
        r[i].time_us;
  }
  pending_.clear();
  queued_.clear();
}

}  // namespace anesim
