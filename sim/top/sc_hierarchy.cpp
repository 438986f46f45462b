#include <anesim/sim/top/sc_hierarchy.h>

#include <string>

#include <fmt/format.h>

#include <anesim/sim/memory/fixed_latency_memory.h>
#include <anesim/sim/ring/geometry.h>
#include <anesim/sim/memory/lpddr5_target.h>

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

Lpddr5ChannelModule::Lpddr5ChannelModule(sc_core::sc_module_name name, Lpddr5Target* target)
    : sc_module(name), target_(target) {
  if (target != nullptr) {
    socket_ = std::make_unique<tlm::tlm_target_socket<>>("socket");
    socket_->bind(*target);
  }
}

void Lpddr5ChannelModule::end_of_elaboration() {
  // The target answers through its socket: to whatever initiator was bound.
  if (target_ != nullptr) {
    target_->set_backward(socket_->operator->());
  }
}

DramModule::DramModule(sc_core::sc_module_name name, const MachineConfig& cfg,
                       const std::vector<Lpddr5Target*>& targets)
    : sc_module(name) {
  for (uint32_t ch = 0; ch < cfg.dram.channels; ++ch) {
    const std::string child = fmt::format("ch{}", ch);
    if (cfg.memory.target == MemoryTarget::kFixedLatency) {
      // The bandwidth is the whole memory's: each channel's target gets its share.
      const double line_ns = kLineBytes * cfg.dram.channels / cfg.memory.bandwidth_gbps;
      fixed_.push_back(std::make_unique<FixedLatencyMemory>(
          child.c_str(), sc_core::sc_time(cfg.memory.latency_ns, sc_core::SC_NS),
          sc_core::sc_time(line_ns, sc_core::SC_NS), cfg.memory.queue_depth));
    } else {
      lpddr5_.push_back(std::make_unique<Lpddr5ChannelModule>(
          child.c_str(), targets.empty() ? nullptr : targets[ch]));
    }
  }
}

DramModule::~DramModule() = default;

tlm::tlm_target_socket<>* DramModule::socket(uint32_t ch) {
  return fixed_.empty() ? lpddr5_[ch]->socket() : &fixed_[ch]->socket;
}

ClockedTarget* DramModule::clocked(uint32_t ch) {
  // A built-in target is clocked by the cycle loop; the example is not.
  return fixed_.empty() ? lpddr5_[ch]->target() : nullptr;
}

}  // namespace anesim
