// `anesim report`'s word to its user once the report is written.
#pragma once

#include <string>

#include <anesim/api/report.h>

namespace anesim::present {

// "anesim report: wrote DOC and IMG/*.svg", one line for stderr.
std::string report_note(const api::ReportResult& r);

}  // namespace anesim::present
