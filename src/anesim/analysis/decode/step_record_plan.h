// A decode-step trace record (docs/trace-format.md) as the step to simulate:
// its model resolved (a preset, or a file beside the trace) and its split
// policy applied.
#pragma once

#include <string>

#include <anesim/analysis/step/step_plan.h>
#include <anesim/analysis/trace/trace_format.h>
#include <sim/base/machine_config.h>

namespace anesim {

// Throws TraceError naming the trace's file:line and the field for an
// unknown preset, a bad model file, or splits the model cannot take.
// "advised" runs advise's simulations on `cfg` (read from config_path) first.
StepPlan step_record_plan(const Trace& trace, const TraceRecord& record, const MachineConfig& cfg,
                          const std::string& config_path, unsigned jobs);

}  // namespace anesim
