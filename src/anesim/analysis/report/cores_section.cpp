// Core-count invariance: simulated time against active cores at D = 2016
// and D = 2048 (published: constant from 1 to 16 cores).
#include <algorithm>

#include <fmt/format.h>

#include <anesim/analysis/report/sections.h>
#include <anesim/analysis/sweep/sweep.h>
#include <sim/core/workload.h>

namespace anesim {

void cores_section(ReportContext& ctx, TemplateValues& v) {
  SweepSpec cs;
  cs.axis = SweepAxis::kCores;
  cs.values = evenly_spaced(1, 16, 1);
  cs.variants = {RingVariant::kBug};
  cs.config = ctx.config_path;
  cs.jobs = ctx.jobs;
  std::string rows;
  bool cores_ok = true;
  for (uint64_t d : {2016u, 2048u}) {
    cs.cin = d;
    cs.cout = 4096;
    cs.lines = static_cast<uint32_t>(lines_for_shape(d, 4096));
    const SweepResult cr = run_sweep(cs, ctx.cfg, fmt::format("report: cores D={}", d));
    const double one = cr.rows[0].result.time_us;
    double lo = one, hi = one;
    for (const SweepRow& row : cr.rows) {
      lo = std::min(lo, row.result.time_us);
      hi = std::max(hi, row.result.time_us);
    }
    const double dev = 100.0 * std::max(hi - one, one - lo) / one;
    cores_ok = cores_ok && dev <= 5.0;
    rows += fmt::format("| {} | {:.2f} | {:.2f} | {:.2f} | {:.3f} % | {} |\n", d, one, lo, hi, dev,
                        target_outcome(dev <= 5.0));
  }
  v["cores_rows"] = rows;
  ctx.targets.emplace_back("time within 5 % from 1 to 16 cores (D = 2016, 2048)",
                           target_outcome(cores_ok));
}

}  // namespace anesim
