#include "src/replay_command.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>

#include <fmt/format.h>

#include "sim/atomic_output.h"
#include "sim/prefetch_ring.h"
#include "src/cli_options.h"
#include "src/config_loader.h"
#include "src/count_parser.h"
#include "src/exit_codes.h"
#include "src/gnuplot_plot.h"
#include "src/json_text.h"
#include "src/sim_points.h"

namespace anesim {

namespace {

std::string size_text(const TraceRecord& r) {
  if (r.cin != 0) return fmt::format("D={} N={}", r.cin, r.cout);
  return fmt::format("{} lines", r.lines_per_core);
}

std::string stats_json(const ErrorStats& s) {
  return fmt::format(
      "{{\"records\": {}, \"mean_error_pct\": {:.3f}, \"mape_pct\": {:.3f}, "
      "\"max_abs_error_pct\": {:.3f}}}",
      s.records, s.mean_pct, s.mape_pct, s.max_abs_pct);
}

}  // namespace

ErrorStats error_stats(const std::vector<double>& errors_pct) {
  ErrorStats s;
  s.records = errors_pct.size();
  if (errors_pct.empty()) return s;
  for (double e : errors_pct) {
    s.mean_pct += e;
    s.mape_pct += std::fabs(e);
    s.max_abs_pct = std::max(s.max_abs_pct, std::fabs(e));
  }
  s.mean_pct /= errors_pct.size();
  s.mape_pct /= errors_pct.size();
  return s;
}

ReplayResult replay_traces(const std::vector<Trace>& traces, const std::string& variant,
                           const std::string& config_path, unsigned jobs,
                           const std::string& progress_label) {
  const ModelConfig cfg = load_config_or_builtin(config_path);
  ReplayResult result;
  result.variant = variant;
  result.config = cfg.source;
  std::vector<SimPoint> points;
  for (const Trace& t : traces) {
    for (const TraceRecord& rec : t.records) {
      if (rec.cores > cfg.ane.cores) {
        throw TraceError(fmt::format("{}:{}: cores: {} is more than the {} cores of {}", t.path,
                                     rec.line, rec.cores, cfg.ane.cores, cfg.source));
      }
      SimPoint p;
      p.variant = variant;
      p.cores = rec.cores;
      p.lines_per_core = rec.lines_per_core;
      p.split = rec.split;
      p.base_line = rec.base_line;
      points.push_back(p);
      ReplayRow row;
      row.file = t.path;
      row.record = rec;
      result.rows.push_back(row);
    }
  }
  const std::vector<SimPointResult> sims =
      simulate_points(points, config_path, jobs, progress_label);
  std::map<std::string, std::vector<double>> by_curve;
  std::vector<double> all;
  for (size_t i = 0; i < sims.size(); ++i) {
    ReplayRow& row = result.rows[i];
    if (!sims[i].ok) {
      throw std::runtime_error(fmt::format("{}:{}: the simulation of this record failed: {}",
                                           row.file, row.record.line, sims[i].error));
    }
    row.simulated_us = sims[i].time_us;
    row.error_pct = (row.simulated_us - row.record.median_us) / row.record.median_us * 100.0;
    if (by_curve.count(row.record.curve) == 0) {
      result.curves.emplace_back(row.record.curve, ErrorStats{});
    }
    by_curve[row.record.curve].push_back(row.error_pct);
    all.push_back(row.error_pct);
  }
  for (auto& [name, stats] : result.curves) {
    stats = error_stats(by_curve[name]);
  }
  result.overall = error_stats(all);
  return result;
}

std::string format_replay_text(const ReplayResult& r) {
  std::string out = fmt::format("anesim replay: {} records, variant {}, config {}\n",
                                r.rows.size(), r.variant, r.config);
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
  out += fmt::format("  {:<20} {:>7} {:>+9.2f}% {:>7.2f}% {:>9.2f}%\n", "overall",
                     r.overall.records, r.overall.mean_pct, r.overall.mape_pct,
                     r.overall.max_abs_pct);
  return out;
}

std::string format_replay_json(const ReplayResult& r) {
  std::string records;
  for (const ReplayRow& row : r.rows) {
    const TraceRecord& rec = row.record;
    records += fmt::format(
        "{}\n    {{\"file\": {}, \"line\": {}, \"curve\": {}, \"cores\": {}, \"lines_per_core\": "
        "{}, \"cin\": {}, \"cout\": {}, \"split\": {}, \"base_line\": {}, \"measured_us\": {:.4f}, "
        "\"count\": {}, \"simulated_us\": {:.4f}, \"error_pct\": {:.3f}}}",
        records.empty() ? "" : ",", json_string(row.file), rec.line, json_string(rec.curve),
        rec.cores, rec.lines_per_core, rec.cin, rec.cout, rec.split, rec.base_line, rec.median_us,
        rec.count, row.simulated_us, row.error_pct);
  }
  std::string curves;
  for (const auto& [name, s] : r.curves) {
    curves += fmt::format("{}\n    {{\"curve\": {}, \"stats\": {}}}", curves.empty() ? "" : ",",
                          json_string(name), stats_json(s));
  }
  return fmt::format(
      "{{\"variant\": {}, \"config\": {},\n  \"records\": [{}],\n  \"curves\": [{}],\n  "
      "\"overall\": {}}}\n",
      json_string(r.variant), json_string(r.config), records, curves, stats_json(r.overall));
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
      r.variant, r.config, hi, hi, plots);
  return s;
}

CLI::App* add_replay_command(CLI::App& app, ReplayOptions& opt) {
  CLI::App* cmd = app.add_subcommand(
      "replay", "simulate every record of device traces and compare measured with simulated time");
  cmd->add_option("files", opt.files, "trace files (docs/trace-format.md)")->required();
  cmd->add_option("--variant", opt.variant, "ring variant (default bug)");
  add_config_option(*cmd, opt.config);
  cmd->add_flag("--json", opt.json, "print one JSON object instead of the tables");
  cmd->add_option("--csv", opt.csv, "also write the per-record comparison as CSV")->check(file_name_check());
  cmd->add_option("--plot", opt.plot, "also plot measured vs simulated (.png or .svg, gnuplot)")->check(file_name_check());
  cmd->add_option("--max-mape", opt.max_mape,
                  "exit 6 when the overall MAPE exceeds P percent");
  cmd->add_option("-j,--jobs", opt.jobs, "simulations run in parallel (default 2)");
  return cmd;
}

int replay_command(const ReplayOptions& opt) {
  parse_variant_option(opt.variant, "--variant");
  const unsigned jobs = static_cast<unsigned>(parse_count(opt.jobs, "--jobs", 1, 256));
  double max_mape = -1;
  if (!opt.max_mape.empty()) {
    char* end = nullptr;
    max_mape = std::strtod(opt.max_mape.c_str(), &end);
    if (end == opt.max_mape.c_str() || *end != '\0' || !std::isfinite(max_mape) || max_mape < 0) {
      throw UsageError(fmt::format("--max-mape: '{}' is not a percentage >= 0", opt.max_mape));
    }
  }
  if (!opt.plot.empty() && !plot_extension_ok(opt.plot)) {
    throw UsageError(fmt::format("--plot: '{}' must end in .png or .svg", opt.plot));
  }
  // Fail on unwritable outputs before spending time simulating.
  if (!opt.csv.empty()) check_writable_directory(opt.csv);
  if (!opt.plot.empty()) check_writable_directory(opt.plot);
  if (!opt.config.empty()) load_config_file(opt.config);  // a bad config exits 3 up front

  std::vector<Trace> traces;
  for (const std::string& f : opt.files) {
    traces.push_back(read_trace_file(f));
  }
  const ReplayResult r = replay_traces(traces, opt.variant, opt.config, jobs, "replay");
  const std::string text = opt.json ? format_replay_json(r) : format_replay_text(r);
  std::fputs(text.c_str(), stdout);
  std::fflush(stdout);
  if (!opt.csv.empty()) write_file_atomically(opt.csv, format_replay_csv(r));
  if (!opt.plot.empty()) render_plot(opt.plot, replay_plot_script(r));
  if (max_mape >= 0 && r.overall.mape_pct > max_mape) {
    std::fprintf(stderr, "anesim: error: overall MAPE %.2f %% exceeds --max-mape %s %%\n",
                 r.overall.mape_pct, opt.max_mape.c_str());
    return kExitValidation;
  }
  return kExitOk;
}

}  // namespace anesim
