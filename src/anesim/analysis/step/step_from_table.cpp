#include <anesim/analysis/step/step_from_table.h>

#include <vector>

#include <anesim/analysis/tables/engine_drain.h>

namespace anesim {

std::optional<StepTiming> compose_step(const StepPlan& plan, RingVariant v,
                                       const MachineConfig& cfg, const TimingTable& table) {
  std::vector<double> dispatch, finish;
  double cycle = 0;
  uint64_t start_line = 0;  // core 0's tasks from line 0, with their gaps (workload.h)
  for (size_t i = 0; i < plan.tasks.size(); ++i) {
    const StepTask& t = plan.tasks[i];
    // A format the engine drains at its own rate reads its rate's table.
    const TimingTable* rate_table = table.for_drain(drain_cycles_per_line(cfg, t.format));
    if (rate_table == nullptr) return std::nullopt;
    start_line += t.gap_lines;
    const std::optional<double> alone_us = rate_table->single_at(v, t.lines, start_line);
    if (!alone_us) return std::nullopt;
    start_line += t.lines;
    // Alone, the task is the first of its run: its launch and dispatch come
    // before its kernel DMA.
    Task first{0, t.lines};
    const double dma = cfg.ns_to_cycles(*alone_us * 1000.0) -
                       static_cast<double>(cycles_before_dispatch(cfg.ane, first, true));
    cycle += static_cast<double>(cycles_before_dispatch(cfg.ane, sim_task(t), i == 0));
    dispatch.push_back(cycle);
    cycle += dma;
    finish.push_back(cycle);
  }
  return step_timing(plan, dispatch, finish, cfg);
}

}  // namespace anesim
