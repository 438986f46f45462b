#include <anesim/present/run_output.h>

#include <anesim/analysis/run/run_report.h>

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

}  // namespace anesim::present
