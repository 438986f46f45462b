// LLM model descriptions as the front ends (src/anesim/cli, src/anesim/python) read and
// show them: ModelDescription and its tree, the presets, what a token
// streams (model_transfers), the weight formats and per-name dtype rules.
#pragma once

// IWYU pragma: begin_exports
#include <anesim/model/dtype_rules.h>
#include <anesim/model/model_description.h>
#include <anesim/model/model_description_tree.h>
#include <anesim/model/model_presets.h>
#include <anesim/model/model_transfers.h>
#include <anesim/model/weight_format.h>
// IWYU pragma: end_exports
