#include <anesim/present/report_output.h>

#include <fmt/format.h>

namespace anesim::present {

void publish_report(const api::ReportResult& r) { publish_validation_report(r.built); }

std::string report_note(const api::ReportResult& r) {
  return fmt::format("anesim report: wrote {} and {}/*.svg\n", r.document, r.img_dir);
}

}  // namespace anesim::present
