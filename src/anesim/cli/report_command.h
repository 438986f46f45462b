// `anesim report`: regenerates docs/validation.md and its plots
// (src/anesim/analysis/report/validation_report.h).
#pragma once

#include <CLI/CLI.hpp>

#include <anesim/cli/field_options.h>

namespace anesim {

struct ReportOptions {
  FieldTexts fields;  // the rows of src/anesim/api/report_fields.def
};

CLI::App* add_report_command(CLI::App& app, ReportOptions& opt);
int report_command(const ReportOptions& opt);

}  // namespace anesim
