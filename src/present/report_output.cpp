#include <anesim/present/report_output.h>

#include <fmt/format.h>

namespace anesim::present {

std::string report_note(const api::ReportResult& r) {
  return fmt::format("anesim report: wrote {} and {}/*.svg\n", r.document, r.img_dir);
}

}  // namespace anesim::present
