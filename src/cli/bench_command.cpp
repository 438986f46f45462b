#include "src/cli/bench_command.h"

#include <cstdio>

#include "src/analysis/speed_bench.h"
#include "src/cli/exit_codes.h"
#include "src/cli/shared_options.h"
#include "src/io/count_text.h"

namespace anesim {

CLI::App* add_bench_command(CLI::App& app, BenchOptions& opt) {
  CLI::App* cmd = app.add_subcommand(
      "bench", "measure simulated cycles per second: full testbench vs bare Verilated rings");
  add_variant_option(*cmd, opt.variant);
  cmd->add_option("--lines", opt.lines, "lines per core of the benchmark transfer (default 0x4000)");
  add_config_option(*cmd, opt.config);
  cmd->add_flag("--json", opt.json, "print one JSON object");
  return cmd;
}

int bench_command(const BenchOptions& opt) {
  const RingVariant variant = parse_variant_option(opt.variant, "--variant");
  const ModelConfig cfg = load_machine(opt.config);
  const auto lines = static_cast<uint32_t>(parse_count(opt.lines, "--lines", 1, UINT32_MAX));
  const BenchResult b = measure_speed(cfg, variant, lines);
  const std::string text = opt.json ? json_line(bench_json(b)) : bench_text(b);
  std::fputs(text.c_str(), stdout);
  // Same rule as a run: lost lines, an RTL assertion or max_cycles fail.
  return failure_exit_code(b.outcome, cfg);
}

}  // namespace anesim
