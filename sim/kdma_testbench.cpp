#include "sim/kdma_testbench.h"


#include <memory>

#include "sim/waveform_file.h"

namespace anesim {

KdmaTestbench::KdmaTestbench(sc_core::sc_module_name name, Cluster& cluster,
                             const ModelConfig& cfg)
    : sc_module(name),
      cluster_(cluster),
      quantum_(cfg.sim.quantum_cycles),
      max_cycles_(cfg.sim.max_cycles),
      period_(cfg.cycle_ns(), sc_core::SC_NS) {
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
    wait(period_ * static_cast<double>(cluster_.now() - start));
  }
  // Returning leaves SystemC with no events: sc_start() returns.
}

SimulationOutcome simulate(const ModelConfig& cfg, const RunSpec& spec, const WaveOptions& waves) {
  Cluster cluster(cfg, spec);
  std::unique_ptr<WaveformFile> wave;
  if (!waves.vcd_path.empty() || !waves.fst_path.empty()) {
    wave = std::make_unique<WaveformFile>(waves.vcd_path, waves.fst_path);
    cluster.trace_to(wave->vcd(), waves.from, waves.to);
    wave->open();
  }
  KdmaTestbench tb("kdma_testbench", cluster, cfg);
  sc_core::sc_start();
  SimulationOutcome out{cluster.result(), tb.exceeded_max_cycles()};
  if (wave) {
    // Only a complete run publishes its waveform under the requested names.
    wave->finish(!out.exceeded_max_cycles && !out.result.rtl_assertion_failed);
  }
  return out;
}

}  // namespace anesim
