// `anesim report`: regenerates docs/validation.md and its plots
// (src/anesim/analysis/report/validation_report.h).
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace anesim {

struct ReportOptions {
  std::string out = "docs/validation.md";
  std::string traces_dir = "traces/m3-air";
  std::string calibration = "configs/m3-air.calibration.json";
  std::string config;
  std::string jobs = "2";
};

CLI::App* add_report_command(CLI::App& app, ReportOptions& opt);
int report_command(const ReportOptions& opt);

}  // namespace anesim
