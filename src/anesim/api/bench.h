// `bench`: simulation speed measured side by side in one process
// (src/anesim/analysis/bench/speed_bench.h), and optionally a sweep's points per
// second at -j 1 and -j 2, as a typed request.
#pragma once

#include <cstdint>
#include <optional>  // IWYU pragma: keep (bench_fields.def's variant)
#include <vector>

#include <anesim/analysis/bench/speed_bench.h>
#include <anesim/analysis/bench/sweep_throughput.h>
#include <anesim/api/machine_choice.h>  // IWYU pragma: keep (bench_fields.def's machine)
#include <sim/base/machine_config.h>
#include <sim/base/ring_variant_id.h>  // IWYU pragma: keep (bench_fields.def's variant)

namespace anesim::api {

// The user's fields are the rows of bench_fields.def (variant unset: the
// machine's ane.ring_variant); sweep_x is the command line's --sweep-x.
struct BenchRequest {
#define ANESIM_FIELD(member, type, init, ...) type member{init};
#include <anesim/api/bench_fields.def>
#undef ANESIM_FIELD
  std::vector<int64_t> sweep_x;  // with sweep: the x values around k = 1, at least one
  int64_t sweep_step = 1;        // their spacing
};

struct BenchOutcome {
  MachineConfig machine;  // what was timed
  BenchResult speed;
  std::optional<SweepThroughput> sweep;
};

// Loads and checks the machine (its memory target must be the built-in
// LPDDR5: UsageError), checks the fields (FieldError), then measures.
BenchOutcome bench(const BenchRequest& request);

}  // namespace anesim::api
