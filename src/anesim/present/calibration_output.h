// A calibration (api::calibrate's outcome) as its user reads it: the
// summary, the JSON object, the progress line and the closing note
// (src/anesim/analysis/calibrate/calibration_output.h writes them), and its files.
#pragma once

#include <anesim/analysis/calibrate/calibration_output.h>
#include <anesim/api/calibrate.h>
#include <anesim/io/json.h>

namespace anesim::present {

using anesim::calibration_json;
using anesim::calibration_note;
using anesim::calibration_progress_line;
using anesim::calibration_text;

// The summary's JSON: calibration_json with the request's command line.
Json calibration_summary(const api::CalibrateOutcome& r, const api::CalibrateRequest& request);
// The fitted description to `out`, and the summary where asked: both or
// neither (the description may replace the base it was fitted from).
void write_calibration(const api::CalibrateOutcome& r, const api::CalibrateRequest& request);

}  // namespace anesim::present
