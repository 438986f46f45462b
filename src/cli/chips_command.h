// `anesim chips`: the chips --chip accepts, with their Neural Engine
// generation, memory, ring and the evidence on the notch (docs/chips.md).
#pragma once

#include <CLI/CLI.hpp>

namespace anesim {

struct ChipsOptions {
  bool json = false;
};

CLI::App* add_chips_command(CLI::App& app, ChipsOptions& opt);
int chips_command(const ChipsOptions& opt);

}  // namespace anesim
