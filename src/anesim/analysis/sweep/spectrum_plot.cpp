#include <anesim/analysis/sweep/spectrum_plot.h>

#include <fmt/format.h>

namespace anesim {

std::string spectrum_plot_script(const std::vector<SpectrumSeries>& series,
                                 const std::string& title, const std::string& xlabel,
                                 const std::string& ylabel, const std::string& key) {
  std::string blocks, plots;
  for (size_t i = 0; i < series.size(); ++i) {
    const Spectrum& sp = *series[i].spectrum;
    blocks += fmt::format("$f{} << EOD\n", i);
    for (size_t b = 0; b < sp.period.size(); ++b) {
      blocks += fmt::format("{} {}\n", sp.period[b], sp.magnitude[b] * series[i].scale);
    }
    blocks += "EOD\n";
    plots += fmt::format("{}$f{} using 1:2 with impulses lw 2 title '{}'",
                         plots.empty() ? "" : ", ", i, series[i].title);
  }
  return blocks + fmt::format(
                      "set title '{}'\nset xlabel '{}'\nset ylabel '{}'\nset logscale x 2\n"
                      "set grid\nset key {}\nplot {}\n",
                      title, xlabel, ylabel, key, plots);
}

}  // namespace anesim
