#include <anesim/api/bench.h>

#include <algorithm>

#include <fmt/format.h>

#include <anesim/io/errors.h>
#include <sim/memory/memory_targets.h>

namespace anesim::api {

void check_bench_machine(const MachineConfig& cfg) {
  if (!memory_target(cfg).direct()) {
    // The bench times the built-in coupling against the built-in target's sockets.
    throw UsageError(
        fmt::format("bench: {} selects memory.target {}; the bench "
                    "measures the built-in LPDDR5 model only",
                    cfg.source, cfg.memory.target));
  }
}

BenchOutcome bench(const BenchRequest& r) {
  const MachineConfig& cfg = r.machine;
  check_bench_machine(cfg);
  BenchOutcome out{measure_speed(cfg, r.variant, r.lines, r.stream_lines), std::nullopt};
  if (r.sweep) {
    out.sweep = measure_sweep_throughput(
        bench_sweep_spec(r.sweep_x, r.sweep_step, std::min<uint32_t>(2, cfg.ane.cores)), cfg);
  }
  return out;
}

}  // namespace anesim::api
