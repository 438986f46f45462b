// `anesim advise`: which of a model's kernel-DMA transfers hit the 1 MiB
// notch, the split along Cin that clears each, and the decode speed before
// and after (docs/advise.md). Also one shape: --cin D --cout N.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

#include <anesim/cli/field_options.h>

namespace anesim {

struct AdviseOptions {
  FieldTexts fields;  // the rows of src/anesim/api/advise_fields.def
  bool json = false;
  std::string batch;  // JSON lines of questions ("-": standard input)
};

CLI::App* add_advise_command(CLI::App& app, AdviseOptions& opt);
int advise_command(const AdviseOptions& opt);

}  // namespace anesim
