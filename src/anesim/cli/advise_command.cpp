#include <anesim/cli/advise_command.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include <anesim/api/advise.h>
#include <anesim/api/advise_fleet.h>
#include <anesim/api/weight_format_fields.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/cli/field_errors.h>
#include <anesim/cli/shared_options.h>
#include <anesim/io/count_text.h>
#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>
#include <anesim/present/advice_output.h>
#include <anesim/present/advise_batch.h>

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
  cmd->add_option(
      "--dtype", opt.dtype,
      "weight format: " + dtype_list() +
          " (default fp16; for a model: every weight, or NAME=DTYPE,... per weight name, first "
          "match wins: lm_head=lut6,*=lut4; docs/model-format.md)");
  auto* kernel =
      cmd->add_option("--kernel", opt.kernel, "one shape: a KHxKW conv kernel (default 1x1)");
  auto* groups = cmd->add_option(
      "--groups", opt.groups, "one shape: channel groups G (payload ceil(N/16)*(D/G)*KH*KW*bytes)");
  kernel->needs(cin);
  groups->needs(cin);
  model->excludes(cin)->excludes(cout);
  cin->needs(cout);
  cout->needs(cin);
  add_config_option(*cmd, opt.config, &opt.chips);
  add_jobs_option(*cmd, opt.jobs);
  cmd->add_flag("--json", opt.json, "print one JSON object instead of the table");
  add_output_option(*cmd, "--csv", opt.csv, "write the per-transfer table as CSV");
  cmd->add_flag("--exact", opt.exact,
                "simulate every time instead of reading the description's timing table and "
                "the on-disk cache");
  cmd->add_option("--simulate", opt.simulate,
                  "auto (default: the timing table, else simulations) or never (the table "
                  "alone; a question it does not answer exits 7)")
      ->check(CLI::IsMember({"auto", "never"}))
      ->excludes("--exact");
  auto* batch = cmd->add_option("--batch", opt.batch,
                                "answer the questions of FILE (- for standard input), one JSON "
                                "object per line, as JSON lines (docs/advise.md, \"Batch\")");
  for (const char* other : {"--model", "--cin", "--cout", "--dtype", "--kernel", "--groups",
                            "--config", "--chip", "--json", "--csv", "--exact", "--simulate"}) {
    batch->excludes(other);
  }
  return cmd;
}

namespace {

// The answer as text or JSON, for one machine or a fleet.
std::string advice_text(const AdviseOptions& opt, api::AdviseRequest& request,
                        const TypedText& typed) {
  auto read_formats = [&] {
    if (opt.dtype && opt.dtype->find('=') != std::string::npos) {
      request.dtype_rules = api::dtype_rules_field(*opt.dtype);  // NAME=DTYPE,...
    } else if (opt.dtype) {
      request.dtype = api::dtype_field(*opt.dtype);
    }
    if (!opt.kernel.empty()) request.kernel = api::kernel_field(opt.kernel);
  };
  if (!opt.chips.empty()) {
    api::FleetAdviseRequest fleet;
    const api::FleetAdviseResult f = call_library(typed, [&] {
      read_formats();
      fleet.chips = api::fleet_chip_names(opt.chips);
      fleet.csv = request.csv;
      request.csv.clear();
      fleet.advise = request;
      return api::advise_fleet(fleet);
    });
    present::write_fleet_csv(f, fleet);
    return opt.json ? json_text(present::fleet_json(f), 2) + "\n" : present::fleet_text(f);
  }
  const api::AdviseResult r = call_library(typed, [&] {
    read_formats();
    return api::advise(request);
  });
  present::write_advice_csv(r, request);
  return opt.json ? json_text(present::advice_json(r), 2) + "\n" : present::advice_text(r);
}

// Every line answered, in order, each flushed as it comes (a pass reading
// the answers through a pipe gets them one by one). The exit code is the
// first failed line's (docs/cli.md), 0 when every line was answered.
int batch_command(const AdviseOptions& opt) {
  const uint64_t jobs = parse_count(opt.jobs, "--jobs", 1, 256);
  std::ifstream file;
  if (opt.batch != "-") {
    file.open(opt.batch);
    if (!file) {
      throw InputError(fmt::format("--batch '{}': cannot open it: {}", printable(opt.batch),
                                   std::strerror(errno)));
    }
  }
  std::istream& in = opt.batch == "-" ? std::cin : file;
  int rc = kExitOk;
  present::advise_batch(in, opt.batch == "-" ? "<stdin>" : opt.batch, jobs,
                        [&](const present::BatchLine& line) {
                          std::fputs((json_text(line.out, -1) + "\n").c_str(), stdout);
                          std::fflush(stdout);
                          if (line.failure && rc == kExitOk) {
                            try {
                              std::rethrow_exception(line.failure);
                            } catch (const std::exception& e) {
                              rc = error_exit_code(e);
                            }
                          }
                        });
  return rc;
}

}  // namespace

int advise_command(const AdviseOptions& opt) {
  if (!opt.batch.empty()) return batch_command(opt);
  api::AdviseRequest request;
  request.model = opt.model;
  request.cin = optional_count(opt.cin, "--cin");
  request.cout = optional_count(opt.cout, "--cout");
  request.machine.config = opt.config;
  request.jobs = parse_count(opt.jobs, "--jobs", 0, UINT64_MAX);
  request.progress_label = "advise";
  request.csv = opt.csv;
  request.groups = optional_count(opt.groups, "--groups");
  request.exact = opt.exact;
  request.without_simulation = opt.simulate == "never";
  const TypedText typed = {{"cin", opt.cin},       {"cout", opt.cout},
                           {"jobs", opt.jobs},     {"dtype", opt.dtype.value_or("")},
                           {"kernel", opt.kernel}, {"groups", opt.groups}};
  std::string text;
  try {
    text = advice_text(opt, request, typed);
  } catch (const NeedsSimulation& e) {
    // Not a failure of the tool: the caller forbade what the answer needs.
    std::fprintf(stderr, "anesim: error: --simulate never: this answer needs a simulation: %s\n",
                 printable_whole(e.what()).c_str());
    return kExitNeedsSimulation;
  }
  std::fputs(terminal_text(text).c_str(), stdout);
  std::fflush(stdout);
  return kExitOk;
}

}  // namespace anesim
