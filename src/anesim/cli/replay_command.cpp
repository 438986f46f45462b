#include <anesim/cli/replay_command.h>

#include <cstdio>
#include <cstdlib>
#include <optional>

#include <fmt/format.h>

#include <anesim/cli/exit_codes.h>
#include <anesim/cli/field_errors.h>
#include <anesim/cli/shard_option.h>
#include <anesim/cli/shared_options.h>
#include <anesim/io/count_text.h>
#include <anesim/io/errors.h>
#include <anesim/present/replay_output.h>

namespace anesim {

namespace {

// A percentage as typed; the library checks its range.
std::optional<double> read_max_mape(const std::string& text) {
  if (text.empty()) {
    return std::nullopt;
  }
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (end == text.c_str() || *end != '\0') {
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

api::ReplayOutputs replay_outputs(const ReplayOptions& opt) {
  return api::ReplayOutputs{opt.csv, opt.plot, read_max_mape(opt.max_mape)};
}

int present_replay(const ReplayResult& r, const ReplayOptions& opt) {
  const api::ReplayOutputs outputs = replay_outputs(opt);
  const std::string text =
      opt.json ? json_text(present::replay_json(r), 2) + "\n" : present::replay_text(r);
  std::fputs(text.c_str(), stdout);
  std::fflush(stdout);
  present::write_replay_outputs(r, outputs);
  if (api::above_max_mape(r, outputs)) {
    std::fprintf(stderr, "anesim: error: overall MAPE %.2f %% exceeds --max-mape %s %%\n",
                 r.overall.mape_pct, opt.max_mape.c_str());
    return kExitValidation;
  }
  return kExitOk;
}

int replay_command(const ReplayOptions& opt) {
  api::ReplayRequest request;
  request.files = opt.files;
  if (opt.variant.given) {
    request.variant = parse_variant_option(opt.variant.text, "--variant");
  }
  request.config = opt.config;
  request.jobs = parse_count(opt.jobs, "--jobs", 0, UINT64_MAX);
  request.outputs = replay_outputs(opt);
  if (!opt.shard.empty()) {
    request.shard = parse_shard_option(opt.shard);
    if (opt.json) {
      throw UsageError(
          "--shard: --json, --plot and --max-mape apply to the merged parts (anesim merge)");
    }
  }
  const TypedText typed = {{"jobs", opt.jobs}, {"max_mape", opt.max_mape}};
  const api::ReplayOutcome r = call_library(typed, [&] { return api::replay(request); });
  if (request.shard) {
    std::fputs(present::write_replay_part(r).c_str(), stdout);
    return kExitOk;
  }
  return present_replay(r.result, opt);
}

}  // namespace anesim
