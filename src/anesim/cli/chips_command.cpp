#include <anesim/cli/chips_command.h>

#include <cstdio>
#include <string>

#include <anesim/api/chips.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/cli/field_errors.h>
#include <anesim/present/chips_output.h>

namespace anesim {

CLI::App* add_chips_command(CLI::App& app, ChipsOptions& opt) {
  CLI::App* cmd = app.add_subcommand(
      "chips",
      "list the chips --chip accepts: devices, Neural Engine generation, memory, peak, ring, "
      "verdict on the notch (its own or its generation's), confidence, evidence "
      "(docs/chips.md)");
  add_field_options<api::ChipsRequest>(*cmd, opt.fields);
  cmd->add_flag("--json", opt.json, "print a JSON list of objects instead of the table");
  cmd->add_flag("--generations", opt.generations,
                "list the Neural Engine generations instead: ring, verdict, confidence, "
                "evidence and chips, as the registry states them")
      ->excludes(cmd->get_option("--device"));
  return cmd;
}

namespace {

std::string chips_output(const ChipsOptions& opt) {
  if (opt.generations) {
    const std::vector<api::GenerationSummary> g =
        call_library({}, [] { return api::generations(); });
    return opt.json ? with_printable_strings(present::generations_json(g)).dump(2) + "\n"
                    : present::generations_text(g);
  }
  const api::ChipsRequest request = field_request<api::ChipsRequest>(opt.fields);
  const std::vector<api::ChipSummary> chips =
      call_library(typed_text(opt.fields), [&] { return api::chips(request); });
  return opt.json ? with_printable_strings(present::chips_json(chips)).dump(2) + "\n"
                  : present::chips_text(chips);
}

}  // namespace

int chips_command(const ChipsOptions& opt) {
  const std::string text = chips_output(opt);
  if (std::fputs(text.c_str(), stdout) < 0 || std::fflush(stdout) != 0) {
    std::fprintf(stderr, "anesim chips: error: cannot write to standard output\n");
    return kExitOutput;
  }
  return kExitOk;
}

}  // namespace anesim
