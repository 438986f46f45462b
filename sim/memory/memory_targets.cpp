#include <anesim/sim/memory/memory_targets.h>

#include <memory>
#include <stdexcept>

#include <anesim/sim/memory/memory_target_kinds.h>

namespace anesim {

const std::vector<const MemoryTargetKind*>& memory_targets() {
  // The registry: one factory per kind, in the order messages list them.
  static const std::vector<std::unique_ptr<MemoryTargetKind>> owned = [] {
    std::vector<std::unique_ptr<MemoryTargetKind>> kinds;
    kinds.push_back(make_lpddr5_target_kind());
    kinds.push_back(make_fixed_latency_target_kind());
    return kinds;
  }();
  static const std::vector<const MemoryTargetKind*> kinds = [] {
    std::vector<const MemoryTargetKind*> out;
    for (const auto& kind : owned) {
      out.push_back(kind.get());
    }
    return out;
  }();
  return kinds;
}

const MemoryTargetKind* find_memory_target(const std::string& name) {
  for (const MemoryTargetKind* kind : memory_targets()) {
    if (name == kind->name()) {
      return kind;
    }
  }
  return nullptr;
}

const MemoryTargetKind& memory_target(const MachineConfig& cfg) {
  const MemoryTargetKind* kind = find_memory_target(cfg.memory.target);
  if (kind == nullptr) {
    throw std::invalid_argument("memory.target '" + cfg.memory.target +
                                "' is not a memory target (" + memory_target_choices() + ")");
  }
  return *kind;
}

std::string memory_target_choices() {
  std::string s;
  for (const MemoryTargetKind* kind : memory_targets()) {
    s += (s.empty() ? "" : ", ") + std::string(kind->name());
  }
  return s;
}

bool needs_systemc_kernel(const MachineConfig& cfg) {
  // Only the builtin coupling runs without SystemC, and it reaches only a
  // direct target.
  const MemoryTargetKind& kind = memory_target(cfg);
  return kind.needs_systemc_kernel() || !kind.direct();
}

}  // namespace anesim
