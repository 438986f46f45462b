#include <anesim/analysis/sweep/sweep_text.h>

#include <fmt/format.h>

#include <sim/ring/ring_variant.h>

namespace anesim {

const char* sweep_csv_columns() {
  return "axis,value,variant,k,x,cin,cout,lines_per_core,cores,split,base_line,time_us,gbps,"
         "ane_gbps,lines_prefetched,lines_demand,notch";
}

std::string sweep_csv_row(const SweepResult& r, const SweepRow& row) {
  const SimPointResult& s = row.result;
  return fmt::format("{},{},{},{},{},{},{},{},{},{},{},{:.4f},{:.4f},{:.4f},{},{},{}",
                     axis_name(r.spec.axis), row.value, variant_name(row.variant), s.k, s.x,
                     row.cin, row.cout, row.point.lines_per_core, row.point.cores, row.point.split,
                     row.point.base_line, s.time_us, s.gbps, row.ane_gbps, s.lines_prefetched,
                     s.lines_demand, s.notch ? 1 : 0);
}

std::string sweep_csv(const SweepResult& r) {
  std::string out = std::string(sweep_csv_columns()) + "\n";
  for (const SweepRow& row : r.rows) {
    out += sweep_csv_row(r, row) + "\n";
  }
  return out;
}

std::string sweep_text(const SweepResult& r) {
  std::string out =
      fmt::format("anesim sweep: {} over {} values, {} ({} points)\n", axis_name(r.spec.axis),
                  r.spec.values.size(), sweep_context(r), r.rows.size());
  out += fmt::format("ane_gbps = {} cores x lines per core x 64 B / simulated time\n", r.ane_cores);
  out += fmt::format("  {:>8} {:>3}", axis_name(r.spec.axis), "k");
  for (RingVariant v : r.spec.variants) {
    const std::string name = variant_name(v);
    out += fmt::format(" {:>12} {:>12}", name + " us", name + " GB/s");
  }
  out += "\n";
  const size_t nv = r.spec.variants.size();
  for (size_t i = 0; i + nv <= r.rows.size(); i += nv) {
    out += fmt::format("  {:>8} {:>3}", r.rows[i].value, r.rows[i].result.k);
    for (size_t j = 0; j < nv; ++j) {
      out +=
          fmt::format(" {:>12.2f} {:>12.2f}", r.rows[i + j].result.time_us, r.rows[i + j].ane_gbps);
    }
    out += "\n";
  }
  return out;
}

std::vector<SweepSpectrum> sweep_spectra(const SweepResult& r, bool linear_detrend) {
  std::vector<SweepSpectrum> out;
  for (uint32_t lap : r.spec.laps) {
    for (RingVariant v : r.spec.variants) {
      std::vector<double> values;
      for (const SweepRow* row : sweep_series(r, v, lap)) {
        values.push_back(row->ane_gbps);
      }
      SweepSpectrum s;
      s.variant = v;
      s.lap = lap;
      s.spectrum = dominant_period(values, static_cast<double>(r.spec.step), linear_detrend);
      out.push_back(s);
    }
  }
  return out;
}

std::string spectra_text(const SweepResult& r, const std::vector<SweepSpectrum>& spectra) {
  std::string out;
  for (const SweepSpectrum& s : spectra) {
    const Spectrum& sp = s.spectrum;
    const size_t n = r.spec.values.size();
    if (sp.dominant_bin == 0) {
      out += fmt::format("FFT {}: too few samples ({}) or a flat signal\n",
                         sweep_series_name(r, s.variant, s.lap), n);
      continue;
    }
    out += fmt::format(
        "FFT {}: {} samples of throughput vs {} every {}: dominant period {:.1f} "
        "(bin {}, neighbours {:.1f} and {:.1f}; peak {:.1f}x the next strongest bin)\n",
        sweep_series_name(r, s.variant, s.lap), n, axis_name(r.spec.axis), r.spec.step,
        sp.dominant_period, sp.dominant_bin,
        sp.dominant_bin + 1 <= n / 2 ? n * double(r.spec.step) / (sp.dominant_bin + 1) : 0.0,
        sp.dominant_bin > 1 ? n * double(r.spec.step) / (sp.dominant_bin - 1) : 0.0,
        peak_over_next(sp));
  }
  return out;
}

}  // namespace anesim
