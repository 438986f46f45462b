// The sections of the validation report (docs/validation.md), one function
// each. A section runs its simulations, renders its plots and sets the
// template values it owns (validation_report.md.in); the targets it checks
// go to the summary at the top.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <anesim/analysis/report/template_text.h>
#include <sim/base/machine_config.h>

namespace anesim {

class OutputSet;

struct ReportContext {
  MachineConfig cfg;
  std::string config_path;  // "" for the built-in machine
  std::string traces_dir;
  std::string calibration_path;  // anesim calibrate --summary of the config
  std::string img_dir;           // where plots are written
  OutputSet* outputs = nullptr;  // every plot and the report, published together
  unsigned jobs = 2;
  std::vector<std::pair<std::string, std::string>> targets;  // (target, outcome)
};

// "met" or "**missed**".
std::string target_outcome(bool met);

void calibration_section(ReportContext& ctx, TemplateValues& v);
void replay_section(ReportContext& ctx, TemplateValues& v);
void notch_section(ReportContext& ctx, TemplateValues& v);
void cores_section(ReportContext& ctx, TemplateValues& v);
void spectrum_section(ReportContext& ctx, TemplateValues& v);
void split_section(ReportContext& ctx, TemplateValues& v);

}  // namespace anesim
