#include <anesim/cli/advise_command.h>

#include <cstdio>

#include <anesim/analysis/advise/advice.h>
#include <anesim/analysis/advise/advice_output.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/cli/model_option.h>
#include <anesim/cli/shared_options.h>
#include <anesim/io/atomic_output.h>
#include <anesim/io/errors.h>
#include <anesim/io/path_identity.h>

namespace anesim {

CLI::App* add_advise_command(CLI::App& app, AdviseOptions& opt) {
  CLI::App* cmd = app.add_subcommand(
      "advise",
      "which of a model's kernel-DMA transfers hit the 1 MiB notch, the split that clears each, "
      "and decode tokens/s before and after");
  auto* model = cmd->add_option(
      "--model", opt.model,
      "model preset (lowercase, e.g. llama-3.1-8b; configs/models/NAME.yaml) or a model file");
  auto* cin = cmd->add_option("--cin", opt.cin, "one shape instead of a model: input channels D");
  auto* cout = cmd->add_option("--cout", opt.cout,
                               "one shape: output channels N (lines per core = "
                               "ceil(N/16)*D*2/64)");
  model->excludes(cin)->excludes(cout);
  cin->needs(cout);
  cout->needs(cin);
  add_config_option(*cmd, opt.config);
  add_jobs_option(*cmd, opt.jobs);
  cmd->add_flag("--json", opt.json, "print one JSON object instead of the table");
  add_output_option(*cmd, "--csv", opt.csv, "write the per-transfer table as CSV");
  return cmd;
}

int advise_command(const AdviseOptions& opt) {
  AdviceSettings settings;
  settings.jobs = parse_jobs(opt.jobs);
  settings.config_path = opt.config;
  settings.progress_label = "advise";
  refuse_overlapping_paths({{"--config", opt.config}, {"--model", opt.model}},
                           {{"--csv", opt.csv}});
  if (opt.model.empty() && opt.cin.empty()) {
    throw UsageError("advise: give --model NAME|FILE, or one shape with --cin D --cout N");
  }
  std::vector<Transfer> shape;
  if (!opt.cin.empty()) {
    SizeOptions size;
    size.cin = opt.cin;
    size.cout = opt.cout;
    const LayerShape s = parse_shape(size);
    shape.push_back(Transfer{"shape", s.cin, s.cout, 1});
  }
  // Inputs are read and checked before any simulation starts.
  const MachineConfig cfg = load_machine(opt.config);
  ModelDescription model;
  if (shape.empty()) {
    model = load_model_option(opt.model);
  }
  if (!opt.csv.empty()) {
    check_writable_directory(opt.csv);
  }

  std::string text;
  AdviceResult table;
  if (shape.empty()) {
    const ModelAdvice r = advise_model(model, cfg, settings);
    text = opt.json ? json_text(model_advice_json(r), 2) + "\n" : model_advice_text(r);
    table = r.advice;
  } else {
    table = advise_transfers(shape, 2, cfg, settings);
    text = opt.json ? json_text(shape_advice_json(table), 2) + "\n" : shape_advice_text(table);
  }
  std::fputs(text.c_str(), stdout);
  std::fflush(stdout);
  if (!opt.csv.empty()) {
    write_file_atomically(opt.csv, advice_csv(table));
  }
  return kExitOk;
}

}  // namespace anesim
