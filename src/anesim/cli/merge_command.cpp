#include <anesim/cli/merge_command.h>

#include <fmt/format.h>

#include <anesim/api/merge.h>
#include <anesim/api/sweep.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/cli/field_errors.h>
#include <anesim/cli/replay_command.h>
#include <anesim/cli/shared_options.h>
#include <anesim/io/errors.h>
#include <anesim/io/path_identity.h>
#include <anesim/present/sweep_output.h>

namespace anesim {

namespace {

void refuse(bool given, const char* option, const std::string& kind) {
  if (given) {
    throw UsageError(fmt::format("{}: not for {} parts", option, kind));
  }
}

}  // namespace

CLI::App* add_merge_command(CLI::App& app, MergeOptions& opt) {
  CLI::App* cmd = app.add_subcommand(
      "merge",
      "combine the parts of a sharded sweep or replay (--shard I/N) into its CSV, plots, FFT");
  // Not ->required(): CLI11 would say only "parts is required".
  cmd->add_option("parts", opt.parts, "part files, in any order (each shard once)")
      ->check(file_name_check());
  add_output_option(*cmd, "--csv", opt.csv, "write the merged CSV (as the unsharded run's --csv)");
  add_output_option(*cmd, "--plot", opt.plot,
                    "plot (sweep: throughput; replay: measured vs simulated)");
  add_output_option(*cmd, "--plot-time", opt.plot_time, "sweep: plot simulated time");
  cmd->add_flag("--fft", opt.fft, "sweep: FFT of throughput vs the swept value");
  cmd->add_option("--detrend", opt.detrend, "sweep: before the FFT remove the mean or a line");
  add_output_option(*cmd, "--plot-spectrum", opt.plot_spectrum, "sweep: plot the FFT (with --fft)");
  cmd->add_flag("--json", opt.json, "replay: print one JSON object instead of the tables");
  cmd->add_option("--max-mape", opt.max_mape, "replay: exit 6 when the overall MAPE exceeds P");
  return cmd;
}

int merge_command(const MergeOptions& opt) {
  if (opt.parts.empty()) {
    throw UsageError(
        "merge: give the part files to combine (anesim merge part-1.json part-2.json ...)");
  }
  if (opt.detrend != "mean" && opt.detrend != "linear") {
    throw UsageError(fmt::format("--detrend: '{}' is not mean or linear", opt.detrend));
  }
  std::vector<NamedPath> inputs;
  for (const std::string& path : opt.parts) {
    inputs.push_back({"part file", path});
  }
  refuse_overlapping_paths(inputs, {{"--csv", opt.csv},
                                    {"--plot", opt.plot},
                                    {"--plot-time", opt.plot_time},
                                    {"--plot-spectrum", opt.plot_spectrum}});
  const std::vector<PartFile> parts = api::read_parts(opt.parts);
  const std::string& kind = parts.at(0).kind;
  if (kind == "sweep") {
    refuse(opt.json, "--json", kind);
    refuse(!opt.max_mape.empty(), "--max-mape", kind);
    const SweepOutputs outputs{opt.csv,           opt.plot, opt.plot_time,
                               opt.plot_spectrum, opt.fft,  opt.detrend == "linear"};
    api::check_sweep_outputs(outputs);
    present::write_sweep_outputs(api::merge_sweep(parts), outputs);
    return kExitOk;
  }
  refuse(!opt.plot_time.empty(), "--plot-time", kind);
  refuse(opt.fft, "--fft", kind);
  refuse(!opt.plot_spectrum.empty(), "--plot-spectrum", kind);
  refuse(opt.detrend != "mean", "--detrend", kind);
  const api::ReplayOutputs outputs{opt.csv, opt.plot,
                                   optional_percentage(opt.max_mape, "--max-mape")};
  call_library({{"max_mape", opt.max_mape}}, [&] { api::check_replay_outputs(outputs); });
  return present_replay(api::merge_replay(parts), outputs, opt.json, opt.max_mape);
}

}  // namespace anesim
