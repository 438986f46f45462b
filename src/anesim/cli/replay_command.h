// `anesim replay FILE...`: simulates every record of device traces
// (docs/trace-format.md) and compares measured with simulated time.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

#include <anesim/api/replay.h>
#include <anesim/cli/field_options.h>

namespace anesim {

struct ReplayOptions {
  FieldTexts fields;  // one per row of src/anesim/api/replay_fields.def
  bool json = false;  // how the command prints, not the request's
};

CLI::App* add_replay_command(CLI::App& app, ReplayOptions& opt);
int replay_command(const ReplayOptions& opt);

// Prints the table (or JSON), writes the outputs' csv and plot;
// kExitValidation when the overall MAPE is above max_mape (`max_mape_text`
// as typed, for the message). Shared with `anesim merge`.
int present_replay(const ReplayResult& r, const api::ReplayOutputs& outputs, bool json,
                   const std::string& max_mape_text);

}  // namespace anesim
