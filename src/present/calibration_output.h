// A calibration (api::calibrate's outcome) as its user reads it: the
// summary, the JSON object, the progress line and the closing note
// (src/analysis/calibrate/calibration_output.h writes them).
#pragma once

#include <anesim/analysis/calibrate/calibration_output.h>

namespace anesim::present {

using anesim::calibration_json;
using anesim::calibration_note;
using anesim::calibration_progress_line;
using anesim::calibration_text;

}  // namespace anesim::present
