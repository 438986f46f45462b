// The SystemC testbench: owns simulated time and advances the cycle-level
// cluster a quantum at a time (temporal decoupling). The cluster is exact
// within a quantum because all of its components run in one loop; SystemC
// sees only quantum boundaries, which keeps the kernel's per-cycle cost away
// from the Verilated rings.
#pragma once

#include <systemc>

#include <cstdint>

#include "sim/cluster.h"
#include "sim/model_config.h"
#include "sim/waveform_sink.h"

namespace anesim {

class KdmaTestbench : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(KdmaTestbench);
  KdmaTestbench(sc_core::sc_module_name name, Cluster& cluster, const ModelConfig& cfg);

  // The run hit simulation.max_cycles before every line was delivered.
  bool exceeded_max_cycles() const { return exceeded_; }

 private:
  void run();

  Cluster& cluster_;
  uint64_t quantum_;
  uint64_t max_cycles_;
  const ModelConfig& cfg_;  // its clock maps cycles to time
  bool exceeded_ = false;
};

// Elaborates the testbench and runs it to the end, dumping waveforms into
// `waves` when it is not null. SystemC elaborates once per process, so call
// this at most once per process.
SimulationOutcome simulate(const ModelConfig& cfg, const RunSpec& spec,
                           WaveformSink* waves = nullptr);

}  // namespace anesim
