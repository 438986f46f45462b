// The machine description reader: the built-in config equals the shipped
// file, and every kind of bad file gets an error naming file, line and field.
#include <catch2/catch.hpp>

#include <filesystem>

#include <anesim/machine/machine_config_reader.h>
#include "test_support.h"

namespace anesim {
namespace {

std::string shipped_yaml() { return test::slurp(ANESIM_SOURCE_DIR "/configs/chips/m3-air.yaml"); }

std::string error_of(const std::string& text) {
  try {
    parse_config(text, "t.yaml");
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

std::string replaced(const std::string& from, const std::string& to) {
  return test::replace_once(shipped_yaml(), from, to);
}

TEST_CASE("the built-in config is configs/chips/m3-air.yaml", "[config]") {
  const MachineConfig a = builtin_config();
  const MachineConfig b = load_config_file(ANESIM_SOURCE_DIR "/configs/chips/m3-air.yaml");
  CHECK(a.dram.t.rcd == b.dram.t.rcd);
  CHECK(a.fabric.port_cycles_per_line == b.fabric.port_cycles_per_line);
  CHECK(a.ane.launch_overhead_cycles == b.ane.launch_overhead_cycles);
  CHECK(a.peak_gbps() == Approx(102.4));
  CHECK(a.ane.cores == 16);
  CHECK(a.ane.kmem_lines == 1024);
}

TEST_CASE("bad configs name the file, line and field", "[config]") {
  CHECK(error_of("") == "t.yaml: the file is empty");
  CHECK(error_of("dram: [1, 2\n").rfind("t.yaml:", 0) == 0);
  CHECK_THAT(error_of("dram: [1, 2\n"), Catch::Contains("not valid YAML"));
  CHECK_THAT(error_of(replaced("rcd: 15", "rcd: fifteen")),
             Catch::Matches("t\\.yaml:\\d+:\\d+: dram\\.timings\\.rcd: expected a whole number, "
                            "got 'fifteen'"));
  CHECK_THAT(error_of(replaced("rcd: 15", "rcd: 0")),
             Catch::Contains("dram.timings.rcd: 0 is out of range"));
  CHECK_THAT(error_of(replaced("rcd: 15", "rcd: -3")), Catch::Contains("dram.timings.rcd"));
  CHECK_THAT(error_of(replaced("clock_mhz: 800", "clock_mhz: 0")),
             Catch::Contains("dram.clock_mhz: expected a positive number, got '0'"));
  CHECK_THAT(error_of(replaced("clock_mhz: 800", "clock_mhz: .nan")),
             Catch::Contains("dram.clock_mhz"));
  CHECK_THAT(error_of(replaced("channels: 8", "channels: 6")),
             Catch::Contains("dram.channels: 6 is not a power of two"));
  CHECK_THAT(error_of(replaced("cores: 16", "cores: 17")),
             Catch::Contains("ane.cores: 17 is out of range (expected 1..16)"));
  CHECK_THAT(error_of(replaced("rcd: 15", "rcd: 15\n    rcdd: 15")),
             Catch::Contains("dram.timings.rcdd: unknown key"));
  CHECK_THAT(error_of(replaced("  rcd: 15", "")), Catch::Contains("dram.timings.rcd: missing key"));
  CHECK_THAT(error_of(replaced("bank_xor_hash: true", "bank_xor_hash: maybe")),
             Catch::Contains("expected true or false"));
  CHECK_THAT(error_of("just a string\n"), Catch::Contains("expected a mapping"));
  CHECK_THAT(error_of("dram: 5\n"), Catch::Contains("dram: expected a mapping"));
  CHECK_THAT(error_of(replaced("demand_depth: 2", "demand_depth: 0")),
             Catch::Contains("ane.demand_depth: 0 is out of range (expected 1..15)"));
  CHECK_THAT(error_of(replaced("demand_depth: 2", "demand_depth: 16")),
             Catch::Contains("ane.demand_depth: 16 is out of range (expected 1..15)"));
  CHECK_THAT(error_of(replaced("response_latency: 2", "response_latency: 99999999999")),
             Catch::Contains("fabric.response_latency"));
}

TEST_CASE("ane.ring_variant: the chip's ring, the default of --variant", "[config][cli]") {
  CHECK(builtin_config().ane.ring_variant == RingVariant::kBug);
  CHECK(load_config_file(ANESIM_SOURCE_DIR "/configs/chips/m4.yaml").ane.ring_variant ==
        test::variant("relatch_epoch1"));
  // Without --variant a run takes the config's ring; --variant overrides it.
  const test::Outcome m4 =
      test::run_anesim(std::string("--lines 0x8000 --cores 1 --json --config ") + ANESIM_SOURCE_DIR
                       "/configs/chips/m4.yaml");
  const test::Outcome m4_bug =
      test::run_anesim(std::string("--lines 0x8000 --cores 1 --json --variant bug --config ") +
                       ANESIM_SOURCE_DIR "/configs/chips/m4.yaml");
  REQUIRE(m4.rc == 0);
  REQUIRE(m4_bug.rc == 0);
  CHECK(m4.out.find("\"variant\":\"relatch_epoch1\"") != std::string::npos);
  CHECK(m4_bug.out.find("\"variant\":\"bug\"") != std::string::npos);
  CHECK(m4.out != m4_bug.out);
}

TEST_CASE("every machine shipped in configs/ loads", "[config]") {
  // A new machine is covered as soon as its file is there: every chip's in
  // configs/chips/ (beside the registry), the experiments' in configs/
  // (models/ holds model descriptions, not machines).
  size_t machines = 0;
  for (const char* dir : {ANESIM_SOURCE_DIR "/configs", ANESIM_SOURCE_DIR "/configs/chips"}) {
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
      if (e.path().extension() == ".yaml" && e.path().filename() != "registry.yaml") {
        INFO(e.path().string());
        CHECK_NOTHROW(load_config_file(e.path().string()));
        ++machines;
      }
    }
  }
  CHECK(machines >= 23);
}

TEST_CASE("a missing config file is reported by name", "[config]") {
  CHECK_THROWS_WITH(load_config_file("/nonexistent/x.yaml"),
                    Catch::Contains("/nonexistent/x.yaml: cannot open config file"));
}

}  // namespace
}  // namespace anesim
