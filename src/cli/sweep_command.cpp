#include <anesim/cli/sweep_command.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <vector>

#include <fmt/format.h>

#include <anesim/analysis/sweep/slurm_script.h>
#include <anesim/analysis/sweep/sweep.h>
#include <anesim/analysis/sweep/sweep_outputs.h>
#include <anesim/analysis/sweep/sweep_parts.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/cli/range_option.h>
#include <anesim/cli/shard_option.h>
#include <anesim/io/atomic_output.h>
#include <anesim/io/count_text.h>
#include <anesim/io/path_identity.h>

namespace anesim {

namespace {

// The swept axis and its values; the fixed size where the axis needs one.
void parse_axis(const SweepOptions& opt, SweepSpec& spec) {
  struct Axis {
    const std::string* text;
    const char* option;
    SweepAxis axis;
    bool negative;
  };
  const Axis axes[] = {{&opt.lines_range, "--lines-range", SweepAxis::kLines, false},
                       {&opt.x_range, "--x-range", SweepAxis::kX, true},
                       {&opt.cin_range, "--cin-range", SweepAxis::kCin, false},
                       {&opt.cout_range, "--cout-range", SweepAxis::kCout, false},
                       {&opt.cores_range, "--cores-range", SweepAxis::kCores, false},
                       {&opt.split_range, "--split-range", SweepAxis::kSplit, false}};
  const Axis* chosen = nullptr;
  for (const Axis& a : axes) {
    if (!a.text->empty()) {
      chosen = &a;
      break;  // CLI11 lets only one through
    }
  }
  if (chosen == nullptr) {
    throw UsageError(
        "nothing to sweep: give one of --lines-range, --x-range, --cin-range, --cout-range, "
        "--cores-range, --split-range");
  }
  spec.axis = chosen->axis;
  if (spec.axis == SweepAxis::kCin && opt.size.cout.empty()) {
    throw UsageError("--cin-range: needs --cout N");
  }
  if (spec.axis == SweepAxis::kCout && opt.size.cin.empty()) {
    throw UsageError("--cout-range: needs --cin D");
  }
  spec.values = parse_range(*chosen->text, chosen->option, chosen->negative, &spec.step);
  if (!opt.size.cin.empty()) {
    spec.cin = parse_count(opt.size.cin, "--cin", 1, UINT32_MAX);
  }
  if (!opt.size.cout.empty()) {
    spec.cout = parse_count(opt.size.cout, "--cout", 1, UINT32_MAX);
  }
  if (spec.axis == SweepAxis::kCores || spec.axis == SweepAxis::kSplit) {
    spec.lines = parse_size(opt.size, std::string(chosen->option) + ": ");
  }
  if (spec.axis == SweepAxis::kX) {
    spec.laps = parse_count_list(opt.laps, "--laps", 0, 0x3ffff);
    for (size_t i = 0; i < spec.laps.size(); ++i) {
      if (std::find(spec.laps.begin(), spec.laps.begin() + i, spec.laps[i]) !=
          spec.laps.begin() + i) {
        throw UsageError(fmt::format(
            "--laps: {} is listed twice (each lap once: a sweep point per row)", spec.laps[i]));
      }
    }
  } else if (opt.laps != "1") {
    throw UsageError("--laps: only with --x-range");
  }
}

// The running anesim, for the batch scripts.
std::string own_executable() {
  std::string path(4096, '\0');
  const ssize_t n = readlink("/proc/self/exe", path.data(), path.size());
  return n > 0 ? path.substr(0, static_cast<size_t>(n)) : std::string("anesim");
}

// --shard: one part of the sweep into --csv; the plots and the FFT come
// from the merged parts.
int run_shard(const SweepSpec& spec, const MachineConfig& cfg, const SweepOptions& opt) {
  const Shard shard = parse_shard_option(opt.shard);
  if (opt.csv.empty()) {
    throw UsageError("--shard: needs --csv PART (the file the shard's rows go to)");
  }
  if (!opt.plot.empty() || !opt.plot_time.empty() || !opt.plot_spectrum.empty() || opt.fft) {
    throw UsageError("--shard: plots and --fft come from the merged parts (anesim merge)");
  }
  check_writable_directory(opt.csv);
  const SweepResult r = run_sweep(spec, cfg, "sweep", shard);
  write_file_atomically(opt.csv, sweep_part(r, cfg));
  std::printf("anesim sweep: shard %s, %zu of %zu points of %s over %zu values -> %s\n",
              shard_text(shard).c_str(), r.rows.size(), r.total_points, axis_name(spec.axis),
              spec.values.size(), opt.csv.c_str());
  return kExitOk;
}

}  // namespace

CLI::App* add_sweep_command(CLI::App& app, SweepOptions& opt) {
  CLI::App* cmd = app.add_subcommand(
      "sweep", "sweep one workload parameter, ring variants side by side (CSV, plots, FFT)");
  const std::vector<CLI::Option*> ranges = {
      cmd->add_option("--lines-range", opt.lines_range, "sweep lines per core: FIRST:LAST:STEP"),
      cmd->add_option("--x-range", opt.x_range,
                      "sweep the offset x from k*0x4000 (with --laps): e.g. -512:512:16"),
      cmd->add_option("--cin-range", opt.cin_range, "sweep D at fixed N (--cout)"),
      cmd->add_option("--cout-range", opt.cout_range, "sweep N at fixed D (--cin)"),
      cmd->add_option("--cores-range", opt.cores_range,
                      "sweep active cores (size from --lines or --cin/--cout)"),
      cmd->add_option("--split-range", opt.split_range,
                      "sweep tasks per core S (size from --lines or --cin/--cout)")};
  for (CLI::Option* a : ranges) {
    for (CLI::Option* b : ranges) {
      if (a != b) {
        a->excludes(b);
      }
    }
  }
  cmd->add_option("--laps", opt.laps, "laps k for --x-range, comma separated (default 1)");
  add_size_options(*cmd, opt.size, "fixed lines per core (for --cores-range/--split-range)", false);
  cmd->add_option("--cores", opt.cores, "active cores (default: the config's ane.cores)");
  cmd->add_option("--split", opt.split, "tasks per core (default 1)");
  cmd->add_option("--base-line", opt.base_line, "line address of core 0's slice (default 0)");
  add_variants_option(*cmd, opt.variants);
  add_config_option(*cmd, opt.config);
  add_output_option(*cmd, "--csv", opt.csv, "write every point as CSV");
  add_output_option(*cmd, "--plot", opt.plot, "plot throughput vs the swept value (.png or .svg)");
  add_output_option(*cmd, "--plot-time", opt.plot_time, "plot simulated time vs the swept value");
  cmd->add_flag("--fft", opt.fft,
                "FFT of throughput vs the swept value: print the dominant period");
  cmd->add_option("--detrend", opt.detrend,
                  "before the FFT remove the mean (default) or a least-squares line (linear)");
  add_output_option(*cmd, "--plot-spectrum", opt.plot_spectrum,
                    "plot the FFT magnitude (with --fft)");
  add_jobs_option(*cmd, opt.jobs);
  add_shard_option(*cmd, opt.shard);
  CLI::Option* script = add_output_option(
      *cmd, "--slurm-script", opt.slurm_script,
      "write Slurm batch scripts for this sweep into DIR instead of running it (docs/slurm.md)");
  CLI::Option* shards =
      cmd->add_option("--shards", opt.shards, "shards (array tasks) for --slurm-script");
  script->excludes("--shard");
  shards->needs(script);
  return cmd;
}

int sweep_command(const SweepOptions& opt) {
  SweepSpec spec;
  spec.jobs = parse_jobs(opt.jobs);
  spec.config = opt.config;
  refuse_overlapping_paths({{"--config", opt.config}}, {{"--csv", opt.csv},
                                                        {"--plot", opt.plot},
                                                        {"--plot-time", opt.plot_time},
                                                        {"--plot-spectrum", opt.plot_spectrum}});
  const MachineConfig cfg = load_machine(opt.config);
  spec.variants = resolve_variants(opt.variants, cfg);
  spec.cores = parse_cores(opt.cores, cfg);
  spec.split = static_cast<uint32_t>(parse_count(opt.split, "--split", 1, UINT32_MAX));
  spec.base_line = static_cast<uint32_t>(parse_count(opt.base_line, "--base-line", 0, UINT32_MAX));
  parse_axis(opt, spec);
  if (opt.detrend != "mean" && opt.detrend != "linear") {
    throw UsageError(fmt::format("--detrend: '{}' is not mean or linear", opt.detrend));
  }
  if (!opt.shard.empty()) {
    return run_shard(spec, cfg, opt);
  }
  SweepOutputs outputs{opt.csv,           opt.plot, opt.plot_time,
                       opt.plot_spectrum, opt.fft,  opt.detrend == "linear"};
  if (!opt.slurm_script.empty()) {
    if (opt.shards.empty()) {
      throw UsageError("--slurm-script: needs --shards N (the job array's tasks)");
    }
    const size_t points = sweep_rows(spec, cfg.ane.cores).size();
    const auto n = static_cast<uint32_t>(
        parse_count(opt.shards, "--shards", 1, std::min<uint64_t>(points, kMaxShards)));
    check_sweep_outputs(outputs);
    std::fputs(write_slurm_scripts({opt.slurm_script, n, own_executable(), spec, outputs}).c_str(),
               stdout);
    return kExitOk;
  }
  check_sweep_outputs(outputs);
  write_sweep_outputs(run_sweep(spec, cfg, "sweep"), outputs);
  return kExitOk;
}

}  // namespace anesim
