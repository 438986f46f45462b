// The split workaround at 1 MiB per core and its control at 1 MiB - 16 KiB,
// which the published data say gains nothing from the same split.
#include <fmt/format.h>

#include <anesim/analysis/report/sections.h>
#include <anesim/analysis/sweep/sweep.h>

namespace anesim {

void split_section(ReportContext& ctx, TemplateValues& v) {
  std::string rows;
  bool control_ok = true;
  for (uint32_t lines : {0x4000u, 0x3f00u}) {
    SweepSpec ss;
    ss.axis = SweepAxis::kSplit;
    ss.values = evenly_spaced(1, 4, 1);
    ss.lines = lines;
    ss.cores = 2;
    ss.variants = {RingVariant::kBug};
    ss.config = ctx.config_path;
    ss.jobs = ctx.jobs;
    const SweepResult sr = run_sweep(ss, ctx.cfg, "report: split");
    rows += fmt::format("| 0x{:x} |", lines);
    for (const SweepRow& row : sr.rows) {
      rows += fmt::format(" {:.2f} |", row.ane_gbps);
    }
    rows += "\n";
    if (lines == 0x3f00) {
      for (const SweepRow& row : sr.rows) {
        control_ok = control_ok && row.ane_gbps <= sr.rows[0].ane_gbps * 1.01;
      }
    }
  }
  v["split_rows"] = rows;
  ctx.targets.emplace_back("split control: 0x3f00 lines gains nothing from splitting (prediction)",
                           target_outcome(control_ok));
}

}  // namespace anesim
