// `anesim program PATH`: a compiled Core ML program as the kernel DMA sees
// it, each weight op with its stored bytes per core, its place against the
// 1 MiB laps and whether the machine's ring notches it
// (docs/program-format.md).
#pragma once

#include <CLI/CLI.hpp>

#include <anesim/cli/field_options.h>

namespace anesim {

struct ProgramOptions {
  FieldTexts fields;  // the rows of src/anesim/api/program_fields.def
  bool json = false;
};

CLI::App* add_program_command(CLI::App& app, ProgramOptions& opt);
int program_command(const ProgramOptions& opt);

}  // namespace anesim
