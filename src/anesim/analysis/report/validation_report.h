// `anesim report`: regenerates docs/validation.md and its plots from the
// traces and from sweeps of the model. The document is generated, never
// edited by hand: `cmake --build build --target validation-report`. Its
// prose is the template validation_report.md.in; each section (sections.h)
// fills in its numbers.
#pragma once

#include <memory>
#include <string>

#include <anesim/io/output_set.h>
#include <sim/base/machine_config.h>

namespace anesim {

struct ValidationReportSpec {
  std::string out = "docs/validation.md";  // plots go to <dir of out>/img/
  std::string traces_dir = "traces/m3-air";
  std::string calibration_path = "configs/m3-air.calibration.json";  // calibrate --summary
  std::string config_path;                                           // "" for the built-in machine
  unsigned jobs = 2;
};

// The img/ folder a report created for its plots: removed again (and
// forgotten by the signal cleanup) unless the report is published.
struct CreatedDirectory {
  std::string path;  // "" when it existed already
  bool keep = false;
  ~CreatedDirectory();
};

// A report built: the document's text and its plots rendered under
// temporary names; nothing is published until publish_validation_report.
struct ValidationReport {
  std::string out, document, img_dir;
  std::shared_ptr<OutputSet> staged;       // the plots
  std::shared_ptr<CreatedDirectory> made;  // img/, when the report made it
};

// Runs every section; checks the outputs' folders first.
ValidationReport build_validation_report(const ValidationReportSpec& spec,
                                         const MachineConfig& cfg);
// The document and its plots published together, or none of them.
void publish_validation_report(const ValidationReport& report);

}  // namespace anesim
