#include <sim/top/sc_hierarchy.h>

#include <string>

#include <fmt/format.h>

#include <sim/memory/memory_targets.h>

namespace anesim {

ClusterModule::ClusterModule(sc_core::sc_module_name name, uint32_t cores, RingVariant variant)
    : sc_module(name) {
  for (uint32_t c = 0; c < cores; ++c) {
    cores_.push_back(std::make_unique<CoreModule>(fmt::format("core{:02d}", c).c_str(), variant));
  }
}

FabricModule::FabricModule(sc_core::sc_module_name name, uint32_t sockets) : sc_module(name) {
  for (uint32_t ch = 0; ch < sockets; ++ch) {
    to_dram_.push_back(
        std::make_unique<tlm::tlm_initiator_socket<>>(fmt::format("to_dram_{}", ch).c_str()));
  }
}

DramModule::DramModule(sc_core::sc_module_name name, const MachineConfig& cfg,
                       const std::vector<ClockedTarget*>& targets)
    : sc_module(name) {
  const MemoryTargetKind& target = memory_target(cfg);
  for (uint32_t ch = 0; ch < cfg.dram.channels; ++ch) {
    const std::string child = fmt::format("ch{}", ch);
    channels_.push_back(
        target.make_channel(child.c_str(), cfg, targets.empty() ? nullptr : targets[ch]));
  }
}

DramModule::~DramModule() = default;

}  // namespace anesim
