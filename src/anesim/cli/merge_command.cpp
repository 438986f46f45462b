#include <anesim/cli/merge_command.h>

#include <anesim/api/merge.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/cli/field_errors.h>
#include <anesim/cli/replay_command.h>
#include <anesim/io/errors.h>
#include <anesim/present/sweep_output.h>

namespace anesim {

CLI::App* add_merge_command(CLI::App& app, MergeOptions& opt) {
  CLI::App* cmd = app.add_subcommand(
      "merge",
      "combine the parts of a sharded sweep or replay (--shard I/N) into its CSV, plots, FFT");
  add_field_options<api::MergeRequest>(*cmd, opt.fields);
  cmd->add_flag("--json", opt.json, "replay: print one JSON object instead of the tables");
  return cmd;
}

int merge_command(const MergeOptions& opt) {
  const api::MergeRequest request = field_request<api::MergeRequest>(opt.fields);
  TypedText typed = typed_text(opt.fields);
  typed["max_mape"] = opt.fields.text.at("max_mape");
  const api::MergeOutcome merged = call_library(typed, [&] { return api::merge(request); });
  if (merged.sweep) {
    if (opt.json) throw UsageError("--json: not for sweep parts");
    present::write_sweep_outputs(*merged.sweep, merged.sweep_outputs);
    return kExitOk;
  }
  return present_replay(*merged.replay, merged.replay_outputs, opt.json,
                        opt.fields.text.at("max_mape"));
}

}  // namespace anesim
