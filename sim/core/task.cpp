#include <sim/core/task.h>

namespace anesim {

std::vector<Task> split_transfer(uint32_t start_line, uint32_t lines, uint32_t parts) {
  std::vector<Task> tasks;
  tasks.reserve(parts);
  const uint32_t base = lines / parts;
  const uint32_t longer = lines % parts;
  uint32_t next = start_line;
  for (uint32_t i = 0; i < parts; ++i) {
    const uint32_t n = base + (i < longer ? 1 : 0);
    tasks.push_back(Task{next, n});
    next += n;  // line addresses wrap modulo 2^32 like the ring's
  }
  return tasks;
}

uint64_t cycles_before_dispatch(const AneConfig& ane, const Task& t, bool first) {
  const uint64_t launch = first || t.starts_program ? ane.launch_overhead_cycles : 0;
  return launch + ane.task_dispatch_cycles + uint64_t{t.ops_before} * ane.op_overhead_cycles;
}

}  // namespace anesim
