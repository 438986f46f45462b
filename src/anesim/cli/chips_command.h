// `anesim chips`: the chips --chip accepts, with their Neural Engine
// generation, memory, ring and the evidence on the notch (docs/chips.md).
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace anesim {

struct ChipsOptions {
  bool json = false;
  std::string device;        // --device NAME: only the chip it ships with
  bool generations = false;  // --generations: the Neural Engine generations instead
};

CLI::App* add_chips_command(CLI::App& app, ChipsOptions& opt);
int chips_command(const ChipsOptions& opt);

}  // namespace anesim
