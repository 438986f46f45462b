// A calibration as text and JSON: the fitted values, and per curve the
// fitted error beside the error when that curve was left out of the fit.
#pragma once

#include <string>

#include <anesim/analysis/calibrate/calibration.h>
#include <anesim/io/json.h>

namespace anesim {

std::string calibration_text(const CalibrationSpec& spec, const CalibrationResult& r);
Json calibration_json(const CalibrationSpec& spec, const CalibrationResult& r);
// The terminal's progress line after a candidate: the fit, its candidates
// and best error so far, the whole calibration's candidates against its
// budget, and the time that budget leaves at the pace so far.
std::string calibration_progress_line(const CalibrationStep& step, double elapsed_s);
// The comment block written at the top of the fitted config.
std::string calibration_note(const CalibrationSpec& spec, const CalibrationResult& r,
                             const std::string& command_line);

}  // namespace anesim
