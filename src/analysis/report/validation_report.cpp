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

std::string write_validation_report(const ValidationReportSpec& spec, const MachineConfig& cfg) {
  check_writable_directory(spec.out);
  ReportContext ctx;
  ctx.cfg = cfg;
  ctx.config_path = spec.config_path;
  ctx.traces_dir = spec.traces_dir;
  ctx.calibration_path = spec.calibration_path;
  ctx.jobs = spec.jobs;
  ctx.img_dir = parent_directory(spec.out) + "/img";
  // A report that fails leaves nothing: no plot, and no img/ it created.
  struct CreatedDirectory {
    std::string path;
    bool keep = false;
    ~CreatedDirectory() {
      if (!keep && !path.empty()) {
        rmdir(path.c_str());
      }
      unregister_leftover(path);
    }
  } created;
  if (mkdir(ctx.img_dir.c_str(), 0777) == 0) {
    created.path = ctx.img_dir;
    register_leftover(created.path, Leftover::kDirectory);  // a signal removes it too
  }
  check_writable_directory(ctx.img_dir + "/x.svg");
  OutputSet outputs;
  ctx.outputs = &outputs;

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
  outputs.add_text(spec.out, fill_template(kValidationReportTemplate, v));
  outputs.commit();
  created.keep = true;
  return ctx.img_dir;
}

}  // namespace anesim
