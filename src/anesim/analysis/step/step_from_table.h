// A decode step composed from a timing table (timing_table.h) instead of
// simulated. Every timing of the cycle model is a number of cycles; the
// memory's boost changes only how long a cycle lasts (machine_config.h).
// So a task's kernel DMA takes the same cycles inside a step as alone: the
// table's standalone time, converted back to cycles, less its launch and
// dispatch. The step then adds each task's own gap (launch, dispatch, ops)
// as `anesim decode` runs it, and converts the total back to time with the
// boost where it falls. A task starts where the one before it ended, past
// any norm weights between them (its line address), which decides a
// whole-lap task's time on a ring that repairs its grant only for a task
// starting on a lap boundary (TimingTable::single_at). A task in a format
// the engine drains at its own rate reads the table of that rate.
// docs/advise.md gives the agreement with simulated steps.
#pragma once

#include <optional>

#include <anesim/analysis/step/step_plan.h>
#include <anesim/analysis/step/step_timing.h>
#include <anesim/analysis/tables/timing_table.h>
#include <sim/base/machine_config.h>
#include <sim/base/ring_variant_id.h>

namespace anesim {

// `plan` on ring `v`, composed from `table`; nullopt where the table does not
// answer one of its tasks (simulate the step instead).
std::optional<StepTiming> compose_step(const StepPlan& plan, RingVariant v,
                                       const MachineConfig& cfg, const TimingTable& table);

}  // namespace anesim
