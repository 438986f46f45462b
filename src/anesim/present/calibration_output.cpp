#include <anesim/present/calibration_output.h>

#include <anesim/io/output_set.h>

namespace anesim::present {

Json calibration_summary(const api::CalibrateOutcome& r, const api::CalibrateRequest& request) {
  Json summary = calibration_json(r.spec, r.result);
  // Each key as calibration_summary_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) summary[#key] = value;
#include <anesim/present/calibration_summary_keys.def>
#undef ANESIM_RESULT_KEY
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
