// How `anesim advise` runs its simulations: the machine's file, the
// parallelism and the progress bar (the batch runner, batch_runner.h,
// decides from the machine where they run).
#pragma once

#include <string>

namespace anesim {

struct AdviceSettings {
  std::string config_path;  // "" = built-in
  unsigned jobs = 2;
  std::string progress_label;  // "" = no progress bar
};

}  // namespace anesim
