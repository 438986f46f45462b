// `replay`: every record of device traces (docs/trace-format.md) simulated
// and compared with its measured time, as a typed request; whole, or one
// shard's part for `anesim merge`.
#pragma once

// Marked keep: uint64_t, a type of replay_fields.def's rows, which IWYU does
// not see.
#include <cstdint>  // IWYU pragma: keep
#include <optional>
#include <string>
#include <vector>

#include <anesim/analysis/batch/shard.h>
#include <anesim/analysis/replay/replay.h>
#include <anesim/analysis/trace/trace_format.h>
#include <sim/base/machine_config.h>
#include <sim/base/ring_variant_id.h>

namespace anesim::api {

// What a replay writes beside its table (a merge of replay parts too).
struct ReplayOutputs {
  std::string csv, plot;           // "" = not wanted; plot .png or .svg
  std::optional<double> max_mape;  // percent, >= 0: the overall MAPE's limit
};

// The user's fields are the rows of replay_fields.def (variant unset = the
// machine's ane.ring_variant; config "" = built-in; shard: this shard's
// rows alone, into csv, a part).
struct ReplayRequest {
#define ANESIM_FIELD(member, type, init, ...) type member{init};
#include <anesim/api/replay_fields.def>
#undef ANESIM_FIELD
  ReplayOutputs outputs() const;  // csv, plot and max_mape as one
};

// Before any work: max_mape a finite percentage >= 0, the plot's name, the
// outputs' directories writable (FieldError, OutputError).
void check_replay_outputs(const ReplayOutputs& o);

struct ReplayOutcome {
  ReplayResult result;
  ReplayOutputs outputs;  // the request's
  // A shard's (result.shard): what its part file's header names.
  bool sharded = false;
  std::vector<Trace> traces;
  MachineConfig machine;
  std::string config;
};

// Checks the request, reads every trace, then simulates its records (a
// shard's alone). Writes nothing: src/anesim/present/replay_output.h does. Throws
// FieldError, ConfigError, TraceError, OutputError.
ReplayOutcome replay(const ReplayRequest& request);

// True when the overall MAPE is above the outputs' max_mape.
bool above_max_mape(const ReplayResult& r, const ReplayOutputs& o);

}  // namespace anesim::api
