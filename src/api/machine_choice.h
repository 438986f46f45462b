// Which machine a request simulates: a description already read (Python's
// Config, a test's MachineConfig) or a file, the built-in M3 Air by default.
#pragma once

#include <optional>
#include <string>

#include <anesim/sim/base/machine_config.h>

namespace anesim::api {

struct MachineChoice {
  std::string config;                    // configs/*.yaml path; "" = built-in M3 Air
  std::optional<MachineConfig> machine;  // when set, used instead of `config`
};

// The machine of `choice`; a bad file throws ConfigError before any
// simulation starts.
MachineConfig load_machine(const MachineChoice& choice);

}  // namespace anesim::api
