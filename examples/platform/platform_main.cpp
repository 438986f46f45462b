// A platform that composes the anesim cluster with its own memory: reads a
// machine description, instantiates anesim::AneSystem as an sc_module with
// external memory, binds one AT target per DRAM channel to the fabric's
// TLM-2.0 initiator sockets (here the library's example FixedLatencyMemory;
// any tlm_target_socket<32> will do), runs 2 cores moving 0x800 lines each
// and checks that every line arrived.
//
//   platform CONFIG.yaml      (e.g. PREFIX/share/anesim/configs/chips/m3-air.yaml)
//
// Exit code 0 when the transfer completed with every line delivered, 1 when
// it did not, 2 on a usage or config error.
#include <systemc>

#include <cstdint>
#include <cstdio>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include <anesim/machine/machine_config_reader.h>
#include <sim/core/task.h>
#include <sim/memory/fixed_latency_memory.h>
#include <sim/top/ane_system.h>

int sc_main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s CONFIG.yaml\n", argv[0]);
    return 2;
  }
  anesim::MachineConfig cfg;
  try {
    cfg = anesim::load_config_file(argv[1]);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "platform: %s\n", e.what());
    return 2;
  }

  // The workload: one task descriptor per core, core c's slice of the
  // weights starting right after core c-1's.
  const uint32_t cores = 2, lines_per_core = 0x800;
  anesim::RunSpec spec;
  spec.variant = anesim::RingVariant::kFix;
  for (uint32_t c = 0; c < cores; ++c) {
    anesim::Task task;
    task.start_line = c * lines_per_core;
    task.lines = lines_per_core;
    spec.tasks.push_back({task});
  }
  spec.memory = anesim::MemoryCoupling::kTlm;  // reads leave through the sockets

  anesim::AneSystem ane("anesim", cfg, spec, anesim::AneSystem::Memory::kExternal);
  // The platform's memory: 90 ns per read, 6.4 GB/s and 16 reads in
  // service per channel.
  std::vector<std::unique_ptr<anesim::FixedLatencyMemory>> memory;
  for (uint32_t ch = 0; ch < ane.dram_sockets(); ++ch) {
    memory.push_back(std::make_unique<anesim::FixedLatencyMemory>(
        ("memory" + std::to_string(ch)).c_str(), sc_core::sc_time(90, sc_core::SC_NS),
        sc_core::sc_time(10, sc_core::SC_NS), 16));
    ane.to_dram(ch).bind(memory.back()->socket);
  }
  sc_core::sc_start();
  const anesim::SimulationOutcome outcome = ane.outcome();
  const anesim::RunResult& r = outcome.result;
  std::printf("lines %llu, cycles %llu, %.2f GB/s\n",
              static_cast<unsigned long long>(r.lines_total),
              static_cast<unsigned long long>(r.sim_cycles), r.gbps);

  const uint64_t expected = uint64_t{cores} * lines_per_core;
  bool ok = true;
  if (r.lines_lost != 0) {
    std::fprintf(stderr, "platform: %llu lines lost%s%s\n",
                 static_cast<unsigned long long>(r.lines_lost),
                 r.scoreboard_error.empty() ? "" : ": ", r.scoreboard_error.c_str());
    ok = false;
  }
  if (r.rtl_assertion_failed) {
    std::fprintf(stderr, "platform: an RTL assertion failed\n");
    ok = false;
  }
  if (outcome.exceeded_max_cycles) {
    std::fprintf(stderr, "platform: the run hit simulation.max_cycles\n");
    ok = false;
  }
  if (r.lines_total != expected) {
    std::fprintf(stderr, "platform: %llu lines delivered, expected %llu\n",
                 static_cast<unsigned long long>(r.lines_total),
                 static_cast<unsigned long long>(expected));
    ok = false;
  }
  return ok ? 0 : 1;
}
