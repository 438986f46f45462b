// The simulation point of one transfer as advise and characterize run it:
// 1 active core (time per core does not depend on the core count in this
// model, docs/validation.md), its tasks back to back, and a cycle limit the
// workload sets, so that no valid size fails on simulation.max_cycles (the
// progress watchdog still stops a run that stops moving).
#pragma once

#include <cstdint>
#include <vector>

#include <anesim/analysis/batch/sim_point.h>
#include <sim/base/machine_config.h>
#include <sim/base/ring_variant_id.h>

namespace anesim {

// The cycle limit of `tasks` on `cfg`: the config's max_cycles, or 16 times
// the transfer's lower bound (launch, a dispatch per task and every line at
// the port rate) when that is more; the notch's stop-and-go costs about 3x.
// With `drain`, a line costs at least that many cycles too.
uint64_t workload_cycle_limit(const MachineConfig& cfg, const std::vector<uint32_t>& tasks,
                              double drain = 0);

// One transfer of these tasks (one task: a plain transfer) on ring `v`, the
// engine taking a line every `drain` cycles at most (0: no limit).
SimPoint advise_point(RingVariant v, const std::vector<uint32_t>& tasks, const MachineConfig& cfg,
                      double drain = 0);

}  // namespace anesim
