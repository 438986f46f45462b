#include <anesim/present/calibration_output.h>

#include <anesim/io/output_set.h>

namespace anesim::present {

Json calibration_summary(const api::CalibrateOutcome& r, const api::CalibrateRequest& request) {
  Json summary = calibration_json(r.spec, r.result);
  summary["command"] = request.command_line;
  return summary;
}

void write_calibration(const api::CalibrateOutcome& r, const api::CalibrateRequest& request) {
  OutputSet outputs;
  if (!request.out.empty()) outputs.add_text(request.out, r.fitted_text);
  if (!request.summary.empty()) {
    outputs.add_text(request.summary, json_text(calibration_summary(r, request), 2) + "\n");
  }
  outputs.commit();
}

}  // namespace anesim::present
