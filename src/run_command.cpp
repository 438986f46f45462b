#include "src/run_command.h"

#include <cstdio>

#include <fmt/format.h>

#include "sim/kdma_testbench.h"
#include "src/cli_options.h"
#include "src/config_loader.h"
#include "src/count_parser.h"
#include "src/exit_codes.h"
#include "src/run_report.h"
#include "src/workload.h"

namespace anesim {

void add_run_options(CLI::App& app, RunOptions& opt) {
  // Values are taken as text and parsed by parse_count, so that a bad value
  // gets one clear message naming the option.
  app.add_option("--variant", opt.variant,
                 fmt::format("ring variant: {} (default bug)", variant_choices()));
  auto* lines = app.add_option("--lines", opt.lines,
                               "lines of 64 B per core, decimal or 0x hex (e.g. 0x4000 = 1 MiB)");
  auto* cin = app.add_option("--cin", opt.cin, "layer input channels D (with --cout)");
  auto* cout = app.add_option("--cout", opt.cout,
                              "layer output channels N: lines per core = ceil(N/16)*D*2/64");
  lines->excludes(cin)->excludes(cout);
  cin->needs(cout);
  cout->needs(cin);
  app.add_option("--cores", opt.cores, "active cores, 1..16 (default: the config's ane.cores)");
  app.add_option("--split", opt.split, "run each core's transfer as S back-to-back tasks");
  app.add_option("--base-line", opt.base_line, "line address of core 0's slice (default 0)");
  add_config_option(app, opt.config);
  app.add_flag("--json", opt.json, "print one JSON object instead of the summary");
  app.add_option("--vcd", opt.vcd, "write the rings' waveforms as VCD")->check(file_name_check());
  app.add_option("--fst", opt.fst, "write the rings' waveforms as FST (via gtkwave's vcd2fst)")
      ->check(file_name_check());
  app.add_option("--wave-from", opt.wave_from,
                 "first cycle of the waveform window (default: the first task's dispatch)");
  app.add_option("--wave-cycles", opt.wave_cycles,
                 "length of the waveform window in cycles (default 20000, at most 10000000)");
  app.add_flag("--no-idle-skip", opt.no_idle_skip,
               "clock every ring every cycle (slower; for cross-checking the idle skipping)");
}

int run_command(const RunOptions& opt) {
  const RingVariant variant = parse_variant_option(opt.variant, "--variant");
  const ModelConfig cfg = load_config_or_builtin(opt.config);

  Workload w;
  if (!opt.lines.empty()) {
    w.lines_per_core = static_cast<uint32_t>(parse_count(opt.lines, "--lines", 1, UINT32_MAX));
  } else if (!opt.cin.empty()) {
    const uint64_t d = parse_count(opt.cin, "--cin", 1, UINT32_MAX);
    const uint64_t n = parse_count(opt.cout, "--cout", 1, UINT32_MAX);
    const uint64_t lines = lines_for_shape(d, n);
    if (lines == 0) {
      throw UsageError(fmt::format(
          "--cin {} --cout {}: the per-core transfer exceeds 2^32-1 lines", opt.cin, opt.cout));
    }
    w.lines_per_core = static_cast<uint32_t>(lines);
  } else {
    throw UsageError("no transfer size: give --lines N, or --cin D with --cout N");
  }
  w.cores = opt.cores.empty() ? cfg.ane.cores
                              : static_cast<uint32_t>(parse_count(opt.cores, "--cores", 1, 16));
  if (w.cores > cfg.ane.cores) {
    throw UsageError(fmt::format("--cores: {} is more than the {} cores of {}", w.cores,
                                 cfg.ane.cores, cfg.source));
  }
  w.split = static_cast<uint32_t>(parse_count(opt.split, "--split", 1, w.lines_per_core));
  w.base_line = static_cast<uint32_t>(parse_count(opt.base_line, "--base-line", 0, UINT32_MAX));

  WaveOptions waves;
  waves.vcd_path = opt.vcd;
  waves.fst_path = opt.fst;
  if (!opt.vcd.empty() || !opt.fst.empty()) {
    const uint64_t first_task =
        uint64_t{cfg.ane.launch_overhead_cycles} + cfg.ane.task_dispatch_cycles;
    waves.from = opt.wave_from.empty()
                     ? first_task
                     : parse_count(opt.wave_from, "--wave-from", 0, cfg.sim.max_cycles);
    waves.to = waves.from + parse_count(opt.wave_cycles.empty() ? "20000" : opt.wave_cycles,
                                        "--wave-cycles", 1, 10000000);
  } else if (!opt.wave_from.empty()) {
    throw UsageError("--wave-from: no waveform requested (add --vcd FILE or --fst FILE)");
  } else if (!opt.wave_cycles.empty()) {
    throw UsageError("--wave-cycles: no waveform requested (add --vcd FILE or --fst FILE)");
  }

  RunSpec spec;
  spec.variant = variant;
  spec.tasks = build_tasks(w);
  spec.skip_idle = !opt.no_idle_skip;
  const uint64_t needed = minimum_cycles(cfg, spec);
  if (needed > cfg.sim.max_cycles) {
    throw UsageError(fmt::format(
        "--lines: {} lines per core need at least {} cycles ({:.3f} s simulated), more than "
        "simulation.max_cycles = {} of {}; use a config with a larger max_cycles",
        w.lines_per_core, needed, needed * cfg.cycle_ns() * 1e-9, cfg.sim.max_cycles,
        cfg.source));
  }
  const SimulationOutcome outcome = simulate(cfg, spec, waves);

  const RunReport report{variant, w, &cfg, outcome.result};
  const std::string text = opt.json ? format_json(report) : format_text(report);
  std::fputs(text.c_str(), stdout);

  return failure_exit_code(outcome, cfg);
}

int failure_exit_code(const SimulationOutcome& outcome, const ModelConfig& cfg) {
  int rc = kExitOk;
  if (outcome.exceeded_max_cycles) {
    std::fprintf(stderr,
                 "anesim: error: the run reached simulation.max_cycles (%llu) before every line "
                 "was delivered; raise it in the config for longer transfers\n",
                 static_cast<unsigned long long>(cfg.sim.max_cycles));
    rc = kExitSimulationFailed;
  }
  if (outcome.result.rtl_assertion_failed) {
    std::fputs("anesim: error: an RTL assertion failed (see the message above)\n", stderr);
    rc = kExitSimulationFailed;
  }
  if (outcome.result.lines_lost != 0) {
    std::fprintf(stderr, "anesim: error: the scoreboard counted %llu lines lost: %s\n",
                 static_cast<unsigned long long>(outcome.result.lines_lost),
                 outcome.result.scoreboard_error.empty()
                     ? "lines never delivered"
                     : outcome.result.scoreboard_error.c_str());
    rc = kExitSimulationFailed;
  }
  return rc;
}

}  // namespace anesim
