#include "src/bench_command.h"

#include <verilated.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <vector>

#include <fmt/format.h>

#include "sim/cluster.h"
#include "sim/kdma_testbench.h"
#include "sim/prefetch_ring.h"
#include "src/cli_options.h"
#include "src/config_loader.h"
#include "src/count_parser.h"
#include "src/exit_codes.h"
#include "src/run_command.h"
#include "src/workload.h"

namespace anesim {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// The 16 rings with the thinnest possible environment: every request is
// accepted at once and its line retired on the next cycle; a finished ring
// gets its task again. Every ring is clocked every cycle.
double bare_rings_seconds(RingVariant variant, uint32_t cores, const Task& task, uint64_t cycles) {
  VerilatedContext context;
  context.fatalOnError(false);
  std::vector<std::unique_ptr<PrefetchRing>> rings;
  for (uint32_t c = 0; c < cores; ++c) {
    rings.push_back(make_ring(variant, &context, fmt::format("core{:02d}", c)));
  }
  const Clock::time_point t0 = Clock::now();
  for (uint64_t cycle = 0; cycle < cycles; ++cycle) {
    for (auto& ring : rings) {
      const RingOutputs& o = ring->outputs();
      RingInputs in;
      in.task_valid = !o.busy;
      in.task_start_line = task.start_line;
      in.task_lines = task.lines;
      in.req_ready = o.req_valid;
      in.line_retired = o.busy && o.lines_issued != o.lines_retired;
      ring->clock(in);
    }
  }
  return seconds_since(t0);
}

}  // namespace

CLI::App* add_bench_command(CLI::App& app, BenchOptions& opt) {
  CLI::App* cmd = app.add_subcommand(
      "bench", "measure simulated cycles per second: full testbench vs bare Verilated rings");
  cmd->add_option("--variant", opt.variant, "ring variant (default bug)");
  cmd->add_option("--lines", opt.lines, "lines per core of the benchmark transfer (default 0x4000)");
  add_config_option(*cmd, opt.config);
  cmd->add_flag("--json", opt.json, "print one JSON object");
  return cmd;
}

int bench_command(const BenchOptions& opt) {
  const RingVariant variant = parse_variant_option(opt.variant, "--variant");
  const ModelConfig cfg = load_config_or_builtin(opt.config);
  Workload w;
  w.cores = cfg.ane.cores;
  w.lines_per_core = static_cast<uint32_t>(parse_count(opt.lines, "--lines", 1, UINT32_MAX));
  RunSpec spec;
  spec.variant = variant;
  spec.tasks = build_tasks(w);

  // 1. The full testbench under SystemC, as `anesim` runs it. Cycles count
  //    simulated time, including the cycles skipped as idle.
  Clock::time_point t0 = Clock::now();
  const SimulationOutcome full = simulate(cfg, spec, WaveOptions{});
  const double full_s = seconds_since(t0);
  const uint64_t cycles = full.result.sim_cycles;

  // 2. The same cluster without SystemC, every ring clocked every cycle:
  //    the testbench's own cost per cycle, without the skipping's savings.
  spec.skip_idle = false;
  t0 = Clock::now();
  {
    Cluster cluster(cfg, spec);
    cluster.run_until(cfg.sim.max_cycles);
  }
  const double noskip_s = seconds_since(t0);

  // 3. The bare rings for the same number of cycles.
  const double bare_s = bare_rings_seconds(variant, w.cores, spec.tasks[0][0], cycles);

  const double full_mcps = cycles / full_s / 1e6;
  const double noskip_mcps = cycles / noskip_s / 1e6;
  const double bare_mcps = cycles / bare_s / 1e6;
  if (opt.json) {
    std::printf(
        "{\"variant\": \"%s\", \"cores\": %u, \"lines_per_core\": %u, \"sim_cycles\": %llu, "
        "\"testbench_mcycles_per_s\": %.3f, \"cluster_all_clocked_mcycles_per_s\": %.3f, "
        "\"bare_rings_mcycles_per_s\": %.3f, \"testbench_over_bare\": %.3f}\n",
        variant_name(variant), w.cores, w.lines_per_core,
        static_cast<unsigned long long>(cycles), full_mcps, noskip_mcps, bare_mcps,
        full_mcps / bare_mcps);
  } else {
    std::printf("anesim bench: variant %s, %u cores x %u lines, %llu simulated cycles\n",
                variant_name(variant), w.cores, w.lines_per_core,
                static_cast<unsigned long long>(cycles));
    std::printf("  full testbench (SystemC, idle skipping)  %8.3f Mcycles/s  (%.2f s)\n",
                full_mcps, full_s);
    std::printf("  cluster, no SystemC, every ring clocked  %8.3f Mcycles/s  (%.2f s)\n",
                noskip_mcps, noskip_s);
    std::printf("  bare Verilated rings (16, C++ loop)      %8.3f Mcycles/s  (%.2f s)\n",
                bare_mcps, bare_s);
    std::printf("  testbench / bare rings                   %8.2f x\n", full_mcps / bare_mcps);
  }
  // Same rule as a run: lost lines, an RTL assertion or max_cycles fail.
  return failure_exit_code(full, cfg);
}

}  // namespace anesim
