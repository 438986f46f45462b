#include <anesim/cli/bench_command.h>

#include <algorithm>
#include <cstdio>

#include <fmt/format.h>

#include <anesim/analysis/bench/speed_bench.h>
#include <anesim/analysis/bench/sweep_throughput.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/cli/range_option.h>
#include <anesim/cli/shared_options.h>
#include <anesim/io/count_text.h>
#include <anesim/io/errors.h>
#include <anesim/sim/memory/memory_targets.h>
#include <anesim/sim/ring/geometry.h>

namespace anesim {

CLI::App* add_bench_command(CLI::App& app, BenchOptions& opt) {
  CLI::App* cmd = app.add_subcommand(
      "bench",
      "simulated cycles per second: full testbench vs bare Verilated rings and vs the usual "
      "sc_clock wiring; --sweep: a sweep's points per second at -j 1 and -j 2");
  add_variant_option(*cmd, opt.variant);
  cmd->add_option("--lines", opt.lines,
                  "lines per core of the benchmark transfer (default 0x4000)");
  cmd->add_option("--stream-lines", opt.stream_lines,
                  "lines per core of the streaming fix run timed for lines_per_s (default "
                  "0x400000; 0: skip it)");
  add_config_option(*cmd, opt.config);
  cmd->add_flag("--json", opt.json, "print one JSON object");
  cmd->add_flag("--sweep", opt.sweep,
                "also time a whole sweep at -j 1 and -j 2 (points per second; run unpinned)");
  cmd->add_option("--sweep-x", opt.sweep_x,
                  "x values of that sweep around k = 1 on 2 cores (default -512:512:16)");
  return cmd;
}

int bench_command(const BenchOptions& opt) {
  const MachineConfig cfg = load_machine(opt.config);
  const RingVariant variant = resolve_variant(opt.variant, cfg);
  if (!memory_target(cfg).direct()) {
    // The bench times the built-in coupling against the built-in target's sockets.
    throw UsageError(
        fmt::format("bench: {} selects memory.target {}; the bench "
                    "measures the built-in LPDDR5 model only",
                    cfg.source, cfg.memory.target));
  }
  const auto lines = static_cast<uint32_t>(parse_count(opt.lines, "--lines", 1, UINT32_MAX));
  int64_t step = 1;
  const std::vector<int64_t> xs = parse_range(opt.sweep_x, "--sweep-x", true, &step);
  for (int64_t x : xs) {
    if (x + int64_t{kRingLines} < 1 || x + int64_t{kRingLines} > int64_t{UINT32_MAX}) {
      throw UsageError(fmt::format("--sweep-x: x = {} gives {} lines per core at k = 1", x,
                                   x + int64_t{kRingLines}));
    }
  }
  const auto stream_lines =
      static_cast<uint32_t>(parse_count(opt.stream_lines, "--stream-lines", 0, UINT32_MAX));
  const BenchResult b = measure_speed(cfg, variant, lines, stream_lines);
  Json j = bench_json(b);
  std::string text = bench_text(b);
  if (opt.sweep) {
    const SweepThroughput t = measure_sweep_throughput(
        bench_sweep_spec(xs, step, std::min<uint32_t>(2, cfg.ane.cores)), cfg);
    add_sweep_throughput_json(t, j);
    text += sweep_throughput_text(t);
  }
  text = opt.json ? json_line(j) : text;
  std::fputs(text.c_str(), stdout);
  // Same rule as a run: lost lines, an RTL assertion or max_cycles fail.
  return failure_exit_code(b.outcome, cfg);
}

}  // namespace anesim
