// How `anesim advise` gets its times: the machine's file, the parallelism
// and the progress bar (the batch runner, batch_runner.h, decides from the
// machine where they run), and where times come from before simulating:
// the description's timing table, then the on-disk cache (docs/advise.md).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <anesim/analysis/tables/timing_table.h>

namespace anesim {

struct AdviceSettings {
  std::string config_path;  // "" = built-in
  unsigned jobs = 2;
  std::string progress_label;                // "" = no progress bar
  std::shared_ptr<const TimingTable> table;  // null: none (or --exact)
  std::string cache_scope;                   // "": no on-disk cache (result_cache.h)
  // Fleet advice (fleet_advice.h): row i's split into price_splits[i]
  // chunks is priced on this machine, affected or not (0 or 1: none).
  std::vector<uint32_t> price_splits;
  // Answer only from the table and times already known: a point that would
  // need a simulation (or the on-disk cache) throws NeedsSimulation
  // (simulation_cache.h) instead. Python's advise() tries this first on the
  // calling thread, and moves to a thread Ctrl-C can stop only when it throws.
  bool without_simulation = false;
};

}  // namespace anesim
