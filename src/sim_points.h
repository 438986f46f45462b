// Simulates many workloads, each in its own `anesim --json` child process
// (see child_runner.h for why), and parses their JSON reports.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace anesim {

struct SimPoint {
  std::string variant = "bug";
  uint32_t cores = 16;
  uint32_t lines_per_core = 0;
  uint32_t split = 1;
  uint32_t base_line = 0;
};

struct SimPointResult {
  bool ok = false;
  std::string error;  // the child's stderr (or why its output was unreadable)
  double time_us = 0;
  double gbps = 0;  // the active cores' bytes / simulated time
  uint64_t lines_prefetched = 0, lines_demand = 0;
  int64_t k = 0, x = 0;
  bool notch = false;
};

// The anesim binary the children run; default the running executable
// (/proc/self/exe). Tests point it at the built anesim.
void set_simulator_executable(const std::string& path);
const std::string& simulator_executable();

// The command line of one point's child.
std::vector<std::string> point_command(const SimPoint& p, const std::string& config_path);

// Results in the order of `points`. Progress is drawn on stderr when it is a
// terminal and `label` is not empty.
std::vector<SimPointResult> simulate_points(const std::vector<SimPoint>& points,
                                            const std::string& config_path, unsigned jobs,
                                            const std::string& label);

// Reads the number or bare word after "key": in one flat JSON object;
// returns false when the key is missing.
bool json_field(const std::string& json, const std::string& key, std::string& value);

}  // namespace anesim
