// How `anesim advise` runs its simulations: the machine, the parallelism
// the progress bar, and whether the runs are child processes or threads.
#pragma once

#include <string>

#include <anesim/sim/base/machine_config.h>

namespace anesim {

struct AdviceSettings {
  std::string config_path;  // "" = built-in
  unsigned jobs = 2;
  std::string progress_label;  // "" = no progress bar
  // Set: simulate on this machine in this process, `jobs` threads, with no
  // SystemC kernel (the Python module). Null: `anesim --json` children.
  const MachineConfig* in_process = nullptr;
};

}  // namespace anesim
