// `sweep`: one workload parameter over a range, ring variants side by side,
// as a typed request; run whole, as one shard (a part for `anesim merge`),
// or written out as Slurm scripts (docs/slurm.md).
#pragma once

// Marked keep: std::optional and std::vector, types of sweep_fields.def's
// rows, which IWYU does not see. Exported: the axes and evenly_spaced, which
// the front ends name.
#include <cstdint>
#include <optional>  // IWYU pragma: keep
#include <string>
#include <vector>  // IWYU pragma: keep

#include <anesim/analysis/batch/shard.h>
#include <anesim/analysis/sweep/slurm_script.h>
#include <anesim/analysis/sweep/sweep.h>  // IWYU pragma: export
#include <anesim/analysis/sweep/sweep_outputs.h>

namespace anesim::api {

// first, first + step, ... up to last; negative values only on the x axis.
struct SweepRange {
  int64_t first = 0, last = 0, step = 1;
};

// The user's fields are the rows of sweep_fields.def (laps {} = {1};
// variants {} = the machine's ane.ring_variant and fix; config "" = the
// built-in machine; shard: run it alone into csv, a part; slurm_script:
// write Slurm scripts into this directory instead of running, with shards).
struct SweepRequest {
  SweepAxis axis = SweepAxis::kLines;  // its field: lines_range, x_range, ...
  SweepRange range;
#define ANESIM_FIELD(member, type, init, ...) type member{init};
#include <anesim/api/sweep_fields.def>
#undef ANESIM_FIELD
  std::string anesim_binary;  // the binary the Slurm jobs run
  // csv, plot, plot_time, plot_spectrum, fft and detrend as one.
  SweepOutputs outputs() const;
};

// Before any work, for `sweep` and `merge`: the outputs' names and
// directories (src/anesim/analysis/sweep/sweep_outputs.h).
using anesim::check_sweep_outputs;

// The field of an axis's range: "x_range" for SweepAxis::kX.
std::string range_field(SweepAxis axis);

// The spec the request describes, every value checked (FieldError), its
// machine read (ConfigError).
SweepSpec sweep_spec(const SweepRequest& request, const MachineConfig& cfg);

// What a request gives: the whole sweep, one shard of it, or the Slurm job
// it is cut into (not run).
enum class SweepKind { kWhole, kShard, kSlurm };

struct SweepOutcome {
  SweepKind kind = SweepKind::kWhole;
  SweepResult result;     // kWhole, kShard: the rows run
  MachineConfig machine;  // kShard: its part file's header names it
  SweepOutputs outputs;   // the request's outputs, checked
  SlurmSweep slurm;       // kSlurm: the scripts' contents
};

// Checks the request, then runs the whole sweep or the shard, or plans the
// Slurm scripts. Writes nothing: src/anesim/present/sweep_output.h does.
SweepOutcome sweep(const SweepRequest& request);

}  // namespace anesim::api
