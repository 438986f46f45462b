#include <anesim/cli/decode_command.h>

#include <cstdio>

#include <anesim/api/decode.h>
#include <anesim/api/weight_format_fields.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/cli/field_errors.h>
#include <anesim/cli/shared_options.h>
#include <anesim/io/count_text.h>
#include <anesim/io/errors.h>
#include <anesim/io/json.h>
#include <anesim/io/text_functions.h>
#include <anesim/present/decode_output.h>

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
  cmd->add_option("--dtype", opt.dtype,
                  "store every weight as: " + dtype_list() +
                      " (default: as the model file says), or NAME=DTYPE,... per weight name, "
                      "first match wins: lm_head=lut6,*=lut4");
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
  api::DecodeRequest request;
  request.model = opt.model;
  request.config = opt.config;
  if (opt.split.empty()) {
    // Not "none": the default is "advised", so an empty value means neither.
    throw UsageError("--split: expected none, advised or a split file's path, not an empty value");
  }
  if (opt.split == "none") {
    request.split = api::DecodeSplit::kNone;
  } else if (opt.split == "advised") {
    request.split = api::DecodeSplit::kAdvised;
  } else {
    request.split = api::DecodeSplit::kFile;
    request.split_file = opt.split;
  }
  request.programs = parse_count(opt.programs, "--programs", 0, UINT64_MAX);
  request.jobs = parse_count(opt.jobs, "--jobs", 0, UINT64_MAX);
  request.progress_label = "decode";
  request.csv = opt.csv;
  request.timeline = opt.timeline;
  const TypedText typed = {
      {"programs", opt.programs}, {"jobs", opt.jobs}, {"dtype", opt.dtype.value_or("")}};
  const DecodeResult r = call_library(typed, [&] {
    if (opt.dtype && opt.dtype->find('=') != std::string::npos) {
      request.dtype_rules = api::dtype_rules_field(*opt.dtype);  // NAME=DTYPE,...
    } else if (opt.dtype) {
      request.dtype = api::dtype_field(*opt.dtype);
    }
    return api::decode(request);
  });
  present::write_decode_files(r, request);
  const std::string text = opt.json ? with_printable_strings(present::decode_json(r)).dump(2) + "\n"
                                    : present::decode_text(r);
  std::fputs(terminal_text(text).c_str(), stdout);
  return kExitOk;
}

}  // namespace anesim
