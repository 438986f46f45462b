// `anesim report`'s files and its word to its user once they are written.
#pragma once

#include <string>

#include <anesim/api/report.h>
#include <anesim/io/json.h>

namespace anesim::present {

// The document and its plots, published together or not at all.
void publish_report(const api::ReportResult& r);
// "anesim report: wrote DOC and IMG/*.svg", one line for stderr.
std::string report_note(const api::ReportResult& r);
// Where they went, as Python's report() returns it (report_json_keys.def).
Json report_json(const api::ReportResult& r);

}  // namespace anesim::present
