#include <anesim/analysis/batch/batch_runner.h>

#include <fmt/format.h>

#include <anesim/io/child_processes.h>
#include <anesim/io/json.h>
#include <anesim/io/progress_bar.h>

namespace anesim {

namespace {

std::string joined(const std::vector<uint32_t>& values) {
  std::string text;
  for (const uint32_t n : values) {
    text += (text.empty() ? "" : ",") + std::to_string(n);
  }
  return text;
}

std::string& executable() {
  static std::string path = "/proc/self/exe";
  return path;
}

}  // namespace

void set_simulator_executable(const std::string& path) { executable() = path; }
const std::string& simulator_executable() { return executable(); }

std::vector<std::string> point_command(const SimPoint& p, const std::string& config_path) {
  std::vector<std::string> cmd = {simulator_executable(),
                                  "--json",
                                  "--variant",
                                  variant_name(p.variant),
                                  "--lines",
                                  std::to_string(p.lines_per_core),
                                  "--cores",
                                  std::to_string(p.cores),
                                  "--base-line",
                                  std::to_string(p.base_line)};
  if (p.task_lines.empty()) {
    cmd.insert(cmd.end(), {"--split", std::to_string(p.split)});
  } else {
    cmd.insert(cmd.end(), {"--task-lines", joined(p.task_lines)});
  }
  if (!p.task_ops.empty()) {
    cmd.insert(cmd.end(), {"--task-ops", joined(p.task_ops)});
  }
  if (!p.program_starts.empty()) {
    cmd.insert(cmd.end(), {"--program-starts", joined(p.program_starts)});
  }
  if (p.max_cycles != 0) {
    cmd.insert(cmd.end(), {"--max-cycles", std::to_string(p.max_cycles)});
  }
  if (!config_path.empty()) {
    cmd.push_back("--config");
    cmd.push_back(config_path);
  }
  return cmd;
}

SimPointResult parse_point_report(const std::string& json_text) {
  SimPointResult r;
  try {
    const Json j = Json::parse(json_text);
    r.time_us = j.at("time_us").get<double>();
    r.gbps = j.at("gbps").get<double>();
    r.lines_prefetched = j.at("lines_prefetched").get<uint64_t>();
    r.lines_demand = j.at("lines_demand").get<uint64_t>();
    r.k = j.at("k").get<int64_t>();
    r.x = j.at("x").get<int64_t>();
    r.notch = j.at("notch").get<bool>();
    r.sim_cycles = j.at("sim_cycles").get<uint64_t>();
    if (j.contains("task_dispatch_cycles")) {
      r.task_dispatch_cycles = j.at("task_dispatch_cycles").get<std::vector<uint64_t>>();
      r.task_finish_cycles = j.at("task_finish_cycles").get<std::vector<uint64_t>>();
    }
    r.ok = true;
  } catch (const Json::exception& e) {
    r = SimPointResult{};
    r.error = fmt::format("unreadable report ({}): {}", e.what(), json_text.substr(0, 200));
  }
  return r;
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
    if (c.exit_code != 0) {
      SimPointResult& r = results[i];
      r.error = fmt::format("exit {}: {}", c.exit_code, c.err.empty() ? "(no message)" : c.err);
      while (!r.error.empty() && r.error.back() == '\n') {
        r.error.pop_back();
      }
      continue;
    }
    results[i] = parse_point_report(c.out);
  }
  return results;
}

}  // namespace anesim
