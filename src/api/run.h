// `run`: one simulation of one workload, as a typed request. The command line
// (src/cli/run_command) and Python's run() build a RunRequest and call these
// functions; every check of the request's values is here, and its errors are
// FieldErrors naming the request's fields (src/io/errors.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <anesim/analysis/run/run_failures.h>  // why a run failed, in words
#include <anesim/analysis/run/single_run.h>
#include <anesim/api/machine_choice.h>
#include <anesim/sim/base/machine_config.h>
#include <anesim/sim/memory/memory_coupling.h>
#include <anesim/sim/ring/ring_variant.h>

namespace anesim::api {

struct RunRequest {
  std::optional<RingVariant> variant;  // default: the machine's ane.ring_variant
  // The size: lines per core, or a layer cin x cout (both).
  std::optional<uint64_t> lines, cin, cout;
  std::optional<uint64_t> cores;         // default: the machine's ane.cores
  uint64_t split = 1;                    // back-to-back tasks per core
  std::vector<uint64_t> task_lines;      // explicit task lengths instead of split
  std::vector<uint64_t> task_ops;        // ops before each task (a decode step)
  std::vector<uint64_t> program_starts;  // tasks (from 1) that open a new program
  std::optional<uint64_t> max_cycles;    // overrides simulation.max_cycles
  uint64_t base_line = 0;
  MachineChoice machine;
  // Outputs of the SystemC run (run()); "" = not wanted.
  std::string vcd, fst;
  std::optional<uint64_t> wave_from;    // default: the first task's dispatch
  std::optional<uint64_t> wave_cycles;  // default 20000
  std::string line_log;
  std::optional<uint64_t> log_from, log_cycles;  // default: the whole run
  std::string plot_latency;
  std::optional<MemoryCoupling> memory;  // default: by memory.target
  bool skip_idle = true;
  bool print_hierarchy = false;  // the size may be left out
};

// A request checked against its machine: what the simulation takes.
struct PreparedRun {
  MachineConfig machine;
  anesim::RunRequest run;
};

// Loads the machine (with max_cycles) and checks every value of `request`,
// output paths included, before anything is simulated. Throws FieldError,
// ConfigError, OutputError.
PreparedRun prepare_run(const RunRequest& request);

struct RunResult {
  PreparedRun prepared;
  SimulationOutcome outcome;
  std::vector<std::string> failures;  // why the run failed; empty when it did not
};

// The run under SystemC with its outputs: waveforms, line log and plot are
// published when the run succeeded, none otherwise.
RunResult run(const RunRequest& request);

// The same run in this process with no SystemC kernel (any thread);
// outputs, the hierarchy and the tlm coupling are refused (FieldError); a
// failed run throws SimulationError, so `failures` is empty.
// src/present/run_output.h gives its JSON.
RunResult run_in_process(const RunRequest& request);

// The objects SystemC sees for the request's system (print_hierarchy).
std::string describe_hierarchy(const RunRequest& request);

}  // namespace anesim::api
