#include <anesim/cli/decode_command.h>

#include <cstdio>
#include <string>

#include <anesim/api/decode.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/cli/field_errors.h>
#include <anesim/io/json.h>
#include <anesim/io/text_functions.h>
#include <anesim/present/decode_output.h>

namespace anesim {

CLI::App* add_decode_command(CLI::App& app, DecodeOptions& opt) {
  CLI::App* cmd = app.add_subcommand(
      "decode",
      "one decoded token of a model simulated as one run (its transfers back to back), before "
      "and after a split policy: ms per token, tokens/s, GB/s and where the time goes");
  add_field_options<api::DecodeRequest>(*cmd, opt.fields);
  cmd->add_flag("--json", opt.json, "print one JSON object instead of the summary");
  return cmd;
}

int decode_command(const DecodeOptions& opt) {
  const TypedText typed = typed_text(opt.fields);
  api::DecodeRequest request =
      call_library(typed, [&] { return field_request<api::DecodeRequest>(opt.fields); });
  request.progress_label = "decode";
  const DecodeResult r = call_library(typed, [&] { return api::decode(request); });
  present::write_decode_files(r, request);
  const std::string text = opt.json ? with_printable_strings(present::decode_json(r)).dump(2) + "\n"
                                    : present::decode_text(r);
  std::fputs(terminal_text(text).c_str(), stdout);
  return kExitOk;
}

}  // namespace anesim
