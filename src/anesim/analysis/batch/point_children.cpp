#include <anesim/analysis/batch/point_children.h>

#include <fmt/format.h>

#include <anesim/analysis/batch/point_request.h>
#include <anesim/io/child_processes.h>

namespace anesim {

namespace {

std::string& executable() {
  static std::string path = "/proc/self/exe";
  return path;
}

}  // namespace

void set_simulator_executable(const std::string& path) { executable() = path; }
const std::string& simulator_executable() { return executable(); }

std::vector<std::string> point_command(const std::string& config_path) {
  std::vector<std::string> cmd = {simulator_executable(), "--json", "--point-stdin"};
  if (!config_path.empty()) {
    cmd.push_back("--config");
    cmd.push_back(config_path);
  }
  return cmd;
}

std::vector<SimPointResult> simulate_points_as_children(
    const std::vector<SimPoint>& points, const std::string& config_path, unsigned jobs,
    const std::function<void(size_t, size_t)>& progress) {
  std::vector<ChildCommand> commands;
  commands.reserve(points.size());
  for (const SimPoint& p : points) {
    commands.push_back(ChildCommand{point_command(config_path), point_request_json(p).dump()});
  }
  const std::vector<ChildResult> children = run_children(commands, jobs, progress);
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
