#include <anesim/sim/simulate.h>

#include <systemc>

#include <anesim/sim/ane_system.h>

namespace anesim {

SimulationOutcome simulate(const MachineConfig& cfg, const RunSpec& spec, WaveformSink* waves) {
  AneSystem system("anesim", cfg, spec);
  if (waves != nullptr) {
    system.cluster().trace_to(waves->vcd(), waves->from, waves->to);
    waves->open();
  }
  sc_core::sc_start();
  SimulationOutcome out = system.outcome();
  if (waves != nullptr) {
    // Only a complete run publishes its waveform under the requested names.
    waves->finish(!out.exceeded_max_cycles && !out.result.rtl_assertion_failed &&
                  out.result.watchdog_error.empty());
  }
  return out;
}

namespace {
void describe(const sc_core::sc_object& object, int depth, std::string& out) {
  out.append(static_cast<size_t>(depth) * 2, ' ');
  out += object.name();
  out += "  ";
  out += object.kind();
  out += '\n';
  for (const sc_core::sc_object* child : object.get_child_objects()) {
    describe(*child, depth + 1, out);
  }
}
}  // namespace

std::string describe_hierarchy(const MachineConfig& cfg, const RunSpec& spec) {
  AneSystem system("anesim", cfg, spec);
  std::string out;
  for (const sc_core::sc_object* top : sc_core::sc_get_top_level_objects()) {
    describe(*top, 0, out);
  }
  return out;
}

}  // namespace anesim
