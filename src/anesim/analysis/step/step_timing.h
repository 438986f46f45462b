// A decode step simulated as one run (one batch point with the step's
// tasks, batch_runner.h) and where its time goes: kernel DMA per projection kind,
// dispatch, the ops that stream no weights, and launch (docs/decode.md).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <anesim/analysis/batch/sim_point.h>
#include <anesim/analysis/step/step_plan.h>
#include <sim/base/machine_config.h>
#include <sim/base/ring_variant_id.h>
#include <sim/core/task.h>

namespace anesim {

// One task on the step's time axis, in us from the first launch: the gap
// before it (launch, dispatch, ops) runs from `start` to `dispatch`, its
// kernel DMA from `dispatch` to `finish`.
struct TaskSpan {
  double start_us = 0, dispatch_us = 0, finish_us = 0;
};

struct StepBreakdown {
  std::vector<std::pair<std::string, double>> kernel_dma_us;  // per projection kind, in step order
  double dispatch_us = 0, other_ops_us = 0, launch_us = 0;
  double total_us() const;
};

struct StepTiming {
  double time_us = 0;  // the step: the last task's end plus the ops after it
  StepBreakdown breakdown;
  std::vector<TaskSpan> spans;
};

// A step task as the simulator's task descriptor (its address aside).
Task sim_task(const StepTask& t);

// The run of `plan` on 1 active core (time per core does not depend
// on the core count in this model: docs/validation.md), with a cycle limit
// that the step's own length sets.
SimPoint step_point(const StepPlan& plan, RingVariant variant, const MachineConfig& cfg);

// The step's timing from its run's report. Throws std::runtime_error when
// the report lacks a span per task.
StepTiming step_timing(const StepPlan& plan, const SimPointResult& r, const MachineConfig& cfg);
// The same from each task's dispatch and finish cycle (composed steps,
// step_from_table.h, have fractional ones).
StepTiming step_timing(const StepPlan& plan, const std::vector<double>& dispatch_cycles,
                       const std::vector<double>& finish_cycles, const MachineConfig& cfg);

struct StepRun {
  StepPlan plan;
  RingVariant variant = RingVariant::kBug;
};

// Each step as one run on `cfg` (read from `config_path`, "" for the
// built-in one), `jobs` at a time (batch_runner.h). Throws
// SimulationError naming `what` when a simulation fails. `cache_scope`: read
// and keep results in the on-disk cache (result_cache.h); "" = none.
std::vector<StepTiming> simulate_steps(const std::vector<StepRun>& runs, const MachineConfig& cfg,
                                       const std::string& config_path, unsigned jobs,
                                       const std::string& progress_label, const std::string& what,
                                       const std::string& cache_scope = "");

}  // namespace anesim
