// `anesim decode`: one decoded token simulated as one run, before (no
// split) and after (a split policy), with where its time goes
// (docs/decode.md).
#pragma once

#include <cstdint>
#include <string>

#include <anesim/analysis/step/step_plan.h>
#include <anesim/analysis/step/step_timing.h>
#include <anesim/model/model_description.h>
#include <sim/base/machine_config.h>
#include <sim/base/ring_variant_id.h>

namespace anesim {

struct DecodeSettings {
  std::string config_path;  // "" = built-in
  unsigned jobs = 2;
  std::string progress_label;  // "" = no progress bar
  uint32_t programs = 1;       // --programs
};

struct DecodeSide {
  StepPlan plan;
  StepTiming timing;
  double ms_per_token = 0, tokens_per_s = 0;
  double gbps = 0;  // weight bytes per token / time (1 GB = 1e9 B)
};

struct DecodeResult {
  ModelDescription model;
  std::string config;  // the machine's name
  RingVariant variant = RingVariant::kBug;
  uint32_t ane_cores = 16;
  SplitPolicy policy;  // the "after" side's
  DecodeSide before, after;
};

// The side's per-token figures from its plan and timing.
DecodeSide decode_side(StepPlan plan, StepTiming timing);

// Simulates the step without splits and with `policy` (both with the
// config's own ring, ane.ring_variant), as two runs in parallel.
DecodeResult decode_model(const ModelDescription& m, const SplitPolicy& policy,
                          const MachineConfig& cfg, const DecodeSettings& settings);

}  // namespace anesim
