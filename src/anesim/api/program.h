// `program`: a compiled Core ML program (a .mlmodelc or deployment folder,
// a .mil file) read as the kernel DMA sees it on one machine
// (docs/program-format.md), as a typed request: what `anesim program`
// and Python's load_program() build.
#pragma once

// Marked keep: std::string and MachineChoice, types of program_fields.def's
// rows, which IWYU does not see.
#include <string>  // IWYU pragma: keep

#include <anesim/analysis/program/program_report.h>
#include <anesim/api/machine_choice.h>  // IWYU pragma: keep

namespace anesim::api {

// The fields are the rows of program_fields.def: the program's path, and
// the machine whose ring gives the notch verdicts.
struct ProgramRequest {
#define ANESIM_FIELD(member, type, init, ...) type member{init};
#include <anesim/api/program_fields.def>
#undef ANESIM_FIELD
};

// Reads the program (its blob descriptors only) and the machine's timing
// table; simulates nothing. Throws FieldError, ModelFileError, ConfigError.
ProgramReport read_program(const ProgramRequest& request);

}  // namespace anesim::api
