#include <anesim/api/report.h>

#include <anesim/analysis/report/validation_report.h>
#include <anesim/io/count_text.h>
#include <anesim/io/errors.h>
#include <anesim/io/path_identity.h>
#include <anesim/machine/machine_config_reader.h>

namespace anesim::api {

std::string report(const ReportRequest& r) {
  check_count_field(r.jobs, "jobs", 1, 256);
  ValidationReportSpec spec;
  spec.out = r.out;
  spec.traces_dir = r.traces_dir;
  spec.calibration_path = r.calibration;
  spec.config_path = r.config;
  spec.jobs = static_cast<unsigned>(r.jobs);
  refuse_overlapping_paths(
      {{field_mark("config"), r.config}, {field_mark("calibration"), r.calibration}},
      {{field_mark("out"), r.out}});
  return write_validation_report(spec, load_config_or_builtin(r.config));
}

}  // namespace anesim::api
