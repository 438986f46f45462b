#include <anesim/cli/report_command.h>

#include <cstdio>

#include <anesim/api/report.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/cli/field_errors.h>
#include <anesim/cli/shared_options.h>
#include <anesim/io/count_text.h>
#include <anesim/present/report_output.h>

namespace anesim {

CLI::App* add_report_command(CLI::App& app, ReportOptions& opt) {
  CLI::App* cmd = app.add_subcommand(
      "report", "regenerate docs/validation.md and its plots (replay of traces/ and sweeps)");
  add_output_option(*cmd, "--out", opt.out, "the Markdown file; plots go to its directory's img/");
  cmd->add_option("--traces-dir", opt.traces_dir, "directory of trace files (*.csv)");
  cmd->add_option("--calibration", opt.calibration,
                  "the config's calibration summary (anesim calibrate --summary)");
  add_config_option(*cmd, opt.config);
  add_jobs_option(*cmd, opt.jobs);
  return cmd;
}

int report_command(const ReportOptions& opt) {
  api::ReportRequest request;
  request.out = opt.out;
  request.traces_dir = opt.traces_dir;
  request.calibration = opt.calibration;
  request.config = opt.config;
  request.jobs = parse_count(opt.jobs, "--jobs", 0, UINT64_MAX);
  const api::ReportResult r =
      call_library({{"jobs", opt.jobs}}, [&] { return api::report(request); });
  present::publish_report(r);
  std::fputs(present::report_note(r).c_str(), stderr);
  return kExitOk;
}

}  // namespace anesim
