// Where a decode step's splits come from (docs/decode.md, "Split policy"):
// none, the splits `anesim advise` recommends, a split file, or a trace
// record's inline text.
#pragma once

#include <string>

#include <anesim/analysis/advise/advice_settings.h>
#include <anesim/analysis/step/step_plan.h>
#include <anesim/model/model_description.h>
#include <anesim/sim/base/machine_config.h>

namespace anesim {

// Chunks per split are 2..this many (advise tries 2..8; a converter may cut finer).
constexpr uint32_t kMaxStepSplit = 64;

// A split file: a YAML mapping of projection names (or lm_head) to chunk
// counts, e.g. `gate_proj: 3`. Throws InputError naming file:line:column and
// the field for a bad file, a name the model does not have, or a count
// outside 1..kMaxStepSplit or above that projection's Cin.
SplitPolicy read_split_file(const std::string& path, const ModelDescription& m);

// "gate_proj=3;up_proj=3" (a trace's split_policy field). Throws InputError
// starting with `where` ("file:line: split_policy").
SplitPolicy parse_inline_splits(const std::string& text, const ModelDescription& m,
                                const std::string& where);

// The splits `anesim advise` recommends on `cfg` (its simulations run here).
SplitPolicy advised_policy(const ModelDescription& m, const MachineConfig& cfg,
                           const AdviceSettings& settings);

// none | advised | FILE (anything else), as --split takes it.
SplitPolicy resolve_split_option(const std::string& text, const ModelDescription& m,
                                 const MachineConfig& cfg, const AdviceSettings& settings);

}  // namespace anesim
