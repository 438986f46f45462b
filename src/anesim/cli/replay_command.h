// `anesim replay FILE...`: simulates every record of device traces
// (docs/trace-format.md) and compares measured with simulated time.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

#include <anesim/api/replay.h>
#include <anesim/cli/shared_options.h>

namespace anesim {

struct ReplayOptions {
  std::vector<std::string> files;
  VariantOption variant;  // default: the config's ane.ring_variant
  std::string config;
  bool json = false;
  std::string csv;
  std::string plot;
  std::string max_mape;
  std::string jobs = "2";
  std::string shard;  // --shard I/N: one part for `anesim merge`
};

CLI::App* add_replay_command(CLI::App& app, ReplayOptions& opt);
int replay_command(const ReplayOptions& opt);

// --csv, --plot and --max-mape as the library takes them (the percentage
// read, not checked).
api::ReplayOutputs replay_outputs(const ReplayOptions& opt);
// Prints the table (or --json), writes --csv and --plot; kExitValidation
// when the overall MAPE is above --max-mape. Shared with `anesim merge`.
int present_replay(const ReplayResult& r, const ReplayOptions& opt);

}  // namespace anesim
