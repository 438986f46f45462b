#include <anesim/present/run_output.h>

#include <anesim/analysis/run/latency_report.h>
#include <anesim/analysis/run/run_report.h>
#include <anesim/io/gnuplot_plot.h>

namespace anesim::present {

namespace {

// The report's view of a run: it points into `r`, which outlives it.
RunReport report_of(const api::RunResult& r) {
  return RunReport{r.prepared.run.variant, r.prepared.run.workload, &r.prepared.machine,
                   r.outcome.result};
}

}  // namespace

std::string run_text(const api::RunResult& r) { return format_text(report_of(r)); }

Json run_json(const api::RunResult& r) { return anesim::run_json(report_of(r)); }

std::string run_json_line(const api::RunResult& r) { return json_line(run_json(r)); }

void publish_run_outputs(const api::RunResult& r, const api::RunRequest& request) {
  if (!r.failures.empty() || !r.staged) return;  // the staged files go with the result
  OutputSet& outputs = *r.staged;
  if (!request.line_log.empty()) {
    outputs.add_text(request.line_log, line_log_csv(r.outcome.result.line_log));
  }
  if (!request.plot_latency.empty()) {
    render_plot(outputs, request.plot_latency, latency_plot_script(r.outcome.result.latency));
  }
  outputs.commit();
}

}  // namespace anesim::present
