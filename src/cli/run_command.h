// `anesim [run options]`: one simulation of one workload.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

#include <anesim/api/run.h>
#include <anesim/cli/field_errors.h>
#include <anesim/cli/shared_options.h>

namespace anesim {

struct RunOptions {
  VariantOption variant;  // default: the config's ane.ring_variant
  SizeOptions size;
  std::string cores;
  std::string split = "1";
  std::string task_lines;      // --task-lines A,B,...: explicit task lengths
  std::string task_ops;        // --task-ops A,B,...: ops that stream no weights before each task
  std::string program_starts;  // --program-starts I,J,...: tasks that open a new program
  std::string max_cycles;      // --max-cycles N: overrides simulation.max_cycles
  std::string base_line = "0";
  std::string config;
  bool json = false;
  std::string vcd;
  std::string fst;
  std::string wave_from;
  std::string wave_cycles;  // empty: 20000
  bool no_idle_skip = false;
  std::string line_log;      // --line-log FILE.csv
  std::string log_from;      // empty: cycle 0
  std::string log_cycles;    // empty: to the end of the run
  std::string plot_latency;  // --plot-latency FILE.svg|.png
  std::string memory;  // --memory builtin|tlm (sim/memory/memory_coupling.h); "": by memory.target
  bool print_hierarchy = false;
};

void add_run_options(CLI::App& app, RunOptions& opt);

// The typed request the options spell (counts read, the variant and the
// coupling named); its values are checked by the library (src/api/run.h).
api::RunRequest run_request(const RunOptions& opt);
// The count options as typed, for messages (cli/field_errors.h).
TypedText run_typed_text(const RunOptions& opt);

// Runs the simulation and prints its report; returns the exit code.
// Throws UsageError / ConfigError / OutputError on bad input.
int run_command(const RunOptions& opt);

}  // namespace anesim
