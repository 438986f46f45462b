// Replay of every trace in the traces directory (variant bug), and where the
// published runs of the same transfer disagree with each other.
#include <dirent.h>

#include <algorithm>

#include <fmt/format.h>

#include <anesim/analysis/replay/replay.h>
#include <anesim/analysis/report/sections.h>
#include <anesim/io/errors.h>
#include <anesim/io/gnuplot_plot.h>
#include <anesim/io/text_functions.h>

namespace anesim {

namespace {

constexpr double kMapeTarget = 10.0;
constexpr double kMapeAim = 5.0;

std::vector<std::string> trace_files(const std::string& dir) {
  std::vector<std::string> files;
  DIR* d = opendir(dir.c_str());
  if (d == nullptr) {
    throw UsageError(fmt::format("--traces-dir: cannot open '{}'", printable_whole(dir)));
  }
  while (dirent* e = readdir(d)) {
    const std::string name = e->d_name;
    if (name.size() > 4 && ends_with(name, ".csv")) {
      files.push_back(dir + "/" + name);
    }
  }
  closedir(d);
  std::sort(files.begin(), files.end());
  return files;
}

std::string measured_text(const TraceRecord& r) {
  if (!r.samples_us.empty()) {
    return fmt::format("median of {} replicas", r.samples_us.size());
  }
  return r.count != 0 ? fmt::format("published median of {} runs", r.count)
                      : std::string("published figure");
}

std::string record_tables(const ReplayResult& rep) {
  std::string md, file;
  for (const ReplayRow& row : rep.rows) {
    if (row.file != file) {
      file = row.file;
      md += fmt::format("\n### `{}`\n\n", file);
      md +=
          "| line | curve | cores | size | split | measured us (median) | simulated us | "
          "error |\n|---|---|---|---|---|---|---|---|\n";
    }
    const TraceRecord& r = row.record;
    md += fmt::format("| {} | {} | {} | {} | {} | {:.2f} ({}) | {:.2f} | {:+.2f} % |\n", r.line,
                      r.curve, r.cores,
                      r.cin != 0 ? fmt::format("D = {}, N = {}", r.cin, r.cout)
                                 : fmt::format("0x{:x} lines", r.lines_per_core),
                      r.split, r.median_us, measured_text(r), row.simulated_us, row.error_pct);
  }
  return md;
}

std::string curve_rows(const ReplayResult& rep, ReportContext& ctx) {
  std::string md;
  for (const auto& [name, s] : rep.curves) {
    const bool met = s.mape_pct <= kMapeTarget;
    md += fmt::format("| {} | {} | {:+.2f} % | {:.2f} % | {:.2f} % | {}{} |\n", name, s.records,
                      s.mean_pct, s.mape_pct, s.max_abs_pct, target_outcome(met),
                      s.mape_pct <= kMapeAim ? ", within the 5 % aim" : ", above the 5 % aim");
    ctx.targets.emplace_back(fmt::format("MAPE <= 10 % on curve {}", name),
                             fmt::format("{:.2f} %: {}", s.mape_pct, target_outcome(met)));
  }
  md += fmt::format("| overall | {} | {:+.2f} % | {:.2f} % | {:.2f} % | {} |\n",
                    rep.overall.records, rep.overall.mean_pct, rep.overall.mape_pct,
                    rep.overall.max_abs_pct, target_outcome(rep.overall.mape_pct <= kMapeTarget));
  return md;
}

// The same 1 MiB-per-core transfer, timed three times in the write-up.
void disagreement(const ReplayResult& rep, TemplateValues& v) {
  double table2048 = 0, m2_2048 = 0, split1 = 0;
  for (const ReplayRow& row : rep.rows) {
    const TraceRecord& r = row.record;
    if (r.cin == 2048 && r.cout == 4096 && r.split == 1) {
      (r.samples_us.empty() ? m2_2048 : table2048) = r.median_us;
    }
    if (r.cin == 0 && r.lines_per_core == 0x4000 && r.split == 1) {
      split1 = r.median_us;
    }
  }
  const double lo = std::min({table2048, m2_2048, split1});
  const double hi = std::max({table2048, m2_2048, split1});
  v["table_2048_us"] = fmt::format("{:.2f}", table2048);
  v["m2_2048_us"] = fmt::format("{:.2f}", m2_2048);
  v["split1_us"] = fmt::format("{:.2f}", split1);
  v["spread_pct"] = fmt::format("{:.1f}", 100.0 * (hi - lo) / lo);
  v["half_spread_pct"] = fmt::format("{:.1f}", 50.0 * (hi - lo) / lo);
  // The D table's widest replica spread (D = 1280), from the published table.
  v["replica_spread_pct"] = fmt::format("{:.1f}", 100.0 * (293.8 - 275.2) / 275.2);
}

}  // namespace

void replay_section(ReportContext& ctx, TemplateValues& v) {
  std::vector<Trace> traces;
  for (const std::string& f : trace_files(ctx.traces_dir)) {
    traces.push_back(read_trace_file(f));
  }
  // Said here, by name: otherwise the first sign is gnuplot refusing an empty plot.
  if (traces.empty()) {
    throw UsageError(fmt::format("--traces-dir: '{}' holds no trace files (*.csv)",
                                 printable_whole(ctx.traces_dir)));
  }
  refuse_repeated_records(traces);
  const ReplayResult rep = replay_traces(traces, RingVariant::kBug, ctx.cfg, ctx.config_path,
                                         ctx.jobs, "report: replay");
  v["replay_tables"] = record_tables(rep);
  v["replay_curves"] = curve_rows(rep, ctx);
  render_plot(*ctx.outputs, ctx.img_dir + "/replay.svg", replay_plot_script(rep));
  disagreement(rep, v);
}

}  // namespace anesim
