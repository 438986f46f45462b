// The cycle-level model of the ANE's kernel-DMA path: up to 16 cores (each a
// Verilated prefetch ring with its dispatcher, KMem and consumer), the credit
// fabric and the LPDDR5 channels, advanced together in one C++ loop.
//
// Plain C++ on purpose: SystemC owns time at the edges (sim/top/ane_system.h)
// and advances this loop a quantum at a time. Cycles in which nothing can
// happen are skipped: the rings have no free-running state, and the fabric
// and channels report their next event.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include <sim/base/machine_config.h>
#include <sim/core/core_harness.h>
#include <sim/core/scoreboard.h>
#include <sim/core/task.h>
#include <sim/fabric/credit_fabric.h>
#include <sim/ring/prefetch_ring.h>
#include <sim/top/progress_watchdog.h>
#include <sim/top/run_spec.h>

class VerilatedContext;
class VerilatedVcdC;

namespace anesim {

class PathTracer;

// A lower bound on the cycles `spec` needs: the launch, every dispatch, and
// the busiest core's lines at its port rate. Lets a caller refuse a run that
// cannot finish within simulation.max_cycles before spending time on it.
uint64_t minimum_cycles(const MachineConfig& cfg, const RunSpec& spec);

class Cluster {
 public:
  Cluster(const MachineConfig& cfg, const RunSpec& spec);
  ~Cluster();
  Cluster(const Cluster&) = delete;
  Cluster& operator=(const Cluster&) = delete;

  // Dump every ring's signals for cycles [from, to) into `vcd`, whose scopes
  // are core00, core01, ..., with the fabric, DRAM channels and KMem beside
  // them (sim/top/path_tracer.h). Call before running.
  void trace_to(VerilatedVcdC* vcd, uint64_t from, uint64_t to);

  // Advances until cycle `until`, every core is done, an RTL assertion
  // fires, or the progress watchdog stops the run.
  void run_until(uint64_t until);
  bool finished() const {
    return cores_done_ == cores_.size() || assertion_failed() || watchdog_.fired();
  }
  bool assertion_failed() const;
  uint64_t now() const { return now_; }
  // The earliest cycle >= now() at which anything can happen.
  uint64_t next_event() const;

  // The parts, for the sc_module hierarchy that names them (sim/top/ane_system.h).
  CreditFabric& fabric() { return fabric_; }
  uint32_t core_count() const { return static_cast<uint32_t>(cores_.size()); }
  RingVariant variant() const { return variant_; }

  RunResult result() const;

 private:
  bool tracing() const { return vcd_ != nullptr && now_ >= trace_from_ && now_ < trace_to_; }
  // Idle skipping without a dump: only the cores due are stepped.
  bool event_driven() const { return skip_idle_ && vcd_ == nullptr; }
  void step_woken();
  void note_if_done(size_t c) {
    if (core_done_[c] == 0 && cores_[c]->done()) {
      core_done_[c] = 1;
      ++cores_done_;
    }
  }
  void step_traced();

  const MachineConfig& cfg_;
  std::unique_ptr<VerilatedContext> context_;
  RingVariant variant_;
  std::vector<std::vector<Task>> tasks_;
  Scoreboard scoreboard_;
  CreditFabric fabric_;
  std::vector<std::unique_ptr<CoreHarness>> cores_;
  bool skip_idle_;
  uint64_t now_ = 0;
  size_t cores_done_ = 0;
  std::vector<uint8_t> core_done_;
  std::vector<uint64_t> wake_;  // per core: the earliest cycle its step can act
  uint64_t earliest_wake_ = 0;  // the earliest of wake_, as step_woken() left it
  VerilatedVcdC* vcd_ = nullptr;
  std::unique_ptr<PathTracer> path_tracer_;
  uint64_t trace_from_ = 0, trace_to_ = 0;
  std::vector<RingInputs> traced_inputs_;
  ProgressWatchdog watchdog_;
};

}  // namespace anesim
