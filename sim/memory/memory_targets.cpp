#include <sim/memory/memory_targets.h>

#include <stdexcept>

namespace anesim {

const MemoryTargetKind& memory_target(const MachineConfig& cfg) {
  const MemoryTargetKind* kind = MemoryTargets::instance().find(cfg.memory.target);
  if (kind == nullptr) {
    throw std::invalid_argument("memory.target '" + cfg.memory.target +
                                "' is not a memory target (" + MemoryTargets::instance().choices() +
                                ")");
  }
  return *kind;
}

bool needs_systemc_kernel(const MachineConfig& cfg) {
  // Only the builtin coupling runs without SystemC, and it reaches only a
  // direct target.
  const MemoryTargetKind& kind = memory_target(cfg);
  return kind.needs_systemc_kernel() || !kind.direct();
}

}  // namespace anesim
