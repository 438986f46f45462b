// Options several anesim commands share, declared once so that they read and
// check the same everywhere.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace anesim {

// Rejects an empty file name: `--config ""` would otherwise silently mean
// "the built-in config", and `--vcd ""` "no waveform".
const CLI::Validator& file_name_check();

// --config FILE: a machine description YAML (default: built-in M3 Air).
CLI::Option* add_config_option(CLI::App& cmd, std::string& path);

}  // namespace anesim
