// One run through SystemC: elaborates an AneSystem (sim/top/ane_system.h) with
// its own memory, runs it to the end, and dumps waveforms into `waves` when
// it is not null. SystemC elaborates once per process, so call this (or
// describe_hierarchy) at most once per process.
#pragma once

#include <string>

#include <sim/base/machine_config.h>
#include <sim/top/run_spec.h>
#include <sim/top/waveform_sink.h>

namespace anesim {

SimulationOutcome simulate(const MachineConfig& cfg, const RunSpec& spec,
                           WaveformSink* waves = nullptr);

// The objects SystemC sees once `spec`'s system is elaborated: one line per
// object, "name  kind", children indented under their parent.
std::string describe_hierarchy(const MachineConfig& cfg, const RunSpec& spec);

}  // namespace anesim
