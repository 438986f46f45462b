// Parameters of the simulated machine. Every field is physical (a clock, a
// latency, a width, a count); configs/chips/m3-air.yaml gives each one its source.
// All timings are in cycles of the single simulation clock (the LPDDR5 CK).
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include <sim/base/ring_variant_id.h>

namespace anesim {

// JEDEC-style LPDDR timings, in CK cycles.
struct DramTimings {
  uint32_t rl = 0;       // read latency: RD command to first data
  uint32_t burst = 0;    // data-bus cycles of one 64 B line (BL32 on x16)
  uint32_t rcd = 0;      // ACT to RD
  uint32_t rp = 0;       // PRE to ACT (per bank)
  uint32_t ras = 0;      // ACT to PRE
  uint32_t rtp = 0;      // RD to PRE
  uint32_t ccd = 0;      // RD to RD, same channel
  uint32_t rrd = 0;      // ACT to ACT, different banks
  uint32_t faw = 0;      // window holding at most four ACTs
  uint32_t refi = 0;     // refresh interval: every bank once per refi (0 disables refresh)
  uint32_t rfc = 0;      // all-bank refresh cycle time (tRFCab)
  uint32_t rfcpb = 0;    // per-bank refresh cycle time (tRFCpb)
  uint32_t pbr2pbr = 0;  // per-bank REF to per-bank REF, other banks
  uint32_t pbr2act = 0;  // per-bank REF to ACT, other banks
};

struct DramConfig {
  // The JEDEC standard (dram.standard): a name of Registry<DramStandard>
  // (sim/dram/dram_standard.h), which sets the structure below.
  std::string standard;
  std::string preset;                    // a name for reports, e.g. "LPDDR5-6400"
  double clock_mhz = 0;                  // CK; also the simulation clock
  uint32_t channels = 0;                 // independent x16 channels
  uint32_t channel_bytes_per_cycle = 0;  // data bus bytes per CK: x16 at the standard's beats/CK
  uint32_t banks = 0;                    // banks per channel: the standard's
  // The standard has no tPBR2ACT: an ACT after a per-bank refresh waits
  // tRRD (LPDDR4X), and t.pbr2act is t.rrd.
  bool act_after_refresh_waits_rrd = false;
  uint32_t row_bytes = 0;     // row (page) size per channel
  uint32_t queue_depth = 0;   // controller read-queue entries per channel
  bool bank_xor_hash = true;  // permutation-based bank interleaving
  bool close_page = true;     // precharge after a read unless a queued read hits the row
  // How the controller refreshes: a name of sim/dram/refresh/refresh_policies.h
  // (all_bank, per_bank).
  std::string refresh = "all_bank";
  DramTimings t;
};

// The request fabric between the cores and the memory controllers.
struct FabricConfig {
  uint32_t request_latency = 0;     // core port to controller queue, cycles
  uint32_t response_latency = 0;    // controller data to KMem, cycles
  uint32_t credits_per_core = 0;    // outstanding line requests a core may hold
  double port_cycles_per_line = 0;  // per-core port: one line every N cycles (N may be fractional)
};

struct AneConfig {
  uint32_t cores = 0;                   // cores present on the die
  uint32_t kmem_lines = 0;              // 64 KiB KMem / 64 B
  uint32_t task_dispatch_cycles = 0;    // descriptor fetch and setup, per task
  uint32_t launch_overhead_cycles = 0;  // once per program, before its first task
  uint32_t op_overhead_cycles = 0;      // per op that streams no weights (Task::ops_before)
  uint32_t demand_depth = 1;            // stop-and-go reads a core keeps in flight (1..15)
  // The chip's own ring (sim/ring/ring_variants.def): what --variant means when
  // it is not given. The M3 Air's is the erratum, bug.
  RingVariant ring_variant = RingVariant::kBug;
  // The engine's intake per core, G weights per second, by stored format
  // (ane.drain: "int8", "int4", "lut4", ...): it takes a task's lines from
  // KMem no faster, and a full KMem holds the ring's requests back. A format
  // not listed is not limited: the kernel DMA alone sets its pace.
  std::map<std::string, double> drain_gweights_per_s;
};

// The memory system's performance state (DVFS). At launch the SoC runs the
// fabric and DRAM at a lower clock and raises it once the ANE has streamed
// for a while (docs/ring-mechanism.md, "Why short transfers cost more per
// line"). Every timing stays the same number of cycles; a cycle lasts
// 1 / start_clock_mhz before the boost and 1 / dram.clock_mhz after it.
struct PowerConfig {
  double start_clock_mhz = 0;       // CK from launch until the boost (= dram.clock_mhz: no boost)
  uint64_t boost_after_cycles = 0;  // cycles at the start clock, counted from launch
};

// What serves the fabric's reads: a name of Registry<MemoryTargetKind>
// (sim/memory/memory_target_kind.h), the channels of the dram section by
// default. Each target reads its own keys of the `memory:` section into
// `settings`, and only it reads them back.
struct MemoryConfig {
  std::string target = "dram_channels";
  std::map<std::string, double> settings;
  // A key the target read (the reader guarantees it is there).
  double setting(const std::string& key) const { return settings.at(key); }
};

struct SimulationConfig {
  uint64_t max_cycles = 0;      // guard against runs that would never end
  uint32_t quantum_cycles = 0;  // SystemC time-decoupling quantum
};

struct MachineConfig {
  std::string source;  // where the values came from (file name or "<built-in>")
  DramConfig dram;
  FabricConfig fabric;
  AneConfig ane;
  PowerConfig power;
  MemoryConfig memory;
  SimulationConfig sim;

  // The nominal cycle (after the boost).
  double cycle_ns() const { return 1000.0 / dram.clock_mhz; }
  // How long cycle `cycle` lasts, and when cycles [0, cycles) end, in ns
  // from launch.
  double cycle_ns_at(uint64_t cycle) const {
    return cycle < power.boost_after_cycles ? 1000.0 / power.start_clock_mhz : cycle_ns();
  }
  // Fractional cycles too: a step composed from table times falls between
  // whole cycles.
  double cycles_to_ns(double cycles) const {
    const double boost = static_cast<double>(power.boost_after_cycles);
    const double slow = cycles < boost ? cycles : boost;
    return slow * (1000.0 / power.start_clock_mhz) + (cycles - slow) * cycle_ns();
  }
  // The inverse of cycles_to_ns: how many cycles (fractional) end `ns` after launch.
  double ns_to_cycles(double ns) const {
    const double boost = static_cast<double>(power.boost_after_cycles);
    const double slow_ns = boost * (1000.0 / power.start_clock_mhz);
    if (ns <= slow_ns) return ns / (1000.0 / power.start_clock_mhz);
    return boost + (ns - slow_ns) / cycle_ns();
  }
  double peak_gbps() const {
    return dram.channels * dram.channel_bytes_per_cycle * dram.clock_mhz / 1000.0;
  }
  // CK per line of one core's share of the memory's peak when every core
  // streams: a line of peak / cores lasts 64 * cores / peak ns.
  double shared_port_cycles() const {
    return 64.0 * ane.cores / peak_gbps() * dram.clock_mhz / 1000.0;
  }
  // The cores' ports together can outrun the memory (a phone's narrow bus).
  bool ports_outrun_memory() const { return shared_port_cycles() > fabric.port_cycles_per_line; }
};

}  // namespace anesim
