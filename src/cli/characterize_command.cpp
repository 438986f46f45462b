#include <anesim/cli/characterize_command.h>

#include <chrono>
#include <cstdio>

#include <fmt/format.h>

#include <anesim/api/characterize.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/cli/field_errors.h>
#include <anesim/cli/shared_options.h>
#include <anesim/io/count_text.h>
#include <anesim/present/characterize_output.h>

namespace anesim {

CLI::App* add_characterize_command(CLI::App& app, CharacterizeOptions& opt) {
  CLI::App* cmd = app.add_subcommand(
      "characterize",
      "simulate the lengths and task mixes advise needs into a timing table beside the "
      "description (configs/NAME.table.json), which advise then reads instead of simulating");
  add_config_option(*cmd, opt.config);
  add_output_option(*cmd, "--out", opt.out,
                    "write the table here instead of beside the description");
  add_jobs_option(*cmd, opt.jobs);
  return cmd;
}

int characterize_command(const CharacterizeOptions& opt) {
  api::CharacterizeRequest request;
  request.machine.config = opt.config;
  request.out = opt.out;
  request.jobs = parse_count(opt.jobs, "--jobs", 0, UINT64_MAX);
  request.progress_label = "characterize";
  const TypedText typed = {{"jobs", opt.jobs}};
  const auto start = std::chrono::steady_clock::now();
  const api::CharacterizeResult r = call_library(typed, [&] { return api::characterize(request); });
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  present::write_timing_table(r);
  std::fputs(present::characterize_note(r, s).c_str(), stdout);
  std::fflush(stdout);
  return kExitOk;
}

}  // namespace anesim
