// One decoded token as one kernel-DMA workload (docs/decode.md): every
// projection's transfer (or each of its chunks) a task, in execution order,
// with the ops that stream no weights counted from the model description
// and attached to the task that follows them, and each norm's weights laid
// out before the task that follows it.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <anesim/model/model_description.h>

namespace anesim {

// How many chunks along Cin each projection is cut into (absent: 1). Keys
// are projection names; "lm_head" covers every shard of the head.
struct SplitPolicy {
  std::string label = "none";  // "none", "advised", a split file's name, or a trace's text
  std::map<std::string, uint32_t> chunks;
  uint32_t chunks_of(const std::string& projection) const {
    const auto it = chunks.find(projection);
    return it == chunks.end() ? 1 : it->second;
  }
};

struct StepTask {
  std::string projection;  // its kind: q_proj, ..., lm_head
  uint32_t layer = 0;      // 0-based; the lm_head's is `layers`
  uint32_t chunk = 0, chunks = 1;
  uint64_t cin = 0, cout = 0;  // this chunk's shape
  uint32_t lines = 0;          // per core
  uint32_t ops_before = 0;     // ops that stream no weights, run before this task
  // Lines of the core's slice just before this task's weights that hold a
  // norm's weights: the program's constants are laid out in op order, so
  // they move where the task starts (Workload::task_gaps).
  uint32_t gap_lines = 0;
  bool starts_program = false;  // a later program's first task (its own launch)
  WeightFormat format{};        // as stored: the engine's drain rate is its dtype's
};

struct StepPlan {
  std::vector<StepTask> tasks;
  uint32_t ops_after = 0;  // ops after the last task (the last residual add, ...)
  uint32_t programs = 1;
  uint64_t convs = 0;       // tasks: one conv per chunk, as the converter emits them
  uint64_t other_ops = 0;   // ops that stream no weights
  double weight_bytes = 0;  // per token, as stored (stored_bytes() summed, palettes too)
  uint64_t lines_per_core() const;
};

// The step of `m` with `policy`'s splits, its layers cut into `programs`
// programs of near-equal layer counts (the first ones one layer longer).
// Throws InputError for a model without decoder layers or a transfer too
// large, UsageError for `programs` outside 1..layers or a split with more
// chunks than channels.
StepPlan plan_step(const ModelDescription& m, const SplitPolicy& policy, uint32_t programs);

// Throws InputError naming `m`'s file when it has no decoder layers (a
// checkpoint whose tensors are not named model.layers.N.*): it has no step to
// plan, and no --programs value could fix that.
void require_decoder_layers(const ModelDescription& m);

}  // namespace anesim
