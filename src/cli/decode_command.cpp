#include <anesim/cli/decode_command.h>

#include <cstdio>

#include <fmt/format.h>

#include <anesim/analysis/decode/decode.h>
#include <anesim/analysis/decode/decode_output.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/cli/model_option.h>
#include <anesim/cli/shared_options.h>
#include <anesim/io/atomic_output.h>
#include <anesim/io/count_text.h>
#include <anesim/io/errors.h>
#include <anesim/io/gnuplot_plot.h>
#include <anesim/io/text_functions.h>

namespace anesim {

CLI::App* add_decode_command(CLI::App& app, DecodeOptions& opt) {
  CLI::App* cmd = app.add_subcommand(
      "decode",
      "one decoded token of a model simulated as one run (its transfers back to back), before "
      "and after a split policy: ms per token, tokens/s, GB/s and where the time goes");
  cmd->add_option(
         "--model", opt.model,
         "model preset (lowercase, e.g. llama-3.1-8b; configs/models/NAME.yaml) or a model file")
      ->required();
  add_config_option(*cmd, opt.config);
  cmd->add_option("--split", opt.split,
                  "the splits after: none, advised (what anesim advise recommends; the default) "
                  "or a split file (YAML: PROJECTION: CHUNKS)");
  cmd->add_option("--programs", opt.programs,
                  "cut the layers into N programs, each with its own launch (default 1)");
  add_jobs_option(*cmd, opt.jobs);
  cmd->add_flag("--json", opt.json, "print one JSON object instead of the summary");
  add_output_option(*cmd, "--csv", opt.csv, "write every task of both steps as CSV");
  add_output_option(*cmd, "--timeline", opt.timeline,
                    "plot one step, before and after, on one time axis (.svg or .png)");
  return cmd;
}

int decode_command(const DecodeOptions& opt) {
  DecodeSettings settings;
  settings.jobs = parse_jobs(opt.jobs);
  settings.config_path = opt.config;
  settings.progress_label = "decode";
  // Inputs are read and checked before any simulation starts.
  const MachineConfig cfg = load_machine(opt.config);
  const ModelDescription model = load_model_option(opt.model);
  settings.programs =
      static_cast<uint32_t>(parse_count(opt.programs, "--programs", 1, model.layers));
  if (!opt.timeline.empty() && !plot_extension_ok(opt.timeline)) {
    throw UsageError(
        fmt::format("--timeline: '{}' must end in .svg or .png", printable(opt.timeline, 60)));
  }
  for (const std::string* out : {&opt.csv, &opt.timeline}) {
    if (!out->empty()) check_writable_directory(*out);
  }
  AdviceSettings advice;
  advice.config_path = opt.config;
  advice.jobs = settings.jobs;
  advice.progress_label = opt.split == "advised" ? "advise" : "";
  const SplitPolicy policy = resolve_split_option(opt.split, model, cfg, advice);
  // Both plans are checked (roles, sizes) before simulating.
  plan_step(model, policy, settings.programs);

  const DecodeResult r = decode_model(model, policy, cfg, settings);
  const std::string text = opt.json ? decode_json(r).dump(2) + "\n" : decode_text(r);
  if (!opt.csv.empty()) {
    write_file_atomically(opt.csv, decode_csv(r));
  }
  if (!opt.timeline.empty()) {
    render_plot(opt.timeline, decode_timeline_script(r));
  }
  std::fputs(text.c_str(), stdout);
  return kExitOk;
}

}  // namespace anesim
