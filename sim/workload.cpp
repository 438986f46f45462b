#include <anesim/sim/workload.h>

#include <anesim/sim/geometry.h>

namespace anesim {

std::vector<uint32_t> task_lengths(const Workload& w) {
  if (!w.task_lines.empty()) {
    return w.task_lines;
  }
  std::vector<uint32_t> lengths;
  for (const Task& t : split_transfer(0, w.lines_per_core, w.split)) {
    lengths.push_back(t.lines);
  }
  return lengths;
}

std::vector<std::vector<Task>> build_tasks(const Workload& w) {
  const std::vector<uint32_t> lengths = task_lengths(w);
  std::vector<std::vector<Task>> tasks(w.cores);
  for (uint32_t c = 0; c < w.cores; ++c) {
    // Addresses are 32-bit line numbers; like the hardware's they wrap.
    uint32_t next = w.base_line + c * w.lines_per_core;
    for (const uint32_t n : lengths) {
      tasks[c].push_back(Task{next, n});
      next += n;
    }
  }
  return tasks;
}

LapPosition lap_position(uint64_t lines) {
  LapPosition p;
  p.k = (lines + kRingLines / 2) / kRingLines;
  p.x = static_cast<int64_t>(lines) - static_cast<int64_t>(p.k * kRingLines);
  return p;
}

}  // namespace anesim
