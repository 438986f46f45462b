// Presents one simulation: a readable summary or one JSON object.
#pragma once

#include <string>

#include <anesim/io/json.h>
#include <sim/base/machine_config.h>
#include <sim/base/ring_variant_id.h>
#include <sim/core/workload.h>
#include <sim/top/run_spec.h>

namespace anesim {

struct RunReport {
  RingVariant variant;
  Workload workload;
  const MachineConfig* config;
  RunResult result;
};

// True when the ring granted a task less lookahead than a healthy ring
// would (min(task length, 256)): the task sits in a notch.
bool in_notch(const RunReport& r);

std::string format_text(const RunReport& r);
// The run as one JSON object: the report `anesim --json` prints, and the
// record every batch point's result is read from (batch_runner.h).
Json run_json(const RunReport& r);

}  // namespace anesim
