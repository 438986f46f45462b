// The anesim binary end to end (each run is its own process, as SystemC
// requires): the main job, the JSON keys, and clear errors with non-zero exit
// codes for bad values.
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <fstream>
#include <sstream>
#include <string>

#include "test_support.h"

namespace anesim {
namespace {

using test::Outcome;
using test::slurp;

std::string scratch_dir() {
  static const std::string dir = test::fresh_dir("anesim-cli");
  return dir;
}

Outcome run(const std::string& args) { return test::run_anesim(args); }

TEST_CASE("anesim --variant bug --lines 0x4000 prints the run", "[cli][e2e]") {
  const Outcome o = run("--variant bug --lines 0x4000");
  REQUIRE(o.rc == 0);
  CHECK(o.err.empty());
  CHECK_THAT(o.out, Catch::Contains("variant bug"));
  CHECK_THAT(o.out, Catch::Contains("16384 (0x4000)"));
  CHECK_THAT(o.out, Catch::Contains("k = 1 laps, x = +0 lines"));
  CHECK_THAT(o.out, Catch::Contains("notch            yes"));
  CHECK_THAT(o.out, Catch::Contains("GB/s (all cores' bytes / simulated time)"));
  CHECK_THAT(o.out, Catch::Contains("demand path      262144 lines (100.0 %)"));
  CHECK_THAT(o.out, Catch::Contains("all 262144 lines delivered once"));
}

TEST_CASE("JSON output carries the documented keys", "[cli][e2e]") {
  const Outcome o = run("--variant fix --lines 0x4000 --cores 4 --split 2 --json");
  REQUIRE(o.rc == 0);
  const Json j = Json::parse(o.out);
  CHECK(j.at("variant") == variant_name(RingVariant::kFix));
  CHECK(j.at("cores") == 4);
  CHECK(j.at("lines_per_core") == 16384);
  CHECK(j.at("tasks") == 2);
  for (const char* key : {"time_us", "gbps", "sim_cycles"}) {
    CHECK(j.at(key).is_number());
  }
  CHECK(j.at("lines_prefetched") == 65536);
  CHECK(j.at("lines_demand") == 0);
  CHECK(j.at("lines_lost") == 0);
  CHECK(j.at("notch") == false);
}

TEST_CASE("a layer shape (cin, cout) sizes the transfer like the published shapes", "[cli][e2e]") {
  const Outcome o = run("--cin 2048 --cout 4096 --cores 1 --json");
  REQUIRE(o.rc == 0);
  CHECK(Json::parse(o.out).at("lines_per_core") == 16384);
}

TEST_CASE("bad values get a clear message and exit code 2", "[cli][errors]") {
  struct Case {
    const char* args;
    const char* message;
  };
  for (const Case& c : {Case{"--lines 0", "--lines: '0' is too small"},
                        Case{"--lines -5", "--lines: '-5' is not a number"},
                        Case{"--lines 0x1g", "--lines: '0x1g' is not a number"},
                        Case{"--lines 4294967296", "--lines: '4294967296' is too large"},
                        Case{"--lines 16 --cores 17", "--cores: '17' is too large (at most 16)"},
                        Case{"--lines 16 --cores 0", "--cores: '0' is too small"},
                        Case{"--lines 16 --split 17", "--split: '17' is too large (at most 16)"},
                        Case{"--lines 16 --variant buggy", "--variant: 'buggy' is not a variant"},
                        Case{"", "no transfer size"},
                        Case{"--lines 16 --bogus", "bogus"},
                        Case{"--lines 16 --cin 5 --cout 5", "excludes"},
                        Case{"--variant fix --lines 0xffffffff", "more than simulation.max_cycles"}}) {
    INFO(c.args);
    const Outcome o = run(c.args);
    CHECK(o.rc == 2);
    CHECK_THAT(o.err, Catch::Contains(c.message));
    CHECK(o.out.empty());
  }
}

TEST_CASE("a missing or malformed --config exits 3 naming the file", "[cli][errors]") {
  const std::string dir = scratch_dir();
  Outcome o = run("--lines 16 --config " + dir + "/missing.yaml");
  CHECK(o.rc == 3);
  CHECK_THAT(o.err, Catch::Contains(dir + "/missing.yaml: cannot open config file"));

  std::ofstream(dir + "/bad.yaml") << "dram:\n  preset: x\n  clock_mhz: fast\n";
  o = run("--lines 16 --config " + dir + "/bad.yaml");
  CHECK(o.rc == 3);
  CHECK_THAT(o.err, Catch::Contains(dir + "/bad.yaml:3:14: dram.clock_mhz: expected a positive"));

  std::ofstream(dir + "/notyaml.yaml") << "dram: {\n";
  o = run("--lines 16 --config " + dir + "/notyaml.yaml");
  CHECK(o.rc == 3);
  CHECK_THAT(o.err, Catch::Contains("not valid YAML"));
}

TEST_CASE("waveforms land whole, under the requested names only", "[cli][waves]") {
  const std::string dir = scratch_dir();
  const Outcome o = run("--lines 0x4000 --cores 2 --vcd " + dir + "/w.vcd --fst " + dir +
                        "/w.fst --wave-cycles 2000");
  REQUIRE(o.rc == 0);
  const std::string vcd = slurp(dir + "/w.vcd");
  CHECK_THAT(vcd, Catch::Contains("$scope module core00"));
  CHECK_THAT(vcd, Catch::Contains("prefetch_credit_o"));
  CHECK_THAT(vcd, Catch::Contains("ring_rd_ptr_o"));
  // Every signal the shipped GTKWave layout names is in the dump.
  std::istringstream layout(slurp(ANESIM_SOURCE_DIR "/docs/ring_review.gtkw"));
  int named = 0;
  for (std::string line; std::getline(layout, line);) {
    if (line.rfind("core0", 0) != 0) {
      continue;
    }
    const std::string leaf = line.substr(line.rfind('.') + 1);
    const std::string base = leaf.substr(0, leaf.find('['));
    INFO(line);
    CHECK_THAT(vcd, Catch::Contains(" " + base + " "));
    ++named;
  }
  CHECK(named >= 30);
  struct stat st {};
  CHECK(stat((dir + "/w.fst").c_str(), &st) == 0);
  CHECK(st.st_size > 0);
  // A directory that does not exist: exit 4, and nothing is written.
  const Outcome bad = run("--lines 16 --vcd " + dir + "/nodir/w.vcd");
  CHECK(bad.rc == 4);
  CHECK_THAT(bad.err, Catch::Contains("nodir/w.vcd: directory"));
}

}  // namespace
}  // namespace anesim
