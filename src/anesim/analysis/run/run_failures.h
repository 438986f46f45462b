// Why a finished run failed, in words: the command line prints these before
// exiting 1, the in-process runs (Python, advise) raise or record them.
#pragma once

#include <string>
#include <vector>

#include <sim/base/machine_config.h>
#include <sim/top/run_spec.h>

namespace anesim {

// One message per cause (max_cycles hit, an RTL assertion, lost lines);
// empty when the run succeeded.
std::vector<std::string> run_failures(const SimulationOutcome& outcome, const MachineConfig& cfg);

}  // namespace anesim
