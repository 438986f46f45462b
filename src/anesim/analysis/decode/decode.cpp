#include <anesim/analysis/decode/decode.h>

#include <utility>

namespace anesim {

DecodeSide decode_side(StepPlan plan, StepTiming timing) {
  DecodeSide s;
  s.ms_per_token = timing.time_us / 1000.0;
  s.tokens_per_s = 1e6 / timing.time_us;
  s.gbps = plan.weight_bytes / (timing.time_us * 1e3);
  s.plan = std::move(plan);
  s.timing = std::move(timing);
  return s;
}

DecodeResult decode_model(const ModelDescription& m, const SplitPolicy& policy,
                          const MachineConfig& cfg, const DecodeSettings& settings) {
  DecodeResult r;
  r.model = m;
  r.config = cfg.source;
  r.variant = cfg.ane.ring_variant;
  r.ane_cores = cfg.ane.cores;
  r.policy = policy;
  std::vector<StepRun> runs = {{plan_step(m, SplitPolicy{}, settings.programs), r.variant},
                               {plan_step(m, policy, settings.programs), r.variant}};
  const std::vector<StepTiming> t = simulate_steps(runs, cfg, settings.config_path, settings.jobs,
                                                   settings.progress_label, m.display_name);
  r.before = decode_side(std::move(runs[0].plan), t[0]);
  r.after = decode_side(std::move(runs[1].plan), t[1]);
  return r;
}

}  // namespace anesim
