#include <anesim/cli/characterize_command.h>

#include <chrono>
#include <cstdio>
#include <string>

#include <anesim/api/characterize.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/cli/field_errors.h>
#include <anesim/io/errors.h>
#include <anesim/present/characterize_output.h>

namespace anesim {

CLI::App* add_characterize_command(CLI::App& app, CharacterizeOptions& opt) {
  CLI::App* cmd = app.add_subcommand(
      "characterize",
      "simulate the lengths and task mixes advise needs into a timing table beside the "
      "description (configs/NAME.table.json), which advise then reads instead of simulating");
  add_field_options<api::CharacterizeRequest>(*cmd, opt.fields);
  return cmd;
}

int characterize_command(const CharacterizeOptions& opt) {
  api::CharacterizeRequest request = field_request<api::CharacterizeRequest>(opt.fields);
  request.progress_label = "characterize";
  const TypedText typed = typed_text(opt.fields);
  const auto start = std::chrono::steady_clock::now();
  const api::CharacterizeResult r = call_library(typed, [&] { return api::characterize(request); });
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  present::write_timing_table(r);
  std::fputs(present::characterize_note(r, s).c_str(), stdout);
  std::fflush(stdout);
  return kExitOk;
}

}  // namespace anesim
