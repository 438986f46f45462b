// Throughput against D at N = 4096 and its FFT: the write-up found a
// dominant period of D = 2048; the section shows when the model does too.
#include <algorithm>
#include <cmath>
#include <cstdlib>

#include <fmt/format.h>

#include <anesim/analysis/report/sections.h>
#include <anesim/analysis/stats/spectrum.h>
#include <anesim/analysis/sweep/spectrum_plot.h>
#include <anesim/analysis/sweep/sweep.h>
#include <anesim/analysis/sweep/sweep_plots.h>
#include <anesim/io/gnuplot_plot.h>
#include <sim/ring/ring_variant.h>

namespace anesim {

namespace {

struct FftCase {
  std::string aperture;
  const std::vector<double>* values;
  double step;
  bool linear;
  Spectrum spectrum;
};

// The floor at multiples of D = 2048 and the nominal level elsewhere.
void levels(const SweepResult& dr, TemplateValues& v) {
  double floor_lo = 1e9, floor_hi = 0, nom_lo = 1e9, nom_hi = 0;
  for (const SweepRow* row : sweep_series(dr, RingVariant::kBug, 0)) {
    if (row->value % 2048 == 0) {
      floor_lo = std::min(floor_lo, row->ane_gbps);
      floor_hi = std::max(floor_hi, row->ane_gbps);
    } else if (std::llabs(((row->value + 1024) % 2048) - 1024) >= 32) {
      nom_lo = std::min(nom_lo, row->ane_gbps);
      nom_hi = std::max(nom_hi, row->ane_gbps);
    }
  }
  v["floor_lo"] = fmt::format("{:.1f}", floor_lo);
  v["floor_hi"] = fmt::format("{:.1f}", floor_hi);
  v["nominal_lo"] = fmt::format("{:.1f}", nom_lo);
  v["nominal_hi"] = fmt::format("{:.1f}", nom_hi);
}

}  // namespace

void spectrum_section(ReportContext& ctx, TemplateValues& v) {
  SweepSpec ds;
  ds.axis = SweepAxis::kCin;
  ds.step = 16;
  ds.values = evenly_spaced(2048, 10224, ds.step);
  ds.cout = 4096;
  ds.cores = 1;
  ds.config = ctx.config_path;
  ds.jobs = ctx.jobs;
  const SweepResult dr = run_sweep(ds, ctx.cfg, "report: D sweep");
  render_plot(*ctx.outputs, ctx.img_dir + "/gbps-vs-d.svg", sweep_plot_throughput(dr));
  // The bug variant's throughput, densely (every 16) and at the write-up's
  // density (every 8th sample: 64 values, the write-up had 67).
  std::vector<double> dense, sparse;
  for (const SweepRow* row : sweep_series(dr, RingVariant::kBug, 0)) {
    dense.push_back(row->ane_gbps);
    if ((row->value - 2048) % 128 == 0) {
      sparse.push_back(row->ane_gbps);
    }
  }
  SweepSpec wide = ds;
  wide.step = 64;
  wide.values = evenly_spaced(64, 8192, wide.step);
  wide.variants = {RingVariant::kBug};
  const SweepResult wr = run_sweep(wide, ctx.cfg, "report: wide D sweep");
  std::vector<double> wide_v;
  for (const SweepRow& row : wr.rows) {
    wide_v.push_back(row.ane_gbps);
  }
  std::vector<FftCase> cases = {
      {"2048..10112", &sparse, 128, false, {}}, {"2048..10112", &sparse, 128, true, {}},
      {"2048..10224", &dense, 16, false, {}},   {"2048..10224", &dense, 16, true, {}},
      {"64..8192", &wide_v, 64, false, {}},     {"64..8192", &wide_v, 64, true, {}}};
  std::string rows;
  for (FftCase& c : cases) {
    c.spectrum = dominant_period(*c.values, c.step, c.linear);
    rows += fmt::format("| {} | {} | {:.0f} | {} | **{:.0f}** | {:.2f} |\n", c.aperture,
                        c.values->size(), c.step, c.linear ? "line" : "mean",
                        c.spectrum.dominant_period, peak_over_next(c.spectrum));
  }
  v["d_values"] = fmt::format("{}", dr.spec.values.size());
  v["fft_rows"] = rows;

  std::vector<SpectrumSeries> shown;
  for (size_t i : {size_t{0}, size_t{2}}) {
    shown.push_back(
        {fmt::format("{}, {} samples, step {:.0f}, mean removed", variant_name(RingVariant::kBug),
                     cases[i].values->size(), cases[i].step),
         &cases[i].spectrum, 1.0 / static_cast<double>(cases[i].values->size())});
  }
  render_plot(*ctx.outputs, ctx.img_dir + "/spectrum-vs-d.svg",
              spectrum_plot_script(shown, "Spectrum of throughput vs D (N = 4096, D = 2048..10224)",
                                   "period (D units)", "|FFT| / samples (GB/s)", "top left"));
  levels(dr, v);

  const double bug_period = cases[0].spectrum.dominant_period;
  ctx.targets.emplace_back(
      "FFT dominant period 2048 at N = 4096",
      fmt::format("{:.0f} at the write-up's density (64 samples, D = 2048..10112): {}; {:.0f} "
                  "with 512 samples and the mean removed, {:.0f} with a line removed (see the "
                  "FFT section)",
                  bug_period, target_outcome(std::fabs(bug_period - 2048) < 1),
                  cases[2].spectrum.dominant_period, cases[3].spectrum.dominant_period));
}

}  // namespace anesim
