#include <anesim/api/bench.h>

#include <algorithm>

#include <fmt/format.h>

#include <anesim/api/machine_choice.h>
#include <anesim/io/count_text.h>
#include <anesim/io/errors.h>
#include <sim/memory/memory_targets.h>
#include <sim/ring/geometry.h>

namespace anesim::api {

namespace {

void check_bench_machine(const MachineConfig& cfg) {
  if (!memory_target(cfg).direct()) {
    // The bench times the built-in coupling against the built-in target's sockets.
    throw UsageError(
        fmt::format("bench: {} selects memory.target {}; the bench "
                    "measures the built-in LPDDR5 model only",
                    cfg.source, cfg.memory.target));
  }
}

// Each x gives k = 1's lines per core, x + 0x4000, which must be a count.
void check_sweep_x(const BenchRequest& r) {
  if (r.sweep && r.sweep_x.empty()) {
    throw FieldError("sweep_x", fmt::format("{}: no x values to sweep", field_mark("sweep_x")));
  }
  for (int64_t x : r.sweep_x) {
    const int64_t lines = x + int64_t{kRingLines};
    if (lines < 1 || lines > int64_t{UINT32_MAX}) {
      throw FieldError("sweep_x", fmt::format("{}: x = {} gives {} lines per core at k = 1",
                                              field_mark("sweep_x"), x, lines));
    }
  }
}

}  // namespace

BenchOutcome bench(const BenchRequest& r) {
  BenchOutcome out;
  out.machine = load_machine(r.machine);
  const MachineConfig& cfg = out.machine;
  check_bench_machine(cfg);
  check_count_field(r.lines, "lines", 1, UINT32_MAX);
  check_count_field(r.stream_lines, "stream_lines", 0, UINT32_MAX);
  check_sweep_x(r);
  out.speed = measure_speed(cfg, r.variant.value_or(cfg.ane.ring_variant),
                            static_cast<uint32_t>(r.lines), static_cast<uint32_t>(r.stream_lines));
  if (r.sweep) {
    out.sweep = measure_sweep_throughput(
        bench_sweep_spec(r.sweep_x, r.sweep_step, std::min<uint32_t>(2, cfg.ane.cores)), cfg);
  }
  return out;
}

}  // namespace anesim::api
