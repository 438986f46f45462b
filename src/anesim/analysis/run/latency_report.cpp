#include <anesim/analysis/run/latency_report.h>

#include <fmt/format.h>

namespace anesim {

namespace {

struct NamedPath {
  const char* name;
  const PathLatency* path;
};

std::vector<NamedPath> paths_of(const LatencyStats& s) {
  return {{"prefetch", &s.prefetch}, {"demand", &s.demand}};
}

// Row titles for the summary; same order as kLineStageNames.
constexpr std::array<const char*, kLineStages> kStageTitles = {
    "credit/port wait",      "fabric", "controller queue",
    "DRAM, command to data", "return", "KMem to retire"};

}  // namespace

std::string latency_table(const LatencyStats& s) {
  // Paths as columns keeps the table narrow whatever the stage names.
  const std::vector<NamedPath> paths = paths_of(s);
  std::string out = fmt::format("  latency          {:<25}", "cycles, request to retire");
  for (const NamedPath& p : paths) {
    out += fmt::format("{:>10}", p.name);
  }
  out += "\n";
  const auto row = [&](const std::string& title, auto value) {
    out += fmt::format("    {:<39}", title);
    for (const NamedPath& p : paths) {
      out += value(*p.path);
    }
    out += "\n";
  };
  row("lines", [](const PathLatency& p) { return fmt::format("{:>10}", p.lines); });
  row("mean", [](const PathLatency& p) { return fmt::format("{:>10.1f}", p.mean()); });
  row("p50", [](const PathLatency& p) { return fmt::format("{:>10}", p.histogram.quantile(0.5)); });
  row("p99",
      [](const PathLatency& p) { return fmt::format("{:>10}", p.histogram.quantile(0.99)); });
  for (size_t i = 0; i < kLineStages; ++i) {
    row(fmt::format("  {} (mean)", kStageTitles[i]),
        [i](const PathLatency& p) { return fmt::format("{:>10.1f}", p.stage_mean(i)); });
  }
  return out;
}

Json latency_json(const LatencyStats& s) {
  // Each stage's mean, by its name.
  const auto stages_json = [](const PathLatency& p) {
    Json stages = Json::object();
    for (size_t i = 0; i < kLineStages; ++i) {
      stages[kLineStageNames[i]] = rounded(p.stage_mean(i), 4);
    }
    return stages;
  };
  Json j = Json::object();
  for (const NamedPath& named : paths_of(s)) {
    const PathLatency& p = *named.path;
    Json path;
    // Each key as latency_path_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) path[#key] = value;
#include <anesim/analysis/run/latency_path_keys.def>
#undef ANESIM_RESULT_KEY
    j[named.name] = path;
  }
  return j;
}

std::string line_log_csv(const std::vector<LineRecord>& lines) {
  std::string out = "core,line,path";
  for (const char* b : kLineBoundaryNames) {
    out += fmt::format(",{}", b);
  }
  out += "\n";
  for (const LineRecord& r : lines) {
    const auto b = boundaries(r.stamps, r.retired);
    out += fmt::format("{},{},{},{}\n", r.core, r.line, r.prefetch ? "prefetch" : "demand",
                       fmt::join(b, ","));
  }
  return out;
}

std::string latency_plot_script(const LatencyStats& s) {
  std::string blocks, plots;
  for (const NamedPath& p : paths_of(s)) {
    if (p.path->lines == 0) {
      continue;  // gnuplot refuses an empty datablock; the key names only what ran
    }
    blocks += fmt::format("${} << EOD\n", p.name);
    for (const auto& [cycles, lines] : p.path->histogram.bins()) {
      blocks += fmt::format("{} {}\n", cycles, lines);
    }
    blocks += "EOD\n";
    plots += fmt::format("{}${} using 1:2 with impulses lw 3 title '{} ({} lines, mean {:.1f})'",
                         plots.empty() ? "" : ", ", p.name, p.name, p.path->lines, p.path->mean());
  }
  if (plots.empty()) {
    plots = "NaN notitle";  // no lines at all: an empty frame, not an error
  }
  return blocks + fmt::format(
                      "set title 'Line latency, request to retire'\nset xlabel 'cycles'\n"
                      "set ylabel 'lines'\nset logscale y\nset yrange [0.8:*]\nset grid\n"
                      "set key top right\nplot {}\n",
                      plots);
}

}  // namespace anesim
