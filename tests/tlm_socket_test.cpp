// The sc_module hierarchy and its TLM-2.0 sockets (sim/top/ane_system.h):
//  * a platform binds its own AT targets (the example FixedLatencyMemory,
//    payload event queue, SystemC time) to the fabric's sockets; the
//    protocol checker sees every transaction;
//  * --memory tlm through the sockets prints what --memory builtin prints,
//    for bug and fix, split and unsplit, 1 and 16 cores;
//  * memory.target fixed_latency serves reads with its latency and within
//    its bandwidth;
//  * --print-hierarchy names the data path.
// SystemC elaborates once per process: each TEST_CASE here elaborates at
// most once, and ctest runs every case in a process of its own.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <anesim/machine/machine_config_reader.h>
#include <sim/core/workload.h>
#include <sim/memory/fixed_latency_memory.h>
#include <sim/top/ane_system.h>
#include "test_support.h"
#include "tlm_protocol_checker.h"

namespace anesim {
namespace {

const std::string kFixedConfig = ANESIM_SOURCE_DIR "/configs/m3-air-fixed-memory.yaml";

// `yaml` with the number after "key: " (its first occurrence) set to `value`.
std::string with_value(const std::string& yaml, const std::string& key, const std::string& value) {
  const size_t at = yaml.find(key + ": ");
  REQUIRE(at != std::string::npos);
  const size_t from = at + key.size() + 2;
  const size_t to = yaml.find_first_of(" \n", from);
  return yaml.substr(0, from) + value + yaml.substr(to);
}

// The fixed-latency config without the boost (every cycle at 800 MHz, so a
// latency is a whole number of cycles) and without the launch intercept.
std::string steady_fixed_yaml(const std::string& latency_ns, const std::string& gbps) {
  std::string y = test::slurp(kFixedConfig);
  y = with_value(y, "start_clock_mhz", "800");
  y = with_value(y, "launch_overhead_cycles", "0");
  y = with_value(y, "latency_ns", latency_ns);
  return with_value(y, "bandwidth_gbps", gbps);
}

std::string write_config(const std::string& name, const std::string& yaml) {
  const std::string path = test::fresh_dir() + "/" + name;
  std::ofstream(path) << yaml;
  return path;
}

nlohmann::json run_json(const std::string& args) {
  const test::Outcome o = test::run_anesim(args + " --json");
  INFO(args << "\n" << o.err);
  REQUIRE(o.rc == 0);
  return nlohmann::json::parse(o.out);
}

TEST_CASE("sockets: a platform binds its own AT targets, every transaction by the protocol",
          "[tlm][sockets]") {
  MachineConfig cfg = load_config_file(kFixedConfig);
  cfg.ane.launch_overhead_cycles = 0;  // the memory alone sets the pace
  RunSpec spec;
  spec.variant = RingVariant::kFix;
  Workload w;
  w.lines_per_core = 0x800;
  w.cores = 16;
  w.split = 2;
  spec.tasks = build_tasks(w);
  spec.memory = MemoryCoupling::kTlm;
  test::ProtocolChecker checker;
  spec.tlm_observer = &checker;
  AneSystem system("anesim", cfg, spec, AneSystem::Memory::kExternal);
  // Two reads in service per channel, 80 ns each: END_REQ back-pressure
  // caps each channel at 2 x 64 B per 80 ns (Little's law), 12.8 GB/s for
  // eight, below the 51.2 GB/s of the 10 ns line time.
  std::vector<std::unique_ptr<FixedLatencyMemory>> memories;
  for (uint32_t ch = 0; ch < cfg.dram.channels; ++ch) {
    memories.push_back(std::make_unique<FixedLatencyMemory>(
        ("memory" + std::to_string(ch)).c_str(), sc_core::sc_time(80, sc_core::SC_NS),
        sc_core::sc_time(10, sc_core::SC_NS), 2));
    system.to_dram(ch).bind(memories.back()->socket);
  }
  sc_core::sc_start();
  const SimulationOutcome out = system.outcome();
  CHECK_FALSE(out.exceeded_max_cycles);
  CHECK(out.result.lines_lost == 0);
  CHECK(out.result.scoreboard_error.empty());
  CHECK(out.result.lines_total == 16u * 0x800);
  CHECK(checker.error_.empty());
  CHECK(checker.all_done());
  CHECK(checker.begun_ == out.result.lines_total);
  CHECK(checker.completed_ == checker.begun_);
  CHECK(checker.deferred_ > 0);
  CHECK(out.result.gbps <= 12.8 * 1.001);
  CHECK(out.result.gbps >= 12.8 * 0.95);
}

TEST_CASE("sockets: --memory tlm prints what --memory builtin prints", "[tlm][sockets][cli]") {
  for (const char* variant : {"bug", "fix"}) {
    for (const char* cores : {"1", "16"}) {
      for (const char* split : {"1", "4"}) {
        const std::string args = std::string("--variant ") + variant + " --cores " + cores +
                                 " --split " + split + " --lines 0x2000 --json";
        INFO(args);
        const test::Outcome direct = test::run_anesim(args + " --memory builtin");
        const test::Outcome sockets = test::run_anesim(args + " --memory tlm");
        REQUIRE(direct.rc == 0);
        REQUIRE(sockets.rc == 0);
        CHECK(sockets.out == direct.out);
      }
    }
  }
  // Inside the V, where the lookahead's share of time opens and shuts.
  const std::string v = "--variant bug --cores 16 --lines 0x3fc0 --json";
  const test::Outcome direct = test::run_anesim(v + " --memory builtin");
  REQUIRE(direct.rc == 0);
  CHECK(test::run_anesim(v + " --memory tlm").out == direct.out);
  CHECK(test::run_anesim("--lines 0x100 --memory dramsys").rc == 2);
}

TEST_CASE("fixed-latency target: each unloaded read takes the latency", "[tlm][sockets][cli]") {
  // 200 ns at 800 MHz = 160 cycles from acceptance to data; the bug's
  // demand path at k = 1 keeps ane.demand_depth reads in flight per core (2
  // on the M3 Air).
  const std::string cfg = write_config("slow.yaml", steady_fixed_yaml("200", "1000"));
  const nlohmann::json j = run_json("--variant bug --cores 1 --lines 0x4000 --config " + cfg);
  CHECK(j["lines_lost"] == 0);
  CHECK(j["lines_demand"] == 0x4000);
  const double dram = j["latency"]["demand"]["stages"]["dram"];
  CHECK(dram == Approx(160).margin(1));
  // Two reads at a time: the time per line is at least half the latency.
  CHECK(j["time_us"].get<double>() * 1000.0 / 0x4000 > 200.0 / 2);
}

TEST_CASE("fixed-latency target: the bandwidth limit holds under load", "[tlm][sockets][cli]") {
  for (const char* gbps : {"20", "35"}) {
    const std::string cfg = write_config("bw.yaml", steady_fixed_yaml("60", gbps));
    const nlohmann::json j = run_json("--variant fix --cores 16 --lines 0x2000 --config " + cfg);
    INFO("bandwidth_gbps " << gbps);
    CHECK(j["lines_lost"] == 0);
    const double limit = std::stod(gbps);
    CHECK(j["gbps"].get<double>() <= limit * 1.001);
    CHECK(j["gbps"].get<double>() >= limit * 0.95);
  }
}

TEST_CASE("fixed-latency target: waveform and line log in lockstep, stages in order",
          "[tlm][sockets][cli]") {
  const std::string dir = test::fresh_dir();
  const std::string cfg = write_config("slow.yaml", steady_fixed_yaml("200", "1000"));
  const std::string run = "--variant fix --cores 2 --lines 0x400 --config " + cfg;
  const test::Outcome plain = test::run_anesim(run + " --json");
  const test::Outcome dumped =
      test::run_anesim(run + " --json --vcd " + dir + "/w.vcd --line-log " + dir + "/lines.csv");
  REQUIRE(plain.rc == 0);
  REQUIRE(dumped.rc == 0);
  CHECK(dumped.out == plain.out);  // watching does not change the run
  CHECK(test::slurp(dir + "/w.vcd").find("$scope module core01 $end") != std::string::npos);
  std::istringstream csv(test::slurp(dir + "/lines.csv"));
  std::string row;
  std::getline(csv, row);
  REQUIRE(row == "core,line,path,requested,sent,arrived,command,data,delivered,retired");
  size_t rows = 0;
  while (std::getline(csv, row)) {
    std::vector<uint64_t> v;
    std::istringstream fields(row);
    for (std::string f; std::getline(fields, f, ',');) {
      v.push_back(f == "prefetch" || f == "demand" ? 0 : std::stoull(f));
    }
    REQUIRE(v.size() == 10);
    INFO(row);
    CHECK(v[3] <= v[4]);
    CHECK(v[4] <= v[5]);
    CHECK(v[5] <= v[6]);        // accepted (END_REQ) no earlier than it arrived
    CHECK(v[7] - v[6] == 160);  // 200 ns at 800 MHz from acceptance to data
    CHECK(v[7] <= v[8]);
    CHECK(v[8] <= v[9]);
    ++rows;
  }
  CHECK(rows == 2 * 0x400);
}

TEST_CASE("fixed-latency config: the M3 Air's sections, the example memory", "[tlm][config]") {
  // Only the memory section may differ from the calibrated config it copies.
  const std::string shipped = test::slurp(ANESIM_SOURCE_DIR "/configs/chips/m3-air.yaml");
  const std::string fixed = test::slurp(kFixedConfig);
  CHECK(fixed.substr(fixed.find("\ndram:")) == shipped.substr(shipped.find("\ndram:")));
  const MachineConfig cfg = load_config_file(kFixedConfig);
  CHECK(cfg.memory.target == "fixed_latency");
  CHECK(load_config_file(ANESIM_SOURCE_DIR "/configs/chips/m3-air.yaml").memory.target ==
        "dram_channels");
}

TEST_CASE("hierarchy: --print-hierarchy names the data path", "[sockets][cli]") {
  const test::Outcome tlm = test::run_anesim("--print-hierarchy --cores 3 --memory tlm");
  REQUIRE(tlm.rc == 0);
  for (const char* name :
       {"anesim  anesim::AneSystem\n", "anesim.cluster.core00.ring  anesim::PrefetchRing\n",
        "anesim.cluster.core02.ring", "anesim.fabric  anesim::CreditFabric\n",
        "anesim.fabric.to_dram_0  tlm_initiator_socket\n", "anesim.fabric.to_dram_7 ",
        "anesim.dram.ch0  anesim::DramChannel\n", "anesim.dram.ch7.socket  tlm_target_socket\n"}) {
    CHECK(tlm.out.find(name) != std::string::npos);
  }
  CHECK(tlm.out.find("core03") == std::string::npos);
  // The builtin coupling calls the channels directly: no sockets.
  const test::Outcome direct = test::run_anesim("--print-hierarchy --cores 1");
  REQUIRE(direct.rc == 0);
  CHECK(direct.out.find("anesim.dram.ch0  anesim::DramChannel\n") != std::string::npos);
  CHECK(direct.out.find("socket") == std::string::npos);
  const test::Outcome fixed = test::run_anesim("--print-hierarchy --config " + kFixedConfig);
  REQUIRE(fixed.rc == 0);
  CHECK(fixed.out.find("anesim.dram.ch0  anesim::FixedLatencyMemory\n") != std::string::npos);
  CHECK(fixed.out.find("anesim.fabric.to_dram_0  tlm_initiator_socket\n") != std::string::npos);
}

}  // namespace
}  // namespace anesim
