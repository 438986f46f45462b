// Which machine a request simulates: a description already read (Python's
// Config, a test's MachineConfig) or a file, the built-in M3 Air by default.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include <anesim/api/description_store.h>
#include <sim/base/machine_config.h>

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

// A request's machine with its derived data: a file's from the process's
// store (description_store.h), a given machine's looked up from its text.
struct ChosenMachine {
  std::shared_ptr<const LoadedDescription> loaded;  // for a file
  std::optional<MachineConfig> given;               // for a machine already read
  std::shared_ptr<const TimingTable> table;         // null: none, or not wanted
  std::string cache_scope;                          // "": no cache
  const MachineConfig& machine() const { return loaded ? loaded->machine : *given; }
};
// `with_derived_data` false (--exact): neither table nor cache. Throws
// ConfigError for a bad description or a table that may not answer.
ChosenMachine choose_machine(const MachineChoice& choice, bool with_derived_data);

}  // namespace anesim::api
