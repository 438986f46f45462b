// The text of validation_report.md.in, compiled in by CMake
// (validation_template.cpp.in) so that `anesim report` needs no source tree.
#pragma once

namespace anesim {
extern const char* const kValidationReportTemplate;
}
