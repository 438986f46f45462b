#include <sim/top/run_without_systemc.h>

#include <algorithm>
#include <stdexcept>

#include <sim/base/stop_request.h>
#include <sim/memory/memory_targets.h>
#include <sim/top/cluster.h>

namespace anesim {

bool runs_without_systemc(const MachineConfig& cfg, const RunSpec& spec) {
  return spec.memory == MemoryCoupling::kBuiltin && !needs_systemc_kernel(cfg);
}

SimulationOutcome simulate_without_systemc(const MachineConfig& cfg, const RunSpec& spec) {
  if (!runs_without_systemc(cfg, spec)) {
    throw std::invalid_argument(
        "a run without SystemC needs the builtin memory coupling and a memory.target the cycle "
        "loop clocks (lpddr5)");
  }
  Cluster cluster(cfg, spec);
  SimulationOutcome out;
  // AneSystem::run_decoupled's loop: the same quanta, so the same cycles.
  const uint64_t max_cycles = cfg.sim.max_cycles;
  while (!cluster.finished()) {
    throw_if_stop_requested();  // a quantum is well under a millisecond
    if (cluster.now() >= max_cycles) {
      out.exceeded_max_cycles = true;
      break;
    }
    cluster.run_until(std::min(cluster.now() + cfg.sim.quantum_cycles, max_cycles));
  }
  out.result = cluster.result();
  return out;
}

}  // namespace anesim
