// `merge`: the part files of a sharded sweep or replay (--shard I/N) read
// and combined into the whole run's result, bit-identical to an unsharded
// run, as a typed request; src/anesim/present/ writes its table, CSV and plots.
#pragma once

#include <optional>
#include <string>
#include <vector>  // IWYU pragma: keep (merge_fields.def's parts)

#include <anesim/analysis/replay/replay.h>
#include <anesim/analysis/sweep/sweep.h>
#include <anesim/analysis/sweep/sweep_outputs.h>
#include <anesim/api/replay.h>

namespace anesim::api {

// The user's fields are the rows of merge_fields.def.
struct MergeRequest {
#define ANESIM_FIELD(member, type, init, ...) type member{init};
#include <anesim/api/merge_fields.def>
#undef ANESIM_FIELD
};

// The whole run the parts make, with what to write beside it.
struct MergeOutcome {
  std::string kind;  // whose parts: "sweep" or "replay"
  std::optional<SweepResult> sweep;
  SweepOutputs sweep_outputs;
  std::optional<ReplayResult> replay;
  ReplayOutputs replay_outputs;
};

// Checks the request (detrend, outputs that would replace a part, a field
// the parts' kind does not take: FieldError), reads every part (InputError
// naming the file), then combines them (InputError naming a part that does
// not fit). Writes nothing.
MergeOutcome merge(const MergeRequest& request);

}  // namespace anesim::api
