#include <anesim/cli/run_command.h>

#include <cstdio>
#include <numeric>

#include <fmt/format.h>

#include <anesim/analysis/run/latency_report.h>
#include <anesim/analysis/run/run_failures.h>
#include <anesim/analysis/run/run_report.h>
#include <anesim/analysis/run/single_run.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/cli/range_option.h>
#include <anesim/io/atomic_output.h>
#include <anesim/io/count_text.h>
#include <anesim/io/errors.h>
#include <anesim/io/gnuplot_plot.h>
#include <anesim/io/output_set.h>
#include <anesim/io/path_identity.h>
#include <anesim/sim/memory/memory_targets.h>

namespace anesim {

namespace {

constexpr const char* kDefaultWaveCycles = "20000";

// The waveform window; the dump starts by default at the first task's
// dispatch, where the ring's behaviour begins.
void parse_waves(const RunOptions& opt, const MachineConfig& cfg, RunRequest& request) {
  request.vcd_path = opt.vcd;
  request.fst_path = opt.fst;
  if (!opt.vcd.empty() || !opt.fst.empty()) {
    const uint64_t first_task =
        uint64_t{cfg.ane.launch_overhead_cycles} + cfg.ane.task_dispatch_cycles;
    request.wave_from = opt.wave_from.empty()
                            ? first_task
                            : parse_count(opt.wave_from, "--wave-from", 0, cfg.sim.max_cycles);
    request.wave_to = request.wave_from +
                      parse_count(opt.wave_cycles.empty() ? kDefaultWaveCycles : opt.wave_cycles,
                                  "--wave-cycles", 1, 10000000);
  } else if (!opt.wave_from.empty()) {
    throw UsageError("--wave-from: no waveform requested (add --vcd FILE or --fst FILE)");
  } else if (!opt.wave_cycles.empty()) {
    throw UsageError("--wave-cycles: no waveform requested (add --vcd FILE or --fst FILE)");
  }
}

// The line log's window: lines requested in [--log-from, + --log-cycles),
// the whole run by default. Output paths are checked before simulating.
void parse_line_outputs(const RunOptions& opt, const MachineConfig& cfg, RunRequest& request) {
  if (!opt.line_log.empty()) {
    check_writable_directory(opt.line_log);
    LineLogWindow& w = request.line_log;
    w.enabled = true;
    w.from =
        opt.log_from.empty() ? 0 : parse_count(opt.log_from, "--log-from", 0, cfg.sim.max_cycles);
    w.to = opt.log_cycles.empty()
               ? UINT64_MAX
               : w.from + parse_count(opt.log_cycles, "--log-cycles", 1, cfg.sim.max_cycles);
  } else if (!opt.log_from.empty()) {
    throw UsageError("--log-from: no line log requested (add --line-log FILE.csv)");
  } else if (!opt.log_cycles.empty()) {
    throw UsageError("--log-cycles: no line log requested (add --line-log FILE.csv)");
  }
  if (!opt.plot_latency.empty()) {
    if (!plot_extension_ok(opt.plot_latency)) {
      throw UsageError(
          fmt::format("--plot-latency: '{}' must end in .svg or .png", opt.plot_latency));
    }
    check_writable_directory(opt.plot_latency);
  }
}

// --task-lines: lengths that add up to the transfer, and not with --split.
std::vector<uint32_t> parse_task_lines(const std::string& text, const Workload& w) {
  if (w.split != 1) {
    throw UsageError("--task-lines and --split both set the tasks: give one of them");
  }
  const std::vector<uint32_t> lines = parse_count_list(text, "--task-lines", 1, UINT32_MAX);
  const uint64_t sum = std::accumulate(lines.begin(), lines.end(), uint64_t{0});
  if (sum != w.lines_per_core) {
    throw UsageError(fmt::format(
        "--task-lines: the tasks add up to {} lines, but each core moves {} (--lines or "
        "--cin/--cout)",
        sum, w.lines_per_core));
  }
  return lines;
}

// --task-ops (one count per task) and --program-starts (task indices from
// 1, increasing): a decode step's ops and programs (docs/decode.md).
void parse_step_options(const RunOptions& opt, Workload& w) {
  const size_t tasks = task_lengths(w).size();
  if (!opt.task_ops.empty()) {
    w.task_ops = parse_count_list(opt.task_ops, "--task-ops", 0, UINT32_MAX);
    if (w.task_ops.size() != tasks) {
      throw UsageError(fmt::format("--task-ops: {} counts for {} tasks: give one per task",
                                   w.task_ops.size(), tasks));
    }
  }
  if (!opt.program_starts.empty()) {
    w.program_starts = parse_count_list(opt.program_starts, "--program-starts", 1,
                                        static_cast<uint32_t>(tasks - 1));
    for (size_t i = 1; i < w.program_starts.size(); ++i) {
      if (w.program_starts[i] <= w.program_starts[i - 1]) {
        throw UsageError("--program-starts: the task indices must increase");
      }
    }
  }
}

// A target other than the built-in LPDDR5 exists only behind the TLM-2.0
// sockets: its coupling is tlm, and asking for builtin is a mistake.
MemoryCoupling parse_memory_coupling(const std::string& memory, const MachineConfig& cfg) {
  if (memory_target(cfg).clocked()) {
    return memory == "tlm" ? MemoryCoupling::kTlm : MemoryCoupling::kBuiltin;
  }
  if (memory == "builtin") {
    throw UsageError(
        fmt::format("--memory builtin: {} selects memory.target {}, a TLM-2.0 target; use "
                    "--memory tlm or leave --memory out",
                    cfg.source, cfg.memory.target));
  }
  return MemoryCoupling::kTlm;
}

}  // namespace

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
}

namespace {

// The machine a command-line run uses: its --config, with --max-cycles.
MachineConfig load_run_machine(const RunOptions& opt) {
  MachineConfig cfg = load_machine(opt.config);
  if (!opt.max_cycles.empty()) {
    cfg.sim.max_cycles = parse_count(opt.max_cycles, "--max-cycles", 1, UINT64_MAX);
    if (cfg.cycles_to_ns(cfg.sim.max_cycles) * 1000.0 > 1.8e19) {
      throw UsageError(fmt::format("--max-cycles: {} cycles do not fit SystemC's 64-bit time",
                                   cfg.sim.max_cycles));
    }
  }
  return cfg;
}

}  // namespace

RunRequest prepare_run(const RunOptions& opt, const MachineConfig& cfg) {
  RunRequest request;
  request.variant = resolve_variant(opt.variant, cfg);
  Workload& w = request.workload;
  // The hierarchy does not depend on the transfer's size.
  w.lines_per_core = opt.print_hierarchy && !opt.size.given() ? 1 : parse_size(opt.size);
  w.cores = parse_cores(opt.cores, cfg);
  w.split = static_cast<uint32_t>(parse_count(opt.split, "--split", 1, w.lines_per_core));
  if (!opt.task_lines.empty()) {
    w.task_lines = parse_task_lines(opt.task_lines, w);
    w.split = static_cast<uint32_t>(w.task_lines.size());
  }
  parse_step_options(opt, w);
  w.base_line = static_cast<uint32_t>(parse_count(opt.base_line, "--base-line", 0, UINT32_MAX));
  refuse_overlapping_paths({{"--config", opt.config}}, {{"--vcd", opt.vcd},
                                                        {"--fst", opt.fst},
                                                        {"--line-log", opt.line_log},
                                                        {"--plot-latency", opt.plot_latency}});
  parse_waves(opt, cfg, request);
  parse_line_outputs(opt, cfg, request);
  request.skip_idle = !opt.no_idle_skip;
  request.memory = parse_memory_coupling(opt.memory, cfg);
  if (opt.print_hierarchy) {
    return request;
  }
  const uint64_t needed = minimum_run_cycles(cfg, request);
  if (needed > cfg.sim.max_cycles) {
    throw UsageError(fmt::format(
        "--lines: {} lines per core need at least {} cycles ({:.4g} s simulated), more than "
        "simulation.max_cycles = {} of {}; use a config with a larger max_cycles",
        w.lines_per_core, needed, cfg.cycles_to_ns(needed) * 1e-9, cfg.sim.max_cycles, cfg.source));
  }
  return request;
}

Json run_json_without_systemc(const RunOptions& opt, const MachineConfig& cfg) {
  const RunRequest request = prepare_run(opt, cfg);
  if (!request.vcd_path.empty() || !request.fst_path.empty() || request.line_log.enabled ||
      !opt.plot_latency.empty() || opt.print_hierarchy ||
      request.memory != MemoryCoupling::kBuiltin) {
    throw UsageError(
        "waveforms, line logs, plots, the hierarchy and the tlm memory coupling need the "
        "anesim command (SystemC); this run takes only the builtin coupling");
  }
  const SimulationOutcome outcome = run_single_without_systemc(cfg, request);
  const std::vector<std::string> failures = run_failures(outcome, cfg);
  if (!failures.empty()) {
    throw SimulationError(failures.front());
  }
  return run_json(RunReport{request.variant, request.workload, &cfg, outcome.result});
}

int run_command(const RunOptions& opt) {
  const MachineConfig cfg = load_run_machine(opt);
  const RunRequest request = prepare_run(opt, cfg);
  const Workload& w = request.workload;
  if (opt.print_hierarchy) {
    std::fputs(describe_system(cfg, request).c_str(), stdout);
    return kExitOk;
  }

  OutputSet outputs;
  const SimulationOutcome outcome = run_single(cfg, request, outputs);

  const int rc = failure_exit_code(outcome, cfg);
  if (rc == kExitOk) {
    // A failed run publishes no output; a complete one all of them or none.
    if (!opt.line_log.empty()) {
      outputs.add_text(opt.line_log, line_log_csv(outcome.result.line_log));
    }
    if (!opt.plot_latency.empty()) {
      render_plot(outputs, opt.plot_latency, latency_plot_script(outcome.result.latency));
    }
    outputs.commit();
  }
  const RunReport report{request.variant, w, &cfg, outcome.result};
  const std::string text = opt.json ? json_line(run_json(report)) : format_text(report);
  std::fputs(text.c_str(), stdout);
  return rc;
}

}  // namespace anesim
