// The simulations `anesim advise` needs, run once each (batch_runner.h) and
// looked up by (variant, task lengths, the engine's drain); read from the
// description's timing table where it answers (a drained format from the
// table of its drain rate), else from the on-disk cache (result_cache.h).
#pragma once

#include <cstdint>
#include <exception>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <anesim/analysis/advise/advice_settings.h>
#include <anesim/analysis/tables/notch_rules.h>
#include <anesim/analysis/tables/timing_table.h>
#include <sim/base/machine_config.h>

namespace anesim {

// Thrown by SimulationCache::run when AdviceSettings::without_simulation is
// set and a point needs simulating: not an error, a request to ask again
// with simulations allowed. what() says which run the table does not answer.
class NeedsSimulation : public std::exception {
 public:
  explicit NeedsSimulation(std::string what = "a run the timing table does not answer")
      : what_(std::move(what)) {}
  const char* what() const noexcept override { return what_.c_str(); }

 private:
  std::string what_;
};

// Every simulation advise needs, keyed by (variant, task lengths): a model
// repeats a handful of payloads dozens of times. Runs are 1 active core:
// time per core does not depend on how many cores are active in this model
// (docs/validation.md, "Core-count invariance"). A split runs as one
// transfer of back-to-back tasks, as the workaround runs on the device: one
// launch, a dispatch per task (the published split records).
class SimulationCache {
 public:
  using Tasks = std::vector<uint32_t>;
  // `chip`: the config's own ring (ane.ring_variant), the "before" of every row.
  // `table`: answers read instead of simulating where it has them (null: none).
  SimulationCache(RingVariant chip, const TimingTable* table) : chip_(chip), table_(table) {}
  RingVariant chip() const { return chip_; }
  // One transfer of these back-to-back tasks (one task: a plain transfer),
  // the engine taking a line every `drain` cycles at most (0: no limit;
  // engine_drain.h). Every call below takes the same `drain`.
  void want(RingVariant v, const Tasks& tasks, double drain = 0);
  // Also wants the fix variant where the payload can be in the notch. With
  // a table, both times and the decision come from it where it decides.
  void want_both(uint64_t lines, double drain = 0);
  // Runs every simulation wanted since the last run, on `cfg` (throws
  // NeedsSimulation instead when s.without_simulation is set).
  void run(const MachineConfig& cfg, const AdviceSettings& s);
  // Whether run() simulated (or read the on-disk cache) for any point.
  bool simulated() const { return simulated_; }
  double time(RingVariant v, const Tasks& tasks, double drain = 0) const {
    return times_.at(Key{v, tasks, drain});
  }
  double time(RingVariant v, uint64_t lines, double drain = 0) const {
    return time(v, single(lines), drain);
  }
  std::optional<double> fix_time(uint64_t lines, double drain = 0) const {
    const auto it = times_.find(Key{RingVariant::kFix, single(lines), drain});
    return it == times_.end() ? std::nullopt : std::optional<double>(it->second);
  }
  // False below the first lap (never affected) or when the bug costs nothing.
  bool affected(uint64_t lines, double drain = 0) const {
    if (const auto it = decided_.find({lines, drain}); it != decided_.end()) return it->second;
    const std::optional<double> fix = fix_time(lines, drain);
    return fix.has_value() && costs_time(time(chip_, lines, drain), *fix);
  }

 private:
  using Key = std::tuple<RingVariant, Tasks, double>;
  static Tasks single(uint64_t lines) { return Tasks{static_cast<uint32_t>(lines)}; }
  // Queues a simulation of these tasks (unless known or queued).
  void want_simulated(RingVariant v, const Tasks& tasks, double drain);
  RingVariant chip_;
  const TimingTable* table_;
  // The table of tasks drained at `drain` (null: none answers them).
  const TimingTable* table_for(double drain) const {
    return table_ == nullptr ? nullptr : table_->for_drain(drain);
  }
  std::map<std::pair<uint64_t, double>, bool> decided_;  // the table's decisions
  std::map<Key, double> times_;
  std::map<Key, size_t> queued_;
  std::vector<Key> pending_;
  bool simulated_ = false;
};

}  // namespace anesim
