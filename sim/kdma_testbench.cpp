#include "sim/kdma_testbench.h"


namespace anesim {

KdmaTestbench::KdmaTestbench(sc_core::sc_module_name name, Cluster& cluster,
                             const ModelConfig& cfg)
    : sc_module(name),
      cluster_(cluster),
      quantum_(cfg.sim.quantum_cycles),
      max_cycles_(cfg.sim.max_cycles),
      cfg_(cfg) {
  SC_THREAD(run);
}

void KdmaTestbench::run() {
  while (!cluster_.finished()) {
    if (cluster_.now() >= max_cycles_) {
      exceeded_ = true;
      break;
    }
    const uint64_t start = cluster_.now();
    cluster_.run_until(std::min(start + quantum_, max_cycles_));
    // Idle skipping may have moved past the quantum's end: SystemC follows.
    wait(sc_core::sc_time(cfg_.cycles_to_ns(cluster_.now()) - cfg_.cycles_to_ns(start),
                          sc_core::SC_NS));
  }
  // Returning leaves SystemC with no events: sc_start() returns.
}

SimulationOutcome simulate(const ModelConfig& cfg, const RunSpec& spec, WaveformSink* waves) {
  Cluster cluster(cfg, spec);
  if (waves != nullptr) {
    cluster.trace_to(waves->vcd(), waves->from, waves->to);
    waves->open();
  }
  KdmaTestbench tb("kdma_testbench", cluster, cfg);
  sc_core::sc_start();
  SimulationOutcome out{cluster.result(), tb.exceeded_max_cycles()};
  if (waves != nullptr) {
    // Only a complete run publishes its waveform under the requested names.
    waves->finish(!out.exceeded_max_cycles && !out.result.rtl_assertion_failed);
  }
  return out;
}

}  // namespace anesim
