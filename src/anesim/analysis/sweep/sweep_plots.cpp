#include <anesim/analysis/sweep/sweep_plots.h>

#include <fmt/format.h>

#include <anesim/analysis/sweep/spectrum_plot.h>
#include <sim/ring/ring_variant.h>

namespace anesim {

namespace {

// One datablock per series; returns the plot clauses.
std::string series_blocks(const SweepResult& r, bool time, std::string& blocks) {
  std::string plots;
  int index = 0;
  for (uint32_t lap : r.spec.laps) {
    for (RingVariant v : r.spec.variants) {
      blocks += fmt::format("$s{} << EOD\n", index);
      for (const SweepRow* row : sweep_series(r, v, lap)) {
        blocks += fmt::format("{} {}\n", row->value, time ? row->result.time_us : row->ane_gbps);
      }
      blocks += "EOD\n";
      plots += fmt::format("{}$s{} using 1:2 with linespoints pt {} ps 0.6 lw 1.5 {} title '{}'",
                           plots.empty() ? "" : ", ", index, 5 + index % 6,
                           // A variant that never starves is drawn dashed: the reference curve.
                           never_starves(variant_info(v)) ? "dt 2" : "dt 1",
                           sweep_series_name(r, v, lap));
      ++index;
    }
  }
  return plots;
}

}  // namespace

std::string sweep_plot_throughput(const SweepResult& r) {
  std::string blocks;
  const std::string plots = series_blocks(r, false, blocks);
  return blocks + fmt::format(
                      "set title 'anesim sweep: throughput vs {} ({})'\nset xlabel '{}'\n"
                      "set ylabel 'throughput (GB/s, {} cores x per-core bytes / time)'\n"
                      "set grid\nset key outside right\nset yrange [0:*]\nplot {}\n",
                      axis_name(r.spec.axis), sweep_context(r), axis_label(r.spec.axis),
                      r.ane_cores, plots);
}

std::string sweep_plot_time(const SweepResult& r) {
  std::string blocks;
  const std::string plots = series_blocks(r, true, blocks);
  return blocks + fmt::format(
                      "set title 'anesim sweep: time vs {} ({})'\nset xlabel '{}'\n"
                      "set ylabel 'simulated time (us)'\nset grid\nset key outside right\n"
                      "set yrange [0:*]\nplot {}\n",
                      axis_name(r.spec.axis), sweep_context(r), axis_label(r.spec.axis), plots);
}

std::string sweep_spectrum_plot(const SweepResult& r, const std::vector<SweepSpectrum>& spectra) {
  std::vector<SpectrumSeries> series;
  for (const SweepSpectrum& s : spectra) {
    series.push_back({sweep_series_name(r, s.variant, s.lap), &s.spectrum, 1.0});
  }
  const std::string axis = axis_name(r.spec.axis);
  return spectrum_plot_script(
      series, fmt::format("Spectrum of throughput vs {} ({})", axis, sweep_context(r)),
      fmt::format("period ({} units)", axis), "|FFT| (GB/s, mean removed)", "outside right");
}

}  // namespace anesim
