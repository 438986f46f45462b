#include <anesim/cli/bench_command.h>

#include <cstdio>

#include <anesim/api/bench.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/cli/field_errors.h>
#include <anesim/cli/range_option.h>
#include <anesim/io/json.h>
#include <anesim/present/bench_output.h>

namespace anesim {

CLI::App* add_bench_command(CLI::App& app, BenchOptions& opt) {
  CLI::App* cmd = app.add_subcommand(
      "bench",
      "simulated cycles per second: full testbench vs bare Verilated rings and vs the usual "
      "sc_clock wiring; --sweep: a sweep's points per second at -j 1 and -j 2");
  add_field_options<api::BenchRequest>(*cmd, opt.fields);
  cmd->add_flag("--json", opt.json, "print one JSON object");
  cmd->add_option("--sweep-x", opt.sweep_x,
                  "x values of that sweep around k = 1 on 2 cores (default -512:512:16)");
  return cmd;
}

int bench_command(const BenchOptions& opt) {
  api::BenchRequest r = field_request<api::BenchRequest>(opt.fields);
  TypedText typed = typed_text(opt.fields);
  r.sweep_x = parse_range(opt.sweep_x, "--sweep-x", &r.sweep_step);
  typed["sweep_x"] = opt.sweep_x;
  const api::BenchOutcome b = call_library(typed, [&] { return api::bench(r); });
  const std::string text = opt.json ? json_line(present::bench_json(b)) : present::bench_text(b);
  std::fputs(text.c_str(), stdout);
  // Same rule as a run: lost lines, an RTL assertion or max_cycles fail.
  return failure_exit_code(b.speed.outcome, b.machine);
}

}  // namespace anesim
