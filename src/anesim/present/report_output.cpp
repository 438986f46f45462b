#include <anesim/present/report_output.h>

#include <fmt/format.h>

namespace anesim::present {

void publish_report(const api::ReportResult& r) { publish_validation_report(r.built); }

std::string report_note(const api::ReportResult& r) {
  return fmt::format("anesim report: wrote {} and {}/*.svg\n", r.document, r.img_dir);
}

Json report_json(const api::ReportResult& r) {
  Json j;
  // Each key as report_json_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) j[#key] = value;
#include <anesim/present/report_json_keys.def>
#undef ANESIM_RESULT_KEY
  return j;
}

}  // namespace anesim::present
