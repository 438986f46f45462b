// advise_model (advice.h): a model's transfers advised one by one, then
// the whole token, whose step confirms or withdraws each advised split.
#include <anesim/analysis/advise/advice.h>

#include <algorithm>
#include <iterator>

#include <fmt/format.h>

#include <anesim/analysis/advise/simulation_cache.h>
#include <anesim/analysis/step/step_from_table.h>
#include <anesim/analysis/step/step_plan.h>
#include <anesim/analysis/step/step_timing.h>

namespace anesim {

namespace {

// Each run composed from the table when it answers all of them; else every
// run simulated (or read from the on-disk cache), so that the three steps
// compared come from one method.
std::vector<StepTiming> step_timings(const std::vector<StepRun>& runs, const MachineConfig& cfg,
                                     const AdviceSettings& settings, const std::string& what,
                                     bool& composed_all) {
  std::vector<StepTiming> composed;
  for (const StepRun& run : runs) {
    if (!settings.table) break;
    std::optional<StepTiming> c = compose_step(run.plan, run.variant, cfg, *settings.table);
    if (!c) break;
    composed.push_back(std::move(*c));
  }
  composed_all = composed.size() == runs.size();
  if (composed_all) return composed;
  if (settings.without_simulation) {
    throw NeedsSimulation(
        fmt::format("the whole-token step of {} (a task the timing table does "
                    "not answer)",
                    what));
  }
  return simulate_steps(runs, cfg, settings.config_path, settings.jobs, settings.progress_label,
                        what, settings.cache_scope);
}

// Row `a` advised no split after all: the token refuted it.
void withdraw_split(TransferAdvice& a) {
  a.kind = AdviceKind::kSplitSlowsStep;
  a.clearing_split = a.split;
  a.clearing_split_time_us = a.time_us_after;
  a.split = 1;
  a.chunk_cin = {a.transfer.cin};
  a.chunk_lines = {a.lines_per_core};
  a.time_us_after = a.time_us_before;
  a.gbps_after = a.gbps_before;
}

}  // namespace

SplitPolicy split_policy_of(const AdviceResult& advice) {
  SplitPolicy p;
  p.label = "advised";
  for (const TransferAdvice& a : advice.rows) {
    // The lm_head's shards share a name: the largest advised split covers them.
    if (a.split > 1) {
      uint32_t& chunks = p.chunks[a.transfer.name];
      chunks = std::max(chunks, a.split);
    }
  }
  return p;
}

ModelAdvice advise_model(const ModelDescription& m, const MachineConfig& cfg,
                         const AdviceSettings& settings) {
  require_decoder_layers(m);  // the step below needs them: said before any simulation
  ModelAdvice r;
  r.model = m;
  const std::vector<Transfer> transfers = model_transfers(m, &r.left_out);
  r.advice = advise_transfers(transfers, m.element_bytes, cfg, settings);
  for (const TransferAdvice& a : r.advice.rows) r.bytes_per_token += stored_bytes(a.transfer);
  // The whole token as `anesim decode` runs it (docs/decode.md): one run of
  // back-to-back tasks, without splits, on a fixed ring, and with each
  // advised projection's split alone; composed from the table where it
  // answers every task (step_from_table.h), else simulated.
  const SplitPolicy each = split_policy_of(r.advice);
  const StepPlan unsplit = plan_step(m, SplitPolicy{}, 1);
  std::vector<StepRun> runs = {{unsplit, r.advice.chip}, {unsplit, RingVariant::kFix}};
  for (const auto& [name, chunks] : each.chunks) {
    SplitPolicy alone;
    alone.label = name;
    alone.chunks[name] = chunks;
    runs.push_back({plan_step(m, alone, 1), r.advice.chip});
  }
  SplitPolicy priced;
  priced.label = "priced";
  for (size_t i = 0; i < settings.price_splits.size() && i < r.advice.rows.size(); ++i) {
    if (settings.price_splits[i] >= 2) {
      uint32_t& chunks = priced.chunks[r.advice.rows[i].transfer.name];
      chunks = std::max(chunks, settings.price_splits[i]);
    }
  }
  if (!priced.chunks.empty()) runs.push_back({plan_step(m, priced, 1), r.advice.chip});
  bool composed_first = false;
  const std::vector<StepTiming> t =
      step_timings(runs, cfg, settings, m.display_name, composed_first);
  r.time_us_before = t[0].time_us;
  r.time_us_fix_variant = t[1].time_us;
  if (!priced.chunks.empty()) {
    r.time_us_priced = t.back().time_us;
    r.tokens_per_s_priced = 1e6 / *r.time_us_priced;
  }
  // A split is advised only where the token gets faster with it.
  size_t run = 2;
  for (const auto& entry : each.chunks) {
    if (t[run++].time_us >= r.time_us_before) r.splits_slowing_step.push_back(entry.first);
  }
  for (TransferAdvice& a : r.advice.rows) {
    const auto& slow = r.splits_slowing_step;
    if (a.split > 1 && std::find(slow.begin(), slow.end(), a.transfer.name) != slow.end()) {
      withdraw_split(a);
    }
  }
  // The kept splits together; withdrawn as well should they, together,
  // still slow the token.
  const SplitPolicy kept = split_policy_of(r.advice);
  bool composed_kept = true;
  if (kept.chunks.empty()) {
    r.time_us_after = r.time_us_before;
  } else if (kept.chunks.size() == 1) {
    r.time_us_after = t[2 + static_cast<size_t>(std::distance(
                                each.chunks.begin(), each.chunks.find(kept.chunks.begin()->first)))]
                          .time_us;
  } else {
    r.time_us_after = step_timings({{plan_step(m, kept, 1), r.advice.chip}}, cfg, settings,
                                   m.display_name, composed_kept)[0]
                          .time_us;
    if (r.time_us_after >= r.time_us_before) {
      for (TransferAdvice& a : r.advice.rows) {
        if (a.split > 1) {
          r.splits_slowing_step.push_back(a.transfer.name);
          withdraw_split(a);
        }
      }
      r.time_us_after = r.time_us_before;
    }
  }
  std::sort(r.splits_slowing_step.begin(), r.splits_slowing_step.end());
  r.splits_slowing_step.erase(
      std::unique(r.splits_slowing_step.begin(), r.splits_slowing_step.end()),
      r.splits_slowing_step.end());
  r.steps_composed = composed_first && composed_kept;
  r.gbps_before = r.bytes_per_token / (r.time_us_before * 1e3);
  r.gbps_after = r.bytes_per_token / (r.time_us_after * 1e3);
  r.gbps_fix_variant = r.bytes_per_token / (r.time_us_fix_variant * 1e3);
  r.tokens_per_s_before = 1e6 / r.time_us_before;
  r.tokens_per_s_after = 1e6 / r.time_us_after;
  r.tokens_per_s_fix_variant = 1e6 / r.time_us_fix_variant;
  return r;
}

}  // namespace anesim
