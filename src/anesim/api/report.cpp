#include <anesim/api/declared_inputs.h>
#include <anesim/api/report.h>

#include <anesim/analysis/report/validation_report.h>
#include <anesim/io/count_text.h>
#include <anesim/io/path_identity.h>
#include <anesim/machine/machine_config_reader.h>

namespace anesim::api {

ReportResult report(const ReportRequest& r) {
  check_count_field(r.jobs, "jobs", 1, 256);
  ValidationReportSpec spec;
  spec.out = r.out;
  spec.traces_dir = r.traces_dir;
  spec.calibration_path = r.calibration;
  spec.config_path = r.config;
  spec.jobs = static_cast<unsigned>(r.jobs);
  DeclaredInputs inputs;
  inputs.description(r.config, field_mark("config"));
  inputs.file(r.calibration, field_mark("calibration"));
  inputs.folder(r.traces_dir, field_mark("traces_dir"));
  refuse_overwriting_inputs(inputs, {{field_mark("out"), r.out}});
  ValidationReport built = build_validation_report(spec, load_config_or_builtin(r.config));
  return {r.out, built.img_dir, std::move(built)};
}

}  // namespace anesim::api
