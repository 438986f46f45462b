// The per-line latency breakdown of a run as people and programs read it:
// a small table for the summary, the `latency` object of --json, the
// --line-log CSV and the --plot-latency histogram.
#pragma once

#include <string>
#include <vector>

#include <anesim/io/json.h>
#include <sim/core/line_latency.h>

namespace anesim {

// The summary's table: one row per path, total then stage means.
std::string latency_table(const LatencyStats& s);
// {"prefetch": {...}, "demand": {...}}, each with lines, mean_cycles,
// p50_cycles, p99_cycles and stages (name -> mean cycles); zeros for a path
// without lines.
Json latency_json(const LatencyStats& s);
// The line log as CSV: a header, then one row per line (docs/cli.md).
std::string line_log_csv(const std::vector<LineRecord>& lines);
// A gnuplot script (for render_plot) of both paths' latency histograms.
std::string latency_plot_script(const LatencyStats& s);

}  // namespace anesim
