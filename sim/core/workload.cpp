#include <sim/core/workload.h>

#include <sim/ring/geometry.h>

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
  uint32_t slice = w.lines_per_core;  // a core's slice: its tasks and the gaps between them
  for (const uint32_t g : w.task_gaps) slice += g;
  for (uint32_t c = 0; c < w.cores; ++c) {
    // Addresses are 32-bit line numbers; like the hardware's they wrap.
    uint32_t next = w.base_line + c * slice;
    for (size_t i = 0; i < lengths.size(); ++i) {
      if (i < w.task_gaps.size()) next += w.task_gaps[i];
      Task t{next, lengths[i]};
      t.ops_before = i < w.task_ops.size() ? w.task_ops[i] : 0;
      t.drain_cycles_per_line = i < w.task_drain.size() ? w.task_drain[i] : 0;
      tasks[c].push_back(t);
      next += lengths[i];
    }
    for (const uint32_t i : w.program_starts) {
      if (i < tasks[c].size()) {
        tasks[c][i].starts_program = true;
      }
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
