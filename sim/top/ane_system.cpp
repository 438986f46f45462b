#include <anesim/sim/top/ane_system.h>

#include <algorithm>
#include <stdexcept>
#include <vector>

#include <anesim/sim/base/cycle_time.h>
#include <anesim/sim/memory/tlm_memory.h>

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

AneSystem::AneSystem(sc_core::sc_module_name name, const MachineConfig& cfg, const RunSpec& spec,
                     Memory memory)
    : sc_module(name),
      cfg_(cfg),
      cluster_(std::make_unique<Cluster>(cfg, spec)),
      cluster_module_("cluster", cluster_->core_count(), spec.variant),
      fabric_("fabric", socket_count(cfg, spec)) {
  if (memory == Memory::kExternal && spec.memory != MemoryCoupling::kTlm) {
    throw std::invalid_argument("AneSystem: external memory needs the tlm coupling");
  }
  TlmMemory* tlm = cluster_->fabric().tlm();
  for (uint32_t ch = 0; ch < fabric_.socket_count(); ++ch) {
    fabric_.to_dram(ch).bind(tlm->backward(ch));
  }
  if (memory == Memory::kOwn) {
    dram_ = std::make_unique<DramModule>("dram", cfg, clocked_targets(*cluster_, cfg));
    for (uint32_t ch = 0; ch < fabric_.socket_count(); ++ch) {
      fabric_.to_dram(ch).bind(*dram_->socket(ch));
    }
  }
  SC_THREAD(run);
}

AneSystem::~AneSystem() = default;

void AneSystem::end_of_elaboration() {
  // Bindings are complete: the fabric's reads go through its sockets.
  TlmMemory* tlm = cluster_->fabric().tlm();
  for (uint32_t ch = 0; ch < fabric_.socket_count(); ++ch) {
    tlm->connect(ch, fabric_.to_dram(ch).operator->(),
                 dram_ != nullptr ? dram_->clocked(ch) : nullptr);
  }
  if (tlm != nullptr) {
    tlm->set_wake(&wake_);
  }
}

void AneSystem::run() {
  const TlmMemory* tlm = cluster_->fabric().tlm();
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
  while (!cluster_->finished()) {
    if (cluster_->now() >= max_cycles) {
      exceeded_ = true;
      return;
    }
    const uint64_t start = cluster_->now();
    cluster_->run_until(std::min(start + cfg_.sim.quantum_cycles, max_cycles));
    // Idle skipping may have moved past the quantum's end: SystemC follows.
    wait(sc_core::sc_time(cfg_.cycles_to_ns(cluster_->now()) - cfg_.cycles_to_ns(start),
                          sc_core::SC_NS));
  }
}

void AneSystem::run_lockstep() {
  const uint64_t max_cycles = cfg_.sim.max_cycles;
  while (!cluster_->finished()) {
    // The cycle SystemC's present falls in; a backward call that arrived
    // during a cycle already run takes effect on the next one.
    const uint64_t at = cycle_at(cfg_, sc_core::sc_time_stamp());
    if (at >= max_cycles) {
      exceeded_ = true;
      return;
    }
    if (at >= cluster_->now()) {
      cluster_->run_until(at + 1);
    }
    if (cluster_->finished()) {
      return;
    }
    const uint64_t next = std::min(cluster_->next_event(), max_cycles);
    wait(time_of(cfg_, next) - sc_core::sc_time_stamp(), wake_);
  }
}

SimulationOutcome AneSystem::outcome() const { return {cluster_->result(), exceeded_}; }

}  // namespace anesim
