#include <anesim/cli/program_command.h>

#include <cstdio>

#include <anesim/api/program.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/cli/field_errors.h>
#include <anesim/io/text_functions.h>
#include <anesim/present/program_output.h>

namespace anesim {

CLI::App* add_program_command(CLI::App& app, ProgramOptions& opt) {
  CLI::App* cmd = app.add_subcommand(
      "program",
      "a compiled Core ML program (.mlmodelc or deployment folder, .mil file) as the kernel DMA "
      "sees it: each weight op's format, bytes and lines per core, laps, offset, gap and notch "
      "(docs/program-format.md)");
  add_field_options<api::ProgramRequest>(*cmd, opt.fields);
  cmd->add_flag("--json", opt.json,
                "print one JSON object, with every weight constant and its consumers");
  return cmd;
}

int program_command(const ProgramOptions& opt) {
  const api::ProgramRequest request = field_request<api::ProgramRequest>(opt.fields);
  const ProgramReport r =
      call_library(typed_text(opt.fields), [&] { return api::read_program(request); });
  const std::string text = opt.json
                               ? with_printable_strings(present::program_json(r)).dump(2) + "\n"
                               : present::program_text(r);
  if (std::fputs(terminal_text(text).c_str(), stdout) < 0 || std::fflush(stdout) != 0) {
    std::fprintf(stderr, "anesim program: error: cannot write to standard output\n");
    return kExitOutput;
  }
  return kExitOk;
}

}  // namespace anesim
