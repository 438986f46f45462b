// `anesim report`: regenerates docs/validation.md and its plots from the
// traces and from sweeps of the model. The document is generated, never
// edited by hand: `cmake --build build --target validation-report`.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace anesim {

struct ReportOptions {
  std::string out = "docs/validation.md";  // plots go to <dir of out>/img/
  std::string traces_dir = "traces";
  std::string config;
  std::string jobs = "2";
};

CLI::App* add_report_command(CLI::App& app, ReportOptions& opt);
int report_command(const ReportOptions& opt);

// Notch analysis of one lap's x sweep (bug and fix at the same x values).
struct NotchFigures {
  int64_t centre_x = 0;          // x of the slowest bug point
  double floor_gbps = 0;         // bug throughput there
  double nominal_gbps = 0;       // fix throughput there
  int64_t recovery_left = 0;     // smallest |x| on the x < 0 side from which bug >= (1 - tol) fix
  int64_t recovery_right = 0;    // same on the x > 0 side
  bool recovered_left = false, recovered_right = false;
};
NotchFigures analyse_notch(const std::vector<int64_t>& x, const std::vector<double>& bug_gbps,
                           const std::vector<double>& fix_gbps, double tolerance);

}  // namespace anesim
