#include <sim/top/ane_system.h>

#include <algorithm>
#include <stdexcept>
#include <vector>

#include <sim/base/cycle_time.h>
#include <sim/memory/tlm_memory.h>
#include <sim/top/cluster.h>
#include <sim/top/sc_hierarchy.h>

namespace anesim {

namespace {
// The tlm coupling's own clocked targets, for anesim.dram to put behind its
// sockets (none: the builtin coupling, or a target on SystemC time).
std::vector<ClockedTarget*> clocked_targets(Cluster& cluster, const MachineConfig& cfg) {
  std::vector<ClockedTarget*> targets;
  TlmMemory* tlm = cluster.fabric().tlm();
  if (tlm == nullptr || tlm->clocked_target(0) == nullptr) {
    return targets;
  }
  for (uint32_t ch = 0; ch < cfg.dram.channels; ++ch) {
    targets.push_back(tlm->clocked_target(ch));
  }
  return targets;
}

uint32_t socket_count(const MachineConfig& cfg, const RunSpec& spec) {
  return spec.memory == MemoryCoupling::kTlm ? cfg.dram.channels : 0;
}
}  // namespace

// Built inside AneSystem's constructor, so the modules are its children.
struct AneSystem::Parts {
  Parts(const MachineConfig& cfg, const RunSpec& spec)
      : cluster(cfg, spec),
        cluster_module("cluster", cluster.core_count(), spec.variant),
        fabric("fabric", socket_count(cfg, spec)) {}

  Cluster cluster;
  ClusterModule cluster_module;
  FabricModule fabric;
  std::unique_ptr<DramModule> dram;  // null: the platform's memory
};

AneSystem::AneSystem(sc_core::sc_module_name name, const MachineConfig& cfg, const RunSpec& spec,
                     Memory memory)
    : sc_module(name), cfg_(cfg) {
  if (memory == Memory::kExternal && spec.memory != MemoryCoupling::kTlm) {
    throw std::invalid_argument("AneSystem: external memory needs the tlm coupling");
  }
  parts_ = std::make_unique<Parts>(cfg, spec);
  FabricModule& fabric = parts_->fabric;
  TlmMemory* tlm = parts_->cluster.fabric().tlm();
  for (uint32_t ch = 0; ch < fabric.socket_count(); ++ch) {
    fabric.to_dram(ch).bind(tlm->backward(ch));
  }
  if (memory == Memory::kOwn) {
    parts_->dram = std::make_unique<DramModule>("dram", cfg, clocked_targets(parts_->cluster, cfg));
    for (uint32_t ch = 0; ch < fabric.socket_count(); ++ch) {
      fabric.to_dram(ch).bind(*parts_->dram->socket(ch));
    }
  }
  SC_THREAD(run);
}

AneSystem::~AneSystem() = default;

tlm::tlm_initiator_socket<>& AneSystem::to_dram(uint32_t ch) { return parts_->fabric.to_dram(ch); }

uint32_t AneSystem::dram_sockets() const { return parts_->fabric.socket_count(); }

Cluster& AneSystem::cluster() { return parts_->cluster; }

void AneSystem::end_of_elaboration() {
  // Bindings are complete: the fabric's reads go through its sockets.
  TlmMemory* tlm = parts_->cluster.fabric().tlm();
  for (uint32_t ch = 0; ch < dram_sockets(); ++ch) {
    tlm->connect(ch, to_dram(ch).operator->(),
                 parts_->dram != nullptr ? parts_->dram->clocked(ch) : nullptr);
  }
  if (tlm != nullptr) {
    tlm->set_wake(&wake_);
  }
}

void AneSystem::run() {
  const TlmMemory* tlm = parts_->cluster.fabric().tlm();
  if (tlm != nullptr && tlm->timed()) {
    run_lockstep();
  } else {
    run_decoupled();
  }
  // Returning leaves SystemC with no events of ours: sc_start() returns
  // once the platform's own processes are idle.
}

void AneSystem::run_decoupled() {
  const uint64_t max_cycles = cfg_.sim.max_cycles;
  while (!parts_->cluster.finished()) {
    if (parts_->cluster.now() >= max_cycles) {
      exceeded_ = true;
      return;
    }
    const uint64_t start = parts_->cluster.now();
    parts_->cluster.run_until(std::min(start + cfg_.sim.quantum_cycles, max_cycles));
    // Idle skipping may have moved past the quantum's end: SystemC follows.
    wait(sc_core::sc_time(cfg_.cycles_to_ns(parts_->cluster.now()) - cfg_.cycles_to_ns(start),
                          sc_core::SC_NS));
  }
}

void AneSystem::run_lockstep() {
  const uint64_t max_cycles = cfg_.sim.max_cycles;
  while (!parts_->cluster.finished()) {
    // The cycle SystemC's present falls in; a backward call that arrived
    // during a cycle already run takes effect on the next one.
    const uint64_t at = cycle_at(cfg_, sc_core::sc_time_stamp());
    if (at >= max_cycles) {
      exceeded_ = true;
      return;
    }
    if (at >= parts_->cluster.now()) {
      parts_->cluster.run_until(at + 1);
    }
    if (parts_->cluster.finished()) {
      return;
    }
    const uint64_t next = std::min(parts_->cluster.next_event(), max_cycles);
    wait(time_of(cfg_, next) - sc_core::sc_time_stamp(), wake_);
  }
}

SimulationOutcome AneSystem::outcome() const { return {parts_->cluster.result(), exceeded_}; }

}  // namespace anesim
