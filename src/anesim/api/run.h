// `run`: one simulation of one workload, as a typed request. The command line
// (src/anesim/cli/run_command) and Python's run() build a RunRequest and call these
// functions; every check of the request's values is here, and its errors are
// FieldErrors naming the request's fields (src/anesim/io/errors.h).
#pragma once

// Marked keep: std::optional and MachineChoice, types of run_fields.def's
// rows, which IWYU does not see. Exported: why a run failed, in words, and
// the outcome it is read from, for the front ends.
#include <cstdint>
#include <memory>
#include <optional>  // IWYU pragma: keep
#include <string>
#include <vector>

#include <anesim/analysis/run/run_failures.h>  // IWYU pragma: export
#include <anesim/analysis/run/single_run.h>
#include <anesim/api/machine_choice.h>  // IWYU pragma: keep
#include <anesim/io/output_set.h>
#include <sim/base/machine_config.h>
#include <sim/base/ring_variant_id.h>
#include <sim/memory/memory_coupling.h>
#include <sim/top/run_spec.h>  // IWYU pragma: export

namespace anesim::api {

// Every field is a row of run_fields.def (its option, Python keyword and
// documentation with it); the checks are in run.cpp.
struct RunRequest {
#define ANESIM_FIELD(member, type, init, ...) type member{init};
#include <anesim/api/run_fields.def>
#undef ANESIM_FIELD
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
  // The waveforms the simulation dumped, under temporary names until
  // src/anesim/present/run_output.h publishes them with the line log and the plot
  // (all or none); removed when the last copy of the result goes.
  std::shared_ptr<OutputSet> staged;
};

// The run under SystemC; publishes nothing (present::publish_run_outputs).
RunResult run(const RunRequest& request);

// The same run in this process with no SystemC kernel (any thread);
// outputs, the hierarchy and the tlm coupling are refused (FieldError); a
// failed run throws SimulationError, so `failures` is empty.
// src/anesim/present/run_output.h gives its JSON.
RunResult run_in_process(const RunRequest& request);

// The objects SystemC sees for the request's system (print_hierarchy).
std::string describe_hierarchy(const RunRequest& request);

}  // namespace anesim::api
