#include <anesim/analysis/report/validation_report.h>

#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include <anesim/analysis/report/sections.h>
#include <anesim/analysis/report/validation_template.h>
#include <anesim/io/atomic_output.h>
#include <anesim/io/output_set.h>
#include <anesim/io/signal_cleanup.h>

namespace anesim {

std::string target_outcome(bool met) { return met ? "met" : "**missed**"; }

namespace {

std::string target_rows(const ReportContext& ctx) {
  std::string rows;
  for (const auto& [target, outcome] : ctx.targets) {
    rows += fmt::format("| {} | {} |\n", target, outcome);
  }
  return rows;
}

}  // namespace

CreatedDirectory::~CreatedDirectory() {
  if (!keep && !path.empty()) {
    rmdir(path.c_str());
  }
  unregister_leftover(path);
}

ValidationReport build_validation_report(const ValidationReportSpec& spec,
                                         const MachineConfig& cfg) {
  check_writable_directory(spec.out);
  ValidationReport report;
  report.out = spec.out;
  ReportContext ctx;
  ctx.cfg = cfg;
  ctx.config_path = spec.config_path;
  ctx.traces_dir = spec.traces_dir;
  ctx.calibration_path = spec.calibration_path;
  ctx.jobs = spec.jobs;
  ctx.img_dir = parent_directory(spec.out) + "/img";
  report.img_dir = ctx.img_dir;
  // A report that fails leaves nothing: no plot, and no img/ it created.
  report.made = std::make_shared<CreatedDirectory>();
  if (mkdir(ctx.img_dir.c_str(), 0777) == 0) {
    report.made->path = ctx.img_dir;
    register_leftover(ctx.img_dir, Leftover::kDirectory);  // a signal removes it too
  }
  check_writable_directory(ctx.img_dir + "/x.svg");
  report.staged = std::make_shared<OutputSet>();
  ctx.outputs = report.staged.get();

  TemplateValues v;
  v["out"] = spec.out;
  v["traces_dir"] = spec.traces_dir;
  v["config"] = cfg.source;
  v["img"] = "img";
  calibration_section(ctx, v);
  replay_section(ctx, v);
  notch_section(ctx, v);
  cores_section(ctx, v);
  spectrum_section(ctx, v);
  split_section(ctx, v);
  v["targets"] = target_rows(ctx);
  report.document = fill_template(kValidationReportTemplate, v);
  return report;
}

void publish_validation_report(const ValidationReport& report) {
  report.staged->add_text(report.out, report.document);
  report.staged->commit();
  report.made->keep = true;
}

}  // namespace anesim
