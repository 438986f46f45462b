// `anesim chips`: the chips --chip accepts, with their Neural Engine
// generation, memory, ring and the evidence on the notch (docs/chips.md).
#pragma once

#include <CLI/CLI.hpp>

#include <anesim/cli/field_options.h>

namespace anesim {

struct ChipsOptions {
  FieldTexts fields;  // the row of src/anesim/api/chips_fields.def
  bool json = false;
  bool generations = false;  // --generations: the Neural Engine generations instead
};

CLI::App* add_chips_command(CLI::App& app, ChipsOptions& opt);
int chips_command(const ChipsOptions& opt);

}  // namespace anesim
