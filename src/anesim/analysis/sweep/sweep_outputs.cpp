#include <anesim/analysis/sweep/sweep_outputs.h>

#include <cstdio>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include <anesim/analysis/sweep/sweep_plots.h>
#include <anesim/analysis/sweep/sweep_text.h>
#include <anesim/io/atomic_output.h>
#include <anesim/io/errors.h>
#include <anesim/io/gnuplot_plot.h>
#include <anesim/io/output_set.h>
#include <anesim/io/text_functions.h>

namespace anesim {

void check_sweep_outputs(const SweepOutputs& o) {
  if (!o.plot_spectrum.empty() && !o.fft) {
    throw FieldError("plot_spectrum", field_mark("plot_spectrum") + ": needs " + field_mark("fft"));
  }
  const std::pair<const std::string*, const char*> plots[] = {
      {&o.plot, "plot"}, {&o.plot_time, "plot_time"}, {&o.plot_spectrum, "plot_spectrum"}};
  for (const auto& [p, field] : plots) {
    if (!p->empty() && !plot_extension_ok(*p)) {
      throw FieldError(
          field, fmt::format("{}: '{}' must end in .png or .svg", field_mark(field), value_mark()),
          printable(*p, 80));
    }
  }
  for (const std::string* p : {&o.csv, &o.plot, &o.plot_time, &o.plot_spectrum}) {
    if (!p->empty()) {
      check_writable_directory(*p);
    }
  }
}

void write_sweep_outputs(const SweepResult& r, const SweepOutputs& o) {
  std::string text = sweep_text(r);
  std::vector<SweepSpectrum> spectra;
  if (o.fft) {
    spectra = sweep_spectra(r, o.linear_detrend);
    text += spectra_text(r, spectra);
  }
  std::fputs(text.c_str(), stdout);
  std::fflush(stdout);
  OutputSet outputs;  // all or none
  if (!o.csv.empty()) {
    outputs.add_text(o.csv, sweep_csv(r));
  }
  if (!o.plot.empty()) {
    render_plot(outputs, o.plot, sweep_plot_throughput(r));
  }
  if (!o.plot_time.empty()) {
    render_plot(outputs, o.plot_time, sweep_plot_time(r));
  }
  if (!o.plot_spectrum.empty()) {
    render_plot(outputs, o.plot_spectrum, sweep_spectrum_plot(r, spectra));
  }
  outputs.commit();
}

}  // namespace anesim
