// `anesim characterize`: a machine description's timing table, simulated
// once and written beside it for advise to read (docs/advise.md).
#pragma once

#include <anesim/cli/field_options.h>

#include <CLI/CLI.hpp>

namespace anesim {

struct CharacterizeOptions {
  FieldTexts fields;  // one per row of src/anesim/api/characterize_fields.def
};

CLI::App* add_characterize_command(CLI::App& app, CharacterizeOptions& opt);
int characterize_command(const CharacterizeOptions& opt);

}  // namespace anesim
