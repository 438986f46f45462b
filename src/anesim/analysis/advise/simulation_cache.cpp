#include <anesim/analysis/advise/simulation_cache.h>

#include <algorithm>

#include <fmt/format.h>

#include <anesim/analysis/tables/advise_point.h>
#include <anesim/analysis/tables/result_cache.h>
#include <anesim/io/errors.h>
#include <sim/ring/ring_variant.h>

namespace anesim {

void SimulationCache::want(RingVariant v, const Tasks& tasks, double drain) {
  const Key key{v, tasks, drain};
  if (times_.count(key) != 0) return;
  if (const TimingTable* table = table_for(drain)) {
    const std::optional<double> t =
        tasks.size() == 1 ? table->single(v, tasks[0]) : table->split(tasks);
    if (t) {
      times_[key] = *t;
      return;
    }
  }
  want_simulated(v, tasks, drain);
}

void SimulationCache::want_both(uint64_t lines, double drain) {
  const TimingTable* table = table_for(drain);
  const std::optional<bool> d = table != nullptr ? table->affected(lines) : std::nullopt;
  const bool needs_fix = !below_first_lap(lines);
  if (d) {
    const std::optional<double> c = table->single(chip_, lines);
    const std::optional<double> f =
        needs_fix ? table->single(RingVariant::kFix, lines) : std::optional<double>(0.0);
    if (c && f) {
      decided_[{lines, drain}] = *d;
      times_[Key{chip_, single(lines), drain}] = *c;
      if (needs_fix) times_[Key{RingVariant::kFix, single(lines), drain}] = *f;
      return;
    }
  }
  // Not decided by a table: both rings simulated, so the decision is exact.
  if (times_.count(Key{chip_, single(lines), drain}) == 0) {
    want_simulated(chip_, single(lines), drain);
  }
  if (needs_fix && times_.count(Key{RingVariant::kFix, single(lines), drain}) == 0) {
    want_simulated(RingVariant::kFix, single(lines), drain);
  }
}

void SimulationCache::want_simulated(RingVariant v, const Tasks& tasks, double drain) {
  const Key key{v, tasks, drain};
  if (!queued_.emplace(key, pending_.size()).second) return;
  pending_.push_back(key);
}

void SimulationCache::run(const MachineConfig& cfg, const AdviceSettings& s) {
  if (pending_.empty()) return;
  if (s.without_simulation) {
    const Key& k = pending_.front();
    const Tasks& tasks = std::get<1>(k);
    uint64_t lines = 0;
    for (uint32_t l : tasks) lines += l;
    throw NeedsSimulation(fmt::format(
        "{} lines per core{} on the {} ring{}, which the timing table does not answer", lines,
        tasks.size() > 1 ? fmt::format(" in {} tasks", tasks.size()) : std::string(),
        variant_name(std::get<0>(k)),
        std::get<2>(k) > 0 ? " with the engine's drain of its format" : ""));
  }
  simulated_ = true;
  std::vector<SimPoint> points;
  for (const Key& k : pending_) {
    points.push_back(advise_point(std::get<0>(k), std::get<1>(k), cfg, std::get<2>(k)));
  }
  const std::vector<SimPointResult> r =
      simulate_points_cached(points, cfg, s.config_path, s.jobs, s.progress_label, s.cache_scope);
  for (size_t i = 0; i < pending_.size(); ++i) {
    const SimPoint& p = points[i];
    if (!r[i].ok) {
      throw SimulationError(fmt::format(
          "advise: simulation of {} lines per core in {} task(s) (variant {}) failed: {}",
          p.lines_per_core, std::get<1>(pending_[i]).size(), variant_name(p.variant), r[i].error));
    }
    times_[pending_[i]] = r[i].time_us;
  }
  pending_.clear();
  queued_.clear();
}

}  // namespace anesim
