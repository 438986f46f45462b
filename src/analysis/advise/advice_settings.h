// How `anesim advise` runs its simulations: the machine, the parallelism
// and the progress bar.
#pragma once

#include <string>

namespace anesim {

struct AdviceSettings {
  std::string config_path;  // "" = built-in
  unsigned jobs = 2;
  std::string progress_label;  // "" = no progress bar
};

}  // namespace anesim
