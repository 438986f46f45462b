// `anesim replay FILE...`: simulates every record of device traces
// (docs/trace-format.md) and compares measured with simulated time.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

#include "sim/ring_variant.h"

namespace anesim {

struct ReplayOptions {
  std::vector<std::string> files;
  std::string variant = variant_name(RingVariant::kBug);
  std::string config;
  bool json = false;
  std::string csv;
  std::string plot;
  std::string max_mape;
  std::string jobs = "2";
};

CLI::App* add_replay_command(CLI::App& app, ReplayOptions& opt);
int replay_command(const ReplayOptions& opt);

}  // namespace anesim
