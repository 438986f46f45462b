#include <anesim/cli/report_command.h>

#include <cstdio>

#include <anesim/api/report.h>
#include <anesim/cli/exit_codes.h>
#include <anesim/cli/field_errors.h>
#include <anesim/present/report_output.h>

namespace anesim {

CLI::App* add_report_command(CLI::App& app, ReportOptions& opt) {
  CLI::App* cmd = app.add_subcommand(
      "report", "regenerate docs/validation.md and its plots (replay of traces/ and sweeps)");
  add_field_options<api::ReportRequest>(*cmd, opt.fields);
  return cmd;
}

int report_command(const ReportOptions& opt) {
  const api::ReportRequest request = field_request<api::ReportRequest>(opt.fields);
  const api::ReportResult r =
      call_library(typed_text(opt.fields), [&] { return api::report(request); });
  present::publish_report(r);
  std::fputs(present::report_note(r).c_str(), stderr);
  return kExitOk;
}

}  // namespace anesim
