// `anesim decode`: one decoded token of a model simulated as one run,
// before and after a split policy, and where the step's time goes
// (docs/decode.md).
#pragma once

#include <CLI/CLI.hpp>

#include <anesim/cli/field_options.h>

namespace anesim {

struct DecodeOptions {
  FieldTexts fields;  // the rows of src/anesim/api/decode_fields.def
  bool json = false;
};

CLI::App* add_decode_command(CLI::App& app, DecodeOptions& opt);
int decode_command(const DecodeOptions& opt);

}  // namespace anesim
