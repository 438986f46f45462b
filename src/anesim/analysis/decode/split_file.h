// How a decode step's splits are written down (docs/decode.md, "Split
// policy"): a split file, or a trace record's inline text. Reading them needs
// only the model, no simulation.
#pragma once

#include <cstdint>
#include <string>

#include <anesim/analysis/step/step_plan.h>
#include <anesim/model/model_description.h>

namespace anesim {

// Chunks per split are 2..this many (advise tries 2..8; a converter may cut finer).
constexpr uint32_t kMaxStepSplit = 64;

// A split file: a YAML mapping of projection names (or lm_head) to chunk
// counts, e.g. `gate_proj: 3`. Throws InputError naming file:line:column and
// the field for a bad file, a name the model does not have, or a count
// outside 1..kMaxStepSplit or above that projection's Cin.
SplitPolicy read_split_file(const std::string& path, const ModelDescription& m);

// A split file's text, read as `path`.
SplitPolicy parse_split_file(const std::string& text, const std::string& path,
                             const ModelDescription& m);

// "gate_proj=3;up_proj=3" (a trace's split_policy field). Throws InputError
// starting with `where` ("file:line: split_policy").
SplitPolicy parse_inline_splits(const std::string& text, const ModelDescription& m,
                                const std::string& where);

}  // namespace anesim
