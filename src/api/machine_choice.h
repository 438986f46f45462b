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
  std::string text;  // with `machine`: its description's text (timing tables, cache keys)
};

// The description's text and its file ("" = built-in), for timing tables
// and the on-disk cache; a `machine` given without text has none (""),
// which disables both.
std::string description_text(const MachineChoice& choice);
std::string description_path(const MachineChoice& choice);

// The machine of `choice`; a bad file throws ConfigError before any
// simulation starts.
MachineConfig load_machine(const MachineChoice& choice);

}  // namespace anesim::api
