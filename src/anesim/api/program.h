// `program`: a compiled Core ML program (a .mlmodelc or deployment folder,
// a .mil file) read as the kernel DMA sees it on one machine
// (docs/program-format.md), as a typed request: what `anesim program`
// and Python's load_program() build.
#pragma once

#include <string>

#include <anesim/analysis/program/program_report.h>
#include <anesim/api/machine_choice.h>

namespace anesim::api {

struct ProgramRequest {
  std::string path;       // the program
  MachineChoice machine;  // whose ring gives the notch verdicts
};

// Reads the program (its blob descriptors only) and the machine's timing
// table; simulates nothing. Throws FieldError, ModelFileError, ConfigError.
ProgramReport read_program(const ProgramRequest& request);

}  // namespace anesim::api
