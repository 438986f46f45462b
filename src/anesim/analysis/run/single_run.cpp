#include <anesim/analysis/run/single_run.h>

#include <memory>

#include <anesim/io/waveform_file.h>
#include <sim/top/cluster.h>
#include <sim/top/run_without_systemc.h>
#include <sim/top/simulate.h>

namespace anesim {

namespace {

RunSpec spec_of(const RunRequest& request) {
  RunSpec spec;
  spec.variant = request.variant;
  spec.tasks = build_tasks(request.workload);
  spec.skip_idle = request.skip_idle;
  spec.line_log = request.line_log;
  spec.memory = request.memory;
  return spec;
}

}  // namespace

uint64_t minimum_run_cycles(const MachineConfig& cfg, const RunRequest& request) {
  return minimum_cycles(cfg, spec_of(request));
}

SimulationOutcome run_single(const MachineConfig& cfg, const RunRequest& request,
                             OutputSet& outputs) {
  std::unique_ptr<WaveformFile> waves;
  if (!request.vcd_path.empty() || !request.fst_path.empty()) {
    waves = std::make_unique<WaveformFile>(request.vcd_path, request.fst_path);
    waves->from = request.wave_from;
    waves->to = request.wave_to;
  }
  SimulationOutcome out = simulate(cfg, spec_of(request), waves.get());
  if (waves != nullptr) {
    waves->stage(outputs);
  }
  return out;
}

SimulationOutcome run_single_without_systemc(const MachineConfig& cfg, const RunRequest& request) {
  return simulate_without_systemc(cfg, spec_of(request));
}

std::string describe_system(const MachineConfig& cfg, const RunRequest& request) {
  return describe_hierarchy(cfg, spec_of(request));
}

}  // namespace anesim
