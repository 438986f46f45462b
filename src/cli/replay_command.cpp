#include <anesim/cli/replay_command.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>

#include <fmt/format.h>

#include <anesim/analysis/replay/replay.h>
#include <anesim/analysis/replay/replay_parts.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/cli/shard_option.h>
#include <anesim/cli/shared_options.h>
#include <anesim/io/atomic_output.h>
#include <anesim/io/gnuplot_plot.h>
#include <anesim/io/output_set.h>
#include <anesim/io/path_identity.h>

namespace anesim {

namespace {

double parse_max_mape(const std::string& text) {
  if (text.empty()) {
    return -1;
  }
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (end == text.c_str() || *end != '\0' || !std::isfinite(v) || v < 0) {
    throw UsageError(fmt::format("--max-mape: '{}' is not a percentage >= 0", text));
  }
  return v;
}

}  // namespace

CLI::App* add_replay_command(CLI::App& app, ReplayOptions& opt) {
  CLI::App* cmd = app.add_subcommand(
      "replay", "simulate every record of device traces and compare measured with simulated time");
  cmd->add_option("files", opt.files, "trace files (docs/trace-format.md)")->required();
  add_variant_option(*cmd, opt.variant);
  add_config_option(*cmd, opt.config);
  cmd->add_flag("--json", opt.json, "print one JSON object instead of the tables");
  add_output_option(*cmd, "--csv", opt.csv, "also write the per-record comparison as CSV");
  add_output_option(*cmd, "--plot", opt.plot,
                    "also plot measured vs simulated (.png or .svg, gnuplot)");
  cmd->add_option("--max-mape", opt.max_mape, "exit 6 when the overall MAPE exceeds P percent");
  add_jobs_option(*cmd, opt.jobs);
  add_shard_option(*cmd, opt.shard);
  return cmd;
}

void check_replay_outputs(const ReplayOptions& opt) {
  parse_max_mape(opt.max_mape);
  if (!opt.plot.empty() && !plot_extension_ok(opt.plot)) {
    throw UsageError(fmt::format("--plot: '{}' must end in .png or .svg", opt.plot));
  }
  // Fail on unwritable outputs before spending time simulating.
  if (!opt.csv.empty()) {
    check_writable_directory(opt.csv);
  }
  if (!opt.plot.empty()) {
    check_writable_directory(opt.plot);
  }
}

int present_replay(const ReplayResult& r, const ReplayOptions& opt) {
  const double max_mape = parse_max_mape(opt.max_mape);
  const std::string text = opt.json ? json_text(replay_json(r), 2) + "\n" : format_replay_text(r);
  std::fputs(text.c_str(), stdout);
  std::fflush(stdout);
  OutputSet outputs;  // all or none
  if (!opt.csv.empty()) {
    outputs.add_text(opt.csv, format_replay_csv(r));
  }
  if (!opt.plot.empty()) {
    render_plot(outputs, opt.plot, replay_plot_script(r));
  }
  outputs.commit();
  if (max_mape >= 0 && r.overall.mape_pct > max_mape) {
    std::fprintf(stderr, "anesim: error: overall MAPE %.2f %% exceeds --max-mape %s %%\n",
                 r.overall.mape_pct, opt.max_mape.c_str());
    return kExitValidation;
  }
  return kExitOk;
}

int replay_command(const ReplayOptions& opt) {
  const unsigned jobs = parse_jobs(opt.jobs);
  std::optional<Shard> shard;
  if (!opt.shard.empty()) {
    shard = parse_shard_option(opt.shard);
    if (opt.csv.empty()) {
      throw UsageError("--shard: needs --csv PART (the file the shard's rows go to)");
    }
    if (opt.json || !opt.plot.empty() || !opt.max_mape.empty()) {
      throw UsageError(
          "--shard: --json, --plot and --max-mape apply to the merged parts "
          "(anesim merge)");
    }
  }
  std::vector<NamedPath> inputs = {{"--config", opt.config}};
  for (const std::string& f : opt.files) {
    inputs.push_back({"trace file", f});
  }
  refuse_overlapping_paths(inputs, {{"--csv", opt.csv}, {"--plot", opt.plot}});
  check_replay_outputs(opt);
  const MachineConfig cfg = load_machine(opt.config);
  const RingVariant variant = resolve_variant(opt.variant, cfg);

  std::vector<Trace> traces;
  for (const std::string& f : opt.files) {
    traces.push_back(read_trace_file(f));
  }
  refuse_repeated_records(traces);
  if (shard) {
    const ReplayResult r = replay_traces(traces, variant, cfg, opt.config, jobs, "replay", *shard);
    write_file_atomically(opt.csv, replay_part(r, traces, cfg, opt.config));
    std::printf("anesim replay: shard %s, %zu of %zu records -> %s\n", shard_text(*shard).c_str(),
                r.rows.size(), r.total_points, opt.csv.c_str());
    return kExitOk;
  }
  return present_replay(replay_traces(traces, variant, cfg, opt.config, jobs, "replay"), opt);
}

}  // namespace anesim
