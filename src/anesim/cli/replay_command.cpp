#include <anesim/cli/replay_command.h>

#include <cstdio>

#include <anesim/cli/exit_codes.h>
#include <anesim/cli/field_errors.h>
#include <anesim/io/errors.h>
#include <anesim/present/replay_output.h>

namespace anesim {

CLI::App* add_replay_command(CLI::App& app, ReplayOptions& opt) {
  CLI::App* cmd = app.add_subcommand(
      "replay", "simulate every record of device traces and compare measured with simulated time");
  add_field_options<api::ReplayRequest>(*cmd, opt.fields);
  cmd->add_flag("--json", opt.json, "print one JSON object instead of the tables");
  return cmd;
}

int present_replay(const ReplayResult& r, const api::ReplayOutputs& outputs, bool json,
                   const std::string& max_mape_text) {
  const std::string text =
      json ? json_text(present::replay_json(r), 2) + "\n" : present::replay_text(r);
  std::fputs(text.c_str(), stdout);
  std::fflush(stdout);
  present::write_replay_outputs(r, outputs);
  if (api::above_max_mape(r, outputs)) {
    std::fprintf(stderr, "anesim: error: overall MAPE %.2f %% exceeds --max-mape %s %%\n",
                 r.overall.mape_pct, max_mape_text.c_str());
    return kExitValidation;
  }
  return kExitOk;
}

int replay_command(const ReplayOptions& opt) {
  const api::ReplayRequest request = field_request<api::ReplayRequest>(opt.fields);
  if (request.shard && opt.json) {
    throw UsageError(
        "--shard: --json, --plot and --max-mape apply to the merged parts (anesim merge)");
  }
  TypedText typed = typed_text(opt.fields);
  typed["max_mape"] = opt.fields.text.at("max_mape");
  const api::ReplayOutcome r = call_library(typed, [&] { return api::replay(request); });
  if (request.shard) {
    std::fputs(present::write_replay_part(r).c_str(), stdout);
    return kExitOk;
  }
  return present_replay(r.result, request.outputs(), opt.json, opt.fields.text.at("max_mape"));
}

}  // namespace anesim
