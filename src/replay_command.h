// `anesim replay FILE...`: simulates every record of device traces
// (docs/trace-format.md) and compares measured with simulated time.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <utility>
#include <vector>

#include "src/trace_reader.h"

namespace anesim {

struct ReplayOptions {
  std::vector<std::string> files;
  std::string variant = "bug";
  std::string config;
  bool json = false;
  std::string csv;
  std::string plot;
  std::string max_mape;
  std::string jobs = "2";
};

struct ErrorStats {
  size_t records = 0;
  double mean_pct = 0;     // signed mean of (simulated - measured) / measured
  double mape_pct = 0;     // mean of |error|
  double max_abs_pct = 0;  // largest |error|
};
ErrorStats error_stats(const std::vector<double>& errors_pct);

struct ReplayRow {
  std::string file;
  TraceRecord record;
  double simulated_us = 0;
  double error_pct = 0;  // (simulated - measured) / measured * 100
};

struct ReplayResult {
  std::string variant;
  std::string config;  // the config's name, for reports
  std::vector<ReplayRow> rows;
  std::vector<std::pair<std::string, ErrorStats>> curves;  // in order of first appearance
  ErrorStats overall;
};

// Simulates every record of `traces` (each in a child process, `jobs` at a
// time). Throws TraceError when a record cannot run on the config (too many
// cores) and std::runtime_error when a simulation fails.
ReplayResult replay_traces(const std::vector<Trace>& traces, const std::string& variant,
                           const std::string& config_path, unsigned jobs,
                           const std::string& progress_label);

std::string format_replay_text(const ReplayResult& r);
std::string format_replay_json(const ReplayResult& r);
std::string format_replay_csv(const ReplayResult& r);
// gnuplot script body: measured vs simulated, one point set per curve.
std::string replay_plot_script(const ReplayResult& r);

CLI::App* add_replay_command(CLI::App& app, ReplayOptions& opt);
int replay_command(const ReplayOptions& opt);

}  // namespace anesim
