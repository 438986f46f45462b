#include <anesim/cli/run_command.h>

#include <cstdio>
#include <iostream>
#include <iterator>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <anesim/api/point_request.h>

#include <anesim/api/variants.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/io/count_text.h>
#include <anesim/present/run_output.h>

namespace anesim {

void add_run_options(CLI::App& app, RunOptions& opt) {
  add_variant_option(app, opt.variant);
  add_size_options(app, opt.size, "lines of 64 B per core, decimal or 0x hex (e.g. 0x4000 = 1 MiB)",
                   true);
  app.add_option("--cores", opt.cores, "active cores, 1..16 (default: the config's ane.cores)");
  app.add_option("--split", opt.split, "run each core's transfer as S back-to-back tasks");
  app.add_option("--task-lines", opt.task_lines,
                 "run each core's transfer as back-to-back tasks of these lengths, in lines "
                 "(A,B,...; they must add up to the lines per core; instead of --split)");
  app.add_option("--task-ops", opt.task_ops,
                 "ops that stream no weights before each task, one count per task (A,B,...; "
                 "each costs ane.op_overhead_cycles; a decode step, docs/decode.md)");
  app.add_option("--program-starts", opt.program_starts,
                 "tasks (by index from 1, increasing) that open a new program with its own launch");
  app.add_option("--max-cycles", opt.max_cycles,
                 "refuse or stop runs longer than this many cycles (default: "
                 "simulation.max_cycles of the config)");
  app.add_option("--base-line", opt.base_line, "line address of core 0's slice (default 0)");
  add_config_option(app, opt.config);
  app.add_flag("--json", opt.json, "print one JSON object instead of the summary");
  add_output_option(app, "--vcd", opt.vcd, "write the rings' waveforms as VCD");
  add_output_option(app, "--fst", opt.fst,
                    "write the rings' waveforms as FST (via gtkwave's vcd2fst)");
  app.add_option("--wave-from", opt.wave_from,
                 "first cycle of the waveform window (default: the first task's dispatch)");
  app.add_option("--wave-cycles", opt.wave_cycles,
                 "length of the waveform window in cycles (default 20000, at most 10000000)");
  add_output_option(app, "--line-log", opt.line_log,
                    "write one CSV row per line: core, line, path and the cycle of each stage "
                    "boundary (docs/cli.md)");
  app.add_option("--log-from", opt.log_from,
                 "log only lines requested from this cycle on (default 0)");
  app.add_option("--log-cycles", opt.log_cycles,
                 "log only lines requested within this many cycles (default: the whole run)");
  add_output_option(app, "--plot-latency", opt.plot_latency,
                    "plot both paths' latency histograms with gnuplot (.svg or .png)");
  app.add_option("--memory", opt.memory,
                 "how the fabric reaches DRAM: builtin (direct calls; the default with the "
                 "LPDDR5 target) or tlm (TLM-2.0 AT sockets; identical results; the only "
                 "coupling of memory.target fixed_latency; docs/systemc.md)")
      ->check(CLI::IsMember({"builtin", "tlm"}));
  app.add_flag("--print-hierarchy", opt.print_hierarchy,
               "list the objects SystemC sees for this run (name and kind) and exit");
  app.add_flag("--no-idle-skip", opt.no_idle_skip,
               "clock every ring every cycle (slower; for cross-checking the idle skipping)");
  // Hidden: how a batch parent hands a child its point (docs/architecture.md).
  app.add_flag("--point-stdin", opt.point_stdin, "read the point as JSON from stdin")->group("");
}

api::RunRequest run_request(const RunOptions& opt) {
  api::RunRequest r;
  if (opt.variant.given) {
    r.variant = parse_variant_option(opt.variant.text, "--variant");
  }
  r.lines = optional_count(opt.size.lines, "--lines");
  r.cin = optional_count(opt.size.cin, "--cin");
  r.cout = optional_count(opt.size.cout, "--cout");
  r.cores = optional_count(opt.cores, "--cores");
  r.split = parse_count(opt.split, "--split", 0, UINT64_MAX);
  r.task_lines = count_list(opt.task_lines, "--task-lines");
  r.task_ops = count_list(opt.task_ops, "--task-ops");
  r.program_starts = count_list(opt.program_starts, "--program-starts");
  r.max_cycles = optional_count(opt.max_cycles, "--max-cycles");
  r.base_line = parse_count(opt.base_line, "--base-line", 0, UINT64_MAX);
  r.machine.config = opt.config;
  r.vcd = opt.vcd;
  r.fst = opt.fst;
  r.wave_from = optional_count(opt.wave_from, "--wave-from");
  r.wave_cycles = optional_count(opt.wave_cycles, "--wave-cycles");
  r.line_log = opt.line_log;
  r.log_from = optional_count(opt.log_from, "--log-from");
  r.log_cycles = optional_count(opt.log_cycles, "--log-cycles");
  r.plot_latency = opt.plot_latency;
  if (!opt.memory.empty()) {  // CLI11 lets only builtin and tlm through
    r.memory = opt.memory == "tlm" ? MemoryCoupling::kTlm : MemoryCoupling::kBuiltin;
  }
  r.skip_idle = !opt.no_idle_skip;
  r.print_hierarchy = opt.print_hierarchy;
  return r;
}

TypedText run_typed_text(const RunOptions& opt) {
  return {{"lines", opt.size.lines},      {"cin", opt.size.cin},
          {"cout", opt.size.cout},        {"cores", opt.cores},
          {"split", opt.split},           {"task_lines", opt.task_lines},
          {"task_ops", opt.task_ops},     {"program_starts", opt.program_starts},
          {"max_cycles", opt.max_cycles}, {"base_line", opt.base_line},
          {"wave_from", opt.wave_from},   {"wave_cycles", opt.wave_cycles},
          {"log_from", opt.log_from},     {"log_cycles", opt.log_cycles}};
}

void apply_point_stdin(RunOptions& opt) {
  const std::string text(std::istreambuf_iterator<char>(std::cin), {});
  const SimPoint p = parse_point_request(text);
  const auto joined = [](const std::vector<uint32_t>& values) {
    return fmt::format("{}", fmt::join(values, ","));
  };
  opt.variant = VariantOption{variant_name(p.variant), true};
  opt.size = SizeOptions{std::to_string(p.lines_per_core), "", ""};
  opt.cores = std::to_string(p.cores);
  opt.split = p.task_lines.empty() ? std::to_string(p.split) : "1";
  opt.task_lines = joined(p.task_lines);
  opt.task_ops = joined(p.task_ops);
  opt.program_starts = joined(p.program_starts);
  opt.max_cycles = p.max_cycles == 0 ? "" : std::to_string(p.max_cycles);
  opt.base_line = std::to_string(p.base_line);
}

int run_command(const RunOptions& given) {
  RunOptions opt = given;
  if (opt.point_stdin) {
    apply_point_stdin(opt);
  }
  const api::RunRequest request = run_request(opt);
  const TypedText typed = run_typed_text(opt);
  if (opt.print_hierarchy) {
    std::fputs(call_library(typed, [&] { return api::describe_hierarchy(request); }).c_str(),
               stdout);
    return kExitOk;
  }
  const api::RunResult r = call_library(typed, [&] { return api::run(request); });
  for (const std::string& f : r.failures) {
    std::fprintf(stderr, "anesim: error: %s\n", f.c_str());
  }
  const std::string text = opt.json ? present::run_json_line(r) : present::run_text(r);
  std::fputs(text.c_str(), stdout);
  return r.failures.empty() ? kExitOk : kExitSimulationFailed;
}

}  // namespace anesim
