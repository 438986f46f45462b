#include <algorithm>

#include <fmt/format.h>

#include <anesim/analysis/replay/replay.h>
#include <sim/ring/ring_variant.h>

namespace anesim {

namespace {

std::string size_text(const TraceRecord& r) {
  if (r.kind == RecordKind::kDecodeStep) {
    return fmt::format("step of {}", r.model);
  }
  if (r.cin != 0) {
    return fmt::format("D={} N={}", r.cin, r.cout);
  }
  return fmt::format("{} lines", r.lines_per_core);
}

Json stats_json(const ErrorStats& s) {
  Json j;
  // Each key as replay_stats_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) j[#key] = value;
#include <anesim/analysis/replay/replay_stats_keys.def>
#undef ANESIM_RESULT_KEY
  return j;
}

Json records_json(const ReplayResult& r) {
  Json records = Json::array();
  for (const ReplayRow& row : r.rows) {
    const TraceRecord& rec = row.record;
    Json j;
    // Each key as replay_record_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) j[#key] = value;
#include <anesim/analysis/replay/replay_record_keys.def>
#undef ANESIM_RESULT_KEY
    records.push_back(j);
  }
  return records;
}

Json curves_json(const ReplayResult& r) {
  Json curves = Json::array();
  for (const auto& [name, s] : r.curves) {
    Json c;
    // Each key as replay_curve_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) c[#key] = value;
#include <anesim/analysis/replay/replay_curve_keys.def>
#undef ANESIM_RESULT_KEY
    curves.push_back(c);
  }
  return curves;
}

}  // namespace

std::string format_replay_text(const ReplayResult& r) {
  std::string out = fmt::format("anesim replay: {} records, variant {}, config {}\n", r.rows.size(),
                                variant_name(r.variant), r.config);
  out += "error = (simulated - measured) / measured; measured = median of the record's samples\n";
  std::string file;
  for (const ReplayRow& row : r.rows) {
    if (row.file != file) {
      file = row.file;
      out += fmt::format("\n{}\n", file);
      out += fmt::format("  {:<20} {:>5} {:>18} {:>5} {:>12} {:>12} {:>8}\n", "curve", "cores",
                         "size", "split", "measured_us", "simulated_us", "error");
    }
    const TraceRecord& rec = row.record;
    out += fmt::format("  {:<20} {:>5} {:>18} {:>5} {:>12.2f} {:>12.2f} {:>+7.2f}%\n", rec.curve,
                       rec.cores, size_text(rec), rec.split, rec.median_us, row.simulated_us,
                       row.error_pct);
  }
  out += fmt::format("\n  {:<20} {:>7} {:>10} {:>8} {:>10}\n", "curve", "records", "mean_err",
                     "MAPE", "max|err|");
  for (const auto& [name, s] : r.curves) {
    out += fmt::format("  {:<20} {:>7} {:>+9.2f}% {:>7.2f}% {:>9.2f}%\n", name, s.records,
                       s.mean_pct, s.mape_pct, s.max_abs_pct);
  }
  out +=
      fmt::format("  {:<20} {:>7} {:>+9.2f}% {:>7.2f}% {:>9.2f}%\n", "overall", r.overall.records,
                  r.overall.mean_pct, r.overall.mape_pct, r.overall.max_abs_pct);
  return out;
}

Json replay_json(const ReplayResult& r) {
  Json j;
  // Each key as replay_json_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) j[#key] = value;
#include <anesim/analysis/replay/replay_json_keys.def>
#undef ANESIM_RESULT_KEY
  return j;
}

std::string format_replay_csv(const ReplayResult& r) {
  std::string out =
      "file,line,curve,cores,lines_per_core,cin,cout,split,base_line,measured_us,count,"
      "simulated_us,error_pct\n";
  for (const ReplayRow& row : r.rows) {
    const TraceRecord& rec = row.record;
    out += fmt::format("{},{},{},{},{},{},{},{},{},{:.4f},{},{:.4f},{:.3f}\n", row.file, rec.line,
                       rec.curve, rec.cores, rec.lines_per_core, rec.cin, rec.cout, rec.split,
                       rec.base_line, rec.median_us, rec.count, row.simulated_us, row.error_pct);
  }
  return out;
}

std::string replay_plot_script(const ReplayResult& r) {
  double hi = 0;
  for (const ReplayRow& row : r.rows) {
    hi = std::max({hi, row.record.median_us, row.simulated_us});
  }
  hi *= 1.1;
  std::string s;
  std::string plots = fmt::format("x title 'simulated = measured' lc rgb '#888888' dt 2");
  for (size_t c = 0; c < r.curves.size(); ++c) {
    s += fmt::format("$c{} << EOD\n", c);
    for (const ReplayRow& row : r.rows) {
      if (row.record.curve == r.curves[c].first) {
        s += fmt::format("{} {}\n", row.record.median_us, row.simulated_us);
      }
    }
    s += "EOD\n";
    plots += fmt::format(", $c{} using 1:2 with points pt {} ps 1.6 title '{} (MAPE {:.1f} %)'", c,
                         5 + 2 * static_cast<int>(c % 4), r.curves[c].first,
                         r.curves[c].second.mape_pct);
  }
  s += fmt::format(
      "set title 'Published M3 measurements vs anesim (variant {}, {})'\n"
      "set xlabel 'measured time (us, published)'\nset ylabel 'simulated time (us)'\n"
      "set grid\nset key left top\nset xrange [0:{:.0f}]\nset yrange [0:{:.0f}]\n"
      "set size square\nplot {}\n",
      variant_name(r.variant), r.config, hi, hi, plots);
  return s;
}

}  // namespace anesim
