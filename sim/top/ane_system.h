// The model as an sc_module a SystemC platform can instantiate:
//
//   anesim                  AneSystem: owns simulated time (one SC_THREAD)
//   anesim.cluster.coreNN   the cores, each with its Verilated ring (.ring)
//   anesim.fabric           the credit fabric; under the tlm coupling one AT
//                           initiator socket per DRAM channel (to_dram_<ch>)
//   anesim.dram.chN         the memory side (absent with external memory)
//
// The SC_THREAD advances the cycle-level cluster (sim/top/cluster.h). With
// clocked targets only (the builtin coupling, or the built-in LPDDR5
// targets behind the sockets) it runs a quantum at a time with temporal
// decoupling and idle skipping: SystemC sees only quantum boundaries. With
// a target on SystemC time (memory.target fixed_latency, or a platform's own
// target bound to the fabric's sockets) it runs in lockstep: each active
// cycle at its own time, waiting for the next event of the cluster or for
// the target's next backward call, whichever comes first.
#pragma once

#include <systemc>

#include <cstdint>
#include <memory>

#include <anesim/sim/base/machine_config.h>
#include <anesim/sim/top/cluster.h>
#include <anesim/sim/top/sc_hierarchy.h>

namespace anesim {

class AneSystem : public sc_core::sc_module {
 public:
  // Whether anesim.dram serves the reads, or the platform binds its own AT
  // targets to fabric().to_dram(ch) (then spec.memory must be kTlm).
  enum class Memory : uint8_t { kOwn, kExternal };

  SC_HAS_PROCESS(AneSystem);
  AneSystem(sc_core::sc_module_name name, const MachineConfig& cfg, const RunSpec& spec,
            Memory memory = Memory::kOwn);
  ~AneSystem() override;
  const char* kind() const override { return "anesim::AneSystem"; }

  FabricModule& fabric() { return fabric_; }
  Cluster& cluster() { return *cluster_; }

  // After sc_start() returns: the run, and whether it stopped at
  // simulation.max_cycles before every line was delivered.
  SimulationOutcome outcome() const;

 private:
  void end_of_elaboration() override;
  void run();
  void run_decoupled();
  void run_lockstep();

  const MachineConfig& cfg_;
  std::unique_ptr<Cluster> cluster_;
  ClusterModule cluster_module_;
  FabricModule fabric_;
  std::unique_ptr<DramModule> dram_;
  sc_core::sc_event wake_;  // a target on SystemC time called back
  bool exceeded_ = false;
};

}  // namespace anesim
