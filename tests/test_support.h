// Helpers shared by the tests: run the cycle-level cluster directly (many
// runs per process; SystemC allows one elaboration per process, so the
// SystemC path is exercised through the anesim binary in cli_test.cpp).
#pragma once

#include <cstdint>

#include "sim/cluster.h"
#include "src/config_loader.h"
#include "src/workload.h"

namespace anesim::test {

inline RunResult run_cluster(const ModelConfig& cfg, RingVariant variant, const Workload& w,
                             bool skip_idle = true) {
  RunSpec spec;
  spec.variant = variant;
  spec.tasks = build_tasks(w);
  spec.skip_idle = skip_idle;
  Cluster cluster(cfg, spec);
  cluster.run_until(cfg.sim.max_cycles);
  return cluster.result();
}

inline Workload workload(uint32_t lines, uint32_t cores = 16, uint32_t split = 1) {
  Workload w;
  w.lines_per_core = lines;
  w.cores = cores;
  w.split = split;
  return w;
}

}  // namespace anesim::test
