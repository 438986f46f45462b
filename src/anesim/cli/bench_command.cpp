#include <anesim/cli/bench_command.h>

#include <cstdio>

#include <fmt/format.h>

#include <anesim/api/bench.h>
#include <anesim/api/variants.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/cli/range_option.h>
#include <anesim/cli/shared_options.h>
#include <anesim/io/count_text.h>
#include <anesim/io/errors.h>
#include <anesim/present/bench_output.h>

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
  api::BenchRequest r;
  r.machine = load_machine(opt.config);
  const MachineConfig& cfg = r.machine;
  r.variant = resolve_variant(opt.variant, cfg);
  api::check_bench_machine(cfg);
  r.lines = static_cast<uint32_t>(parse_count(opt.lines, "--lines", 1, UINT32_MAX));
  r.sweep_x = parse_range(opt.sweep_x, "--sweep-x", &r.sweep_step);
  for (int64_t x : r.sweep_x) {
    if (x + int64_t{kRingLines} < 1 || x + int64_t{kRingLines} > int64_t{UINT32_MAX}) {
      throw UsageError(fmt::format("--sweep-x: x = {} gives {} lines per core at k = 1", x,
                                   x + int64_t{kRingLines}));
    }
  }
  r.stream_lines =
      static_cast<uint32_t>(parse_count(opt.stream_lines, "--stream-lines", 0, UINT32_MAX));
  r.sweep = opt.sweep;
  const api::BenchOutcome b = api::bench(r);
  const std::string text = opt.json ? json_line(present::bench_json(b)) : present::bench_text(b);
  std::fputs(text.c_str(), stdout);
  // Same rule as a run: lost lines, an RTL assertion or max_cycles fail.
  return failure_exit_code(b.speed.outcome, cfg);
}

}  // namespace anesim
