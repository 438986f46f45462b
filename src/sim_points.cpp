#include "src/sim_points.h"

#include <cstdlib>

#include <fmt/format.h>

#include "src/child_runner.h"

namespace anesim {

namespace {

std::string& executable() {
  static std::string path = "/proc/self/exe";
  return path;
}

bool number_field(const std::string& json, const std::string& key, double& out) {
  std::string v;
  if (!json_field(json, key, v)) return false;
  char* end = nullptr;
  out = std::strtod(v.c_str(), &end);
  return end != v.c_str() && *end == '\0';
}

}  // namespace

void set_simulator_executable(const std::string& path) { executable() = path; }
const std::string& simulator_executable() { return executable(); }

bool json_field(const std::string& json, const std::string& key, std::string& value) {
  const std::string needle = "\"" + key + "\":";
  const size_t at = json.find(needle);
  if (at == std::string::npos) return false;
  size_t b = json.find_first_not_of(' ', at + needle.size());
  if (b == std::string::npos) return false;
  const size_t e = json.find_first_of(",}\n", b);
  value = json.substr(b, e == std::string::npos ? std::string::npos : e - b);
  while (!value.empty() && value.back() == ' ') value.pop_back();
  return !value.empty();
}

std::vector<std::string> point_command(const SimPoint& p, const std::string& config_path) {
  std::vector<std::string> cmd = {simulator_executable(),
                                  "--json",
                                  "--variant",
                                  p.variant,
                                  "--lines",
                                  std::to_string(p.lines_per_core),
                                  "--cores",
                                  std::to_string(p.cores),
                                  "--split",
                                  std::to_string(p.split),
                                  "--base-line",
                                  std::to_string(p.base_line)};
  if (!config_path.empty()) {
    cmd.push_back("--config");
    cmd.push_back(config_path);
  }
  return cmd;
}

std::vector<SimPointResult> simulate_points(const std::vector<SimPoint>& points,
                                            const std::string& config_path, unsigned jobs,
                                            const std::string& label) {
  std::vector<std::vector<std::string>> commands;
  commands.reserve(points.size());
  for (const SimPoint& p : points) {
    commands.push_back(point_command(p, config_path));
  }
  std::vector<ChildResult> children;
  {
    ProgressBar bar(label);
    children = run_children(commands, jobs,
                            label.empty() ? std::function<void(size_t, size_t)>() : bar.callback());
  }
  std::vector<SimPointResult> results(points.size());
  for (size_t i = 0; i < points.size(); ++i) {
    const ChildResult& c = children[i];
    SimPointResult& r = results[i];
    if (c.exit_code != 0) {
      r.error = fmt::format("exit {}: {}", c.exit_code, c.err.empty() ? "(no message)" : c.err);
      while (!r.error.empty() && r.error.back() == '\n') r.error.pop_back();
      continue;
    }
    double pre = 0, dem = 0, k = 0, x = 0;
    std::string notch;
    if (!number_field(c.out, "time_us", r.time_us) || !number_field(c.out, "gbps", r.gbps) ||
        !number_field(c.out, "lines_prefetched", pre) ||
        !number_field(c.out, "lines_demand", dem) || !number_field(c.out, "k", k) ||
        !number_field(c.out, "x", x) || !json_field(c.out, "notch", notch)) {
      r.error = fmt::format("unreadable report: {}", c.out.substr(0, 200));
      continue;
    }
    r.lines_prefetched = static_cast<uint64_t>(pre);
    r.lines_demand = static_cast<uint64_t>(dem);
    r.k = static_cast<int64_t>(k);
    r.x = static_cast<int64_t>(x);
    r.notch = notch == "true";
    r.ok = true;
  }
  return results;
}

}  // namespace anesim
