// `anesim [run options]`: one simulation of one workload.
#pragma once

#include <CLI/CLI.hpp>

#include <anesim/cli/field_options.h>

namespace anesim {

struct RunOptions {
  FieldTexts fields;  // one per row of src/anesim/api/run_fields.def
  bool json = false;
  bool point_stdin = false;  // a batch child: the point comes as JSON on stdin (point_request.h)
};

void add_run_options(CLI::App& app, RunOptions& opt);

// --point-stdin: the point read from stdin sets the variant, size, cores
// and tasks of `opt`, checked as if typed. Throws InputError.
void apply_point_stdin(RunOptions& opt);
// Runs the simulation and prints its report; returns the exit code.
// Throws UsageError / ConfigError / OutputError on bad input.
int run_command(const RunOptions& given);

}  // namespace anesim
