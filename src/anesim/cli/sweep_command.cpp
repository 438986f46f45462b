#include <anesim/cli/sweep_command.h>

#include <unistd.h>

#include <string>
#include <vector>

#include <fmt/format.h>

#include <anesim/api/sweep.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/cli/field_errors.h>
#include <anesim/cli/range_option.h>
#include <anesim/cli/shard_option.h>
#include <anesim/io/count_text.h>
#include <anesim/present/sweep_output.h>

namespace anesim {

namespace {

// The swept axis and its range as typed (CLI11 lets one through).
void read_axis(const SweepOptions& opt, api::SweepRequest& r, TypedText& typed) {
  struct Axis {
    const std::string* text;
    const char* option;
    SweepAxis axis;
  };
  const Axis axes[] = {{&opt.lines_range, "--lines-range", SweepAxis::kLines},
                       {&opt.x_range, "--x-range", SweepAxis::kX},
                       {&opt.cin_range, "--cin-range", SweepAxis::kCin},
                       {&opt.cout_range, "--cout-range", SweepAxis::kCout},
                       {&opt.cores_range, "--cores-range", SweepAxis::kCores},
                       {&opt.split_range, "--split-range", SweepAxis::kSplit}};
  for (const Axis& a : axes) {
    if (!a.text->empty()) {
      r.axis = a.axis;
      const RangeText range = read_range_text(*a.text, a.option);
      r.range = {range.first, range.last, range.step};
      typed[api::range_field(a.axis)] = *a.text;
      return;
    }
  }
  throw UsageError(
      "nothing to sweep: give one of --lines-range, --x-range, --cin-range, --cout-range, "
      "--cores-range, --split-range");
}

// The running anesim, for the batch scripts.
std::string own_executable() {
  std::string path(4096, '\0');
  const ssize_t n = readlink("/proc/self/exe", path.data(), path.size());
  return n > 0 ? path.substr(0, static_cast<size_t>(n)) : std::string("anesim");
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
  api::SweepRequest r;
  TypedText typed = {{"cin", opt.size.cin}, {"cout", opt.size.cout}, {"lines", opt.size.lines},
                     {"cores", opt.cores},  {"split", opt.split},    {"base_line", opt.base_line},
                     {"jobs", opt.jobs},    {"laps", opt.laps},      {"shards", opt.shards}};
  r.jobs = parse_count(opt.jobs, "--jobs", 0, UINT64_MAX);
  r.config = opt.config;
  if (opt.variants.given) {
    r.variants = parse_variant_list(opt.variants.text, "--variants");
  }
  r.lines = optional_count(opt.size.lines, "--lines");
  r.cin = optional_count(opt.size.cin, "--cin");
  r.cout = optional_count(opt.size.cout, "--cout");
  r.cores = optional_count(opt.cores, "--cores");
  r.split = parse_count(opt.split, "--split", 0, UINT64_MAX);
  r.base_line = parse_count(opt.base_line, "--base-line", 0, UINT64_MAX);
  read_axis(opt, r, typed);
  // --laps has a default, 1; given otherwise it must come with --x-range.
  if (r.axis == SweepAxis::kX || opt.laps != "1") {
    r.laps = count_list(opt.laps, "--laps");
  }
  if (opt.detrend != "mean" && opt.detrend != "linear") {
    throw UsageError(fmt::format("--detrend: '{}' is not mean or linear", opt.detrend));
  }
  r.outputs = SweepOutputs{opt.csv,           opt.plot, opt.plot_time,
                           opt.plot_spectrum, opt.fft,  opt.detrend == "linear"};
  if (!opt.shard.empty()) {
    r.shard = parse_shard_option(opt.shard);
  }
  r.slurm_script = opt.slurm_script;
  r.shards = optional_count(opt.shards, "--shards");
  r.anesim_binary = own_executable();
  present::write_sweep(call_library(typed, [&] { return api::sweep(r); }));
  return kExitOk;
}

}  // namespace anesim
