// Where a decode step's splits come from (docs/decode.md, "Split policy"):
// none, the splits `anesim advise` recommends, or a split file
// (split_file.h).
#pragma once

#include <string>

#include <anesim/analysis/advise/advice_settings.h>
#include <anesim/analysis/step/step_plan.h>
#include <anesim/model/model_description.h>
#include <sim/base/machine_config.h>

namespace anesim {

// The splits `anesim advise` recommends per transfer on `cfg` (its
// simulations run here), before the whole token confirms them: what a
// decode-step record's "advised" names (its published runs split so).
// `anesim decode --split advised` takes advise's step-confirmed splits
// instead (api/decode.cpp).
SplitPolicy advised_policy(const ModelDescription& m, const MachineConfig& cfg,
                           const AdviceSettings& settings);

// none | advised | FILE (anything else), as --split takes it.
SplitPolicy resolve_split_option(const std::string& text, const ModelDescription& m,
                                 const MachineConfig& cfg, const AdviceSettings& settings);

}  // namespace anesim
