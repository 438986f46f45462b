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
//
// The public face of the installed package (docs/systemc.md, "anesim as a
// library"): its parts stay behind a pointer to an incomplete type, so this
// header names only the machine description, the run and its outcome.
#pragma once

#include <systemc>
#include <tlm>

#include <cstdint>
#include <memory>

#include <sim/base/machine_config.h>
#include <sim/top/run_spec.h>

namespace anesim {

class Cluster;

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

  // The fabric's AT initiator socket to DRAM channel `ch` (anesim.fabric's
  // to_dram_<ch>), for ch < dram_sockets(); none under the builtin coupling.
  // With external memory the platform binds a target to each before
  // sc_start().
  tlm::tlm_initiator_socket<>& to_dram(uint32_t ch);
  uint32_t dram_sockets() const;
  // The cycle loop behind the hierarchy, for the tree's own callers (its
  // header, sim/top/cluster.h, is not installed).
  Cluster& cluster();

  // After sc_start() returns: the run, and whether it stopped at
  // simulation.max_cycles before every line was delivered.
  SimulationOutcome outcome() const;

 private:
  void end_of_elaboration() override;
  void run();
  void run_decoupled();
  void run_lockstep();

  struct Parts;  // the cluster and its sc_modules (ane_system.cpp)

  const MachineConfig& cfg_;
  std::unique_ptr<Parts> parts_;
  sc_core::sc_event wake_;  // a target on SystemC time called back
  bool exceeded_ = false;
};

}  // namespace anesim
