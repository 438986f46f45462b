// How `anesim advise` gets its times: the machine's file, the parallelism
// and the progress bar (the batch runner, batch_runner.h, decides from the
// machine where they run), and where times come from before simulating:
// the description's timing table, then the on-disk cache (docs/advise.md).
#pragma once

#include <memory>
#include <string>

#include <anesim/analysis/tables/timing_table.h>

namespace anesim {

struct AdviceSettings {
  std::string config_path;  // "" = built-in
  unsigned jobs = 2;
  std::string progress_label;                // "" = no progress bar
  std::shared_ptr<const TimingTable> table;  // null: none (or --exact)
  std::string cache_scope;                   // "": no on-disk cache (result_cache.h)
};

}  // namespace anesim
