// End to end through the anesim binary: every class of bad input gets one
// clear message and its documented exit code (docs/cli.md). Runs the binary as a child process
// (SystemC elaborates once per process), without a shell so arguments reach it verbatim.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include <anesim/cli/exit_codes.h>
#include <anesim/machine/machine_config_reader.h>
#include "test_support.h"

namespace anesim {
namespace {

namespace fs = std::filesystem;

using test::fresh_dir;
using test::Outcome;
using test::slurp;
using test::spawn_anesim;

Outcome run(const std::vector<std::string>& args) { return test::run_anesim(args); }

// One message, on stderr, no report on stdout, none of what an abort,
// an uncaught exception or a SystemC report would print.
void check_one_clear_error(const Outcome& o, int rc, const std::string& message) {
  CHECK(o.rc == rc);
  CHECK_THAT(o.err, Catch::Contains(message));
  CHECK(o.out.empty());
  for (const char* bad : {"terminate called", "Aborted", "Error: (E",
                          "In file:", "what():", "AddressSanitizer", "runtime error"}) {
    CHECK_THAT(o.err, !Catch::Contains(bad));
  }
  // One line: CLI11's refusals too (cli/usage_errors.h).
  size_t lines = 0;
  for (char ch : o.err) {
    lines += ch == '\n';
  }
  CHECK(lines == 1);
}

// The 1-based line of the first `text` in `yaml`.
size_t line_of(const std::string& yaml, const std::string& text) {
  const size_t at = yaml.find(text);
  REQUIRE(at != std::string::npos);
  return 1 + static_cast<size_t>(std::count(yaml.begin(), yaml.begin() + at, '\n'));
}

std::string shipped_yaml() { return slurp(ANESIM_SOURCE_DIR "/configs/chips/m3-air.yaml"); }

// The shipped config's max_cycles line, whatever its value.
std::string max_cycles_line() {
  const std::string y = shipped_yaml();
  const size_t at = y.find("max_cycles: ");
  REQUIRE(at != std::string::npos);
  return y.substr(at, y.find_first_not_of("0123456789", at + 12) - at);
}

std::string replaced(const std::string& from, const std::string& to) {
  return test::replace_once(shipped_yaml(), from, to);
}

TEST_CASE("bad option values: one message naming the option, exit 2", "[cli][errors][robust]") {
  struct Case {
    std::vector<std::string> args;
    const char* message;
  };
  const std::vector<Case> cases = {
      {{"--lines", "12ab"}, "--lines: '12ab' is not a number"},
      {{"--lines", "1.5"}, "--lines: '1.5' is not a number"},
      {{"--lines", ""}, "no transfer size"},
      {{"--lines", "0x"}, "--lines: '0x' is not a number"},
      {{"--lines", "+16"}, "no sign"},
      {{"--lines", "-1"}, "no sign"},
      {{"--lines", "0"}, "--lines: '0' is too small (at least 1)"},
      {{"--lines", "4294967296"}, "--lines: '4294967296' is too large (at most 4294967295)"},
      {{"--lines", "0x1_0000_0000"}, "is not a number"},
      {{"--lines", "18446744073709551616"}, "too large"},
      {{"--lines", "16\nx"}, "--lines: '16\\x0ax' is not a number"},
      {{"--lines", "16", "--cores", "0"}, "--cores: '0' is too small (at least 1)"},
      {{"--lines", "16", "--cores", "17"}, "--cores: '17' is too large (at most 16)"},
      {{"--lines", "16", "--cores", "0x11"}, "--cores: '0x11' is too large (at most 16)"},
      {{"--lines", "16", "--split", "0"}, "--split: '0' is too small (at least 1)"},
      {{"--lines", "16", "--split", "17"}, "--split: '17' is too large (at most 16)"},
      {{"--lines", "16", "--task-lines", "8,9"},
       "--task-lines: the tasks add up to 17 lines, but each core moves 16"},
      {{"--lines", "16", "--task-lines", "8,0,8"}, "--task-lines: '0' is too small (at least 1)"},
      {{"--lines", "16", "--task-lines", "8,x"}, "--task-lines: 'x' is not a number"},
      {{"--lines", "16", "--task-lines", "8,8", "--split", "2"},
       "--task-lines and --split both set the tasks"},
      {{"--lines", "16", "--base-line", "4294967296"}, "--base-line: '4294967296' is too large"},
      {{"--lines", "16", "--base-line", "-1"}, "--base-line: '-1' is not a number"},
      {{"--cin", "0", "--cout", "16"}, "--cin: '0' is too small"},
      {{"--cin", "16"}, "--cin requires --cout"},
      {{"--lines", "16", "--vcd", "w.vcd", "--wave-cycles", "0"},
       "--wave-cycles: '0' is too small (at least 1)"},
      {{"--lines", "16", "--vcd", "w.vcd", "--wave-cycles", "10000001"},
       "--wave-cycles: '10000001' is too large (at most 10000000)"},
      {{"--lines", "16", "--vcd", "w.vcd", "--wave-from", "99999999999999"},
       "--wave-from: '99999999999999' is too large (at most "},  // simulation.max_cycles
      {{"--lines", "16", "--wave-from", "5"}, "--wave-from: no waveform requested"},
      {{"--lines", "16", "--wave-cycles", "5"}, "--wave-cycles: no waveform requested"},
      {{"--lines", "16", "--variant", "Bug"}, "--variant: 'Bug' is not a variant"},
      {{"--lines", "16", "--variant", ""}, "--variant: '' is not a variant"},
      {{"--lines", "16", "--config", ""}, "--config: expected a file name"},
      {{"--lines", "16", "--vcd", ""}, "--vcd: expected a file name"},
      {{"--lines", "16", "--frobnicate"}, "--frobnicate"},
      {{"--lines", "16", "extra"}, "extra"},
      {{"--lines", "16", "bench"}, "--lines: not a bench option"},
      {{"bench", "--lines", "0"}, "--lines: '0' is too small"},
      {{"bench", "--cores", "2"}, "--cores"},
      {{"bench", "--config", ""}, "--config: expected a file name"},
      {{"--variant", "fix", "replay", "traces"}, "--variant: not a replay option"},
      {{"--cores", "2", "sweep", "--lines-range", "16:32:16"}, "--cores: not a sweep option"},
      {{"sweep", "--lines-range", "16:32:16", "--csv", ""}, "--csv: expected a file name"},
      {{"--lines", "16", "--memory", "builtin", "--config",
        ANESIM_SOURCE_DIR "/configs/m3-air-fixed-memory.yaml"},
       "--memory builtin: " ANESIM_SOURCE_DIR "/configs/m3-air-fixed-memory.yaml selects "
       "memory.target fixed_latency"},
      {{"bench", "--config", ANESIM_SOURCE_DIR "/configs/m3-air-fixed-memory.yaml"},
       "bench measures the built-in LPDDR5 model only"},
      // What CLI11 refuses, said as every other error, arguments in order.
      {{"sweep", "--from", "5", "--to", "1"},
       "anesim: error: anesim sweep takes no such arguments: --from 5 --to 1 "
       "(see anesim sweep --help)"},
      {{"calibrate"}, "anesim: error: anesim calibrate needs its files (none given)"},
      {{"--cin", "16", "--cout", "16", "--lines", "16"}, "anesim: error: --lines excludes"},
      {{"advise", "--cin", "16"},
       "anesim: error: --cin requires --cout (see anesim advise --help)"},
  };
  for (const Case& c : cases) {
    std::string shown;
    for (const std::string& a : c.args) {
      shown += "[" + a + "] ";
    }
    INFO(shown);
    check_one_clear_error(run(c.args), kExitUsage, c.message);
  }
}

TEST_CASE("bad config files: file:line:column: field: what, exit 3",
          "[cli][errors][config][robust]") {
  const std::string dir = fresh_dir();
  auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir + "/" + name, std::ios::binary) << text;
    return dir + "/" + name;
  };
  struct Case {
    std::string path;
    std::string message;
  };
  const std::vector<Case> cases = {
      {dir + "/missing.yaml", dir + "/missing.yaml: cannot open config file: No such file"},
      {dir, dir + ": cannot open config file: is a directory"},
      {write("empty.yaml", ""), "empty.yaml: the file is empty"},
      {write("comments.yaml", "# nothing\n\n"), "comments.yaml: the file is empty"},
      {write("utf16.yaml", std::string("\xff\xfe"
                                       "d\0r\0",
                                       6)),
       "utf16.yaml: the file is UTF-16 (it starts with that byte-order mark); save it as UTF-8"},
      {write("notyaml.yaml", "dram: {\n"), "notyaml.yaml:2:1: not valid YAML"},
      {write("binary.yaml", std::string("\x7f"
                                        "ELF\x02\x01\x01\0\0\0\"\\\x9f",
                                        14)),
       "binary.yaml"},
      {write("list.yaml", "- dram\n- fabric\n"),
       "list.yaml:1:1: top level: expected a mapping of keys to values"},
      {write("scalar.yaml", "hello\n"), "scalar.yaml:1:1: top level: expected a mapping"},
      {write("shape.yaml", replaced("fabric:\n", "fabric: 5\nunused:\n")),
       ":9: fabric: expected a mapping of keys to values"},
      {write("unknown.yaml", replaced("  rcd: 15", "  rcd: 15\n    rcdd: 15")),
       "dram.timings.rcdd: unknown key"},
      {write("dup.yaml", replaced("  rcd: 15", "  rcd: 15\n    rcd: 16")),
       fmt::format("dram.timings.rcd: duplicate key (first given at line {})",
                   line_of(shipped_yaml(), "  rcd: 15"))},
      {write("key.yaml", replaced("fabric:\n", "[a, b]: 1\nfabric:\n")),
       "top level: expected a plain key name"},
      // A key is the user's text: the message shows it escaped, on one line.
      {write("keynl.yaml", replaced("fabric:\n", "\"x\\ny\": 1\nfabric:\n")),
       "x\\x0ay: unknown key"},
      {write("bw0.yaml", replaced("channel_bytes_per_cycle: 16", "channel_bytes_per_cycle: 0")),
       "dram.channel_bytes_per_cycle: 0 is not 16 (8 data beats per CK on x16)"},
      {write("bwneg.yaml", replaced("channel_bytes_per_cycle: 16", "channel_bytes_per_cycle: -16")),
       "dram.channel_bytes_per_cycle: expected a whole number, got '-16' (negative values are "
       "not allowed)"},
      {write("lat0.yaml", replaced("response_latency: 2", "response_latency: 0")),
       "fabric.response_latency: 0 is out of range"},
      {write("latbig.yaml", replaced("response_latency: 2", "response_latency: 4294967296")),
       "fabric.response_latency: 4294967296 is out of range"},
      {write("lat64.yaml",
             replaced("response_latency: 2", "response_latency: 99999999999999999999")),
       "too large for 64 bits"},
      {write("clk0.yaml", replaced("clock_mhz: 800", "clock_mhz: 0")),
       "dram.clock_mhz: expected a positive number, got '0'"},
      {write("clkneg.yaml", replaced("clock_mhz: 800", "clock_mhz: -800")),
       "dram.clock_mhz: expected a positive number, got '-800'"},
      {write("clkinf.yaml", replaced("clock_mhz: 800", "clock_mhz: .inf")), "dram.clock_mhz"},
      {write("clkbig.yaml", replaced("clock_mhz: 800", "clock_mhz: 1e9")),
       "dram.clock_mhz: 1e9 is out of range (expected 1..100000)"},
      {write("cores.yaml", replaced("cores: 16", "cores: 0")), "ane.cores: 0 is out of range"},
      {write("kmem.yaml", replaced("kmem_lines: 1024", "kmem_lines: 512")),
       "ane.kmem_lines: 512 is out of range (expected 1024..1024)"},
      {write("rfc.yaml", replaced("rfc: 224", "rfc: 5000")),
       "dram.timings.rfc: 5000 is not less than refi"},
      {write("refmode.yaml", replaced("refresh: per_bank", "refresh: sometimes")),
       "dram.refresh: 'sometimes' is not a refresh mode (all_bank, per_bank)"},
      {write("refpb.yaml", replaced("refresh: per_bank", "refresh: all_bank")),
       "dram.timings.rfcpb: is a per-bank refresh timing; set dram.refresh: per_bank"},
      {write("refpbmissing.yaml", replaced("    rfcpb: 112", "    #rfcpb: 112")),
       "dram.timings.rfcpb: missing key"},
      {write("refpbbig.yaml", replaced("rfcpb: 112", "rfcpb: 400")),
       "dram.timings.rfcpb: 400 (or pbr2pbr 72) is not less than refi / 8 (390)"},
      {write("port0.yaml", replaced("port_cycles_per_line: ", "port_cycles_per_line: 0.5 #")),
       "fabric.port_cycles_per_line: 0.5 is out of range (expected 1..1000000)"},
      {write("maxc.yaml", replaced(max_cycles_line(), "max_cycles: 18446744073709551615")),
       "simulation.max_cycles: 18446744073709551615 cycles at 800 MHz exceed SystemC's time"},
      {write("huge.yaml", std::string(kMaxConfigBytes + 10, '#')), "config file too large"},
      {write("ctrl.yaml", replaced("clock_mhz: 800", "clock_mhz: \"8\\e00\"")), "\\x1b"},
      {write("ringvar.yaml", replaced("kmem_lines: 1024", "kmem_lines: 1024\n  ring_variant: m5")),
       "ane.ring_variant: 'm5' is not a variant (bug, fix, "},
      {write("memtarget.yaml", replaced("fabric:\n", "memory:\n  target: dramsys\nfabric:\n")),
       "memory.target: 'dramsys' is not a memory target (dram_channels, fixed_latency)"},
      {write("memextra.yaml",
             replaced("fabric:\n", "memory:\n  target: dram_channels\n  latency_ns: 5\nfabric:\n")),
       "memory.latency_ns: unknown key"},
      {write("memmissing.yaml", replaced("fabric:\n",
                                         "memory:\n  target: fixed_latency\n"
                                         "  latency_ns: 50\nfabric:\n")),
       "memory.bandwidth_gbps"},
      {write("membw.yaml", replaced("fabric:\n",
                                    "memory:\n  target: fixed_latency\n"
                                    "  latency_ns: 50\n  bandwidth_gbps: 0\n"
                                    "  queue_depth: 4\nfabric:\n")),
       "memory.bandwidth_gbps: expected a positive number, got '0'"},
  };
  for (const Case& c : cases) {
    INFO(c.path);
    const Outcome o = run({"--lines", "16", "--config", c.path});
    check_one_clear_error(o, kExitConfig, c.message);
  }
  if (geteuid() != 0) {  // root reads every file: CI runs as root
    const std::string locked = write("locked.yaml", shipped_yaml());
    chmod(locked.c_str(), 0);
    check_one_clear_error(run({"--lines", "16", "--config", locked}), kExitConfig,
                          "locked.yaml: cannot open config file: Permission denied");
  }
}

TEST_CASE("config files: aliases work, the bench reads --config too", "[cli][config][robust]") {
  const std::string dir = fresh_dir();
  const std::string path = dir + "/alias.yaml";
  // The held response latency (2) is anchored and aliased by the credits.
  std::string y = replaced("response_latency: 2", "response_latency: &lat 2");
  y.replace(y.find("credits_per_core: 16"), 20, "credits_per_core: *lat");
  std::ofstream(path) << y;
  const MachineConfig c = load_config_file(path);
  CHECK(c.fabric.credits_per_core == 2);
  const Outcome o = run({"--lines", "16", "--cores", "1", "--config", path, "--json"});
  CHECK(o.rc == 0);
  CHECK(o.err.empty());
  // An alias cycle is an error, not a hang or a crash.
  CHECK_THROWS_AS(parse_config("a: &x {b: *x}\n", "t.yaml"), ConfigError);
}

TEST_CASE("unwritable outputs: exit 4 before simulating, nothing written",
          "[cli][errors][robust]") {
  const std::string dir = fresh_dir();
  fs::create_directory(dir + "/sub");
  std::ofstream(dir + "/file") << "x";
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{"--lines", "16", "--vcd", dir + "/nodir/w.vcd"},
       dir + "/nodir/w.vcd: directory '" + dir + "/nodir' does not exist"},
      {{"--lines", "16", "--fst", dir + "/nodir/w.fst"}, "nodir' does not exist"},
      {{"--lines", "16", "--vcd", dir + "/file/w.vcd"}, "/file' is a file, not a directory"},
      {{"--lines", "16", "--vcd", dir + "/sub"}, dir + "/sub: is a directory"},
      {{"--lines", "16", "--vcd", "/proc/anesim-test.vcd"}, "/proc/anesim-test.vcd: cannot create"},
  };
  for (const Case& c : cases) {
    INFO(c.args[3]);
    check_one_clear_error(run(c.args), kExitOutput, c.message);
  }
  if (geteuid() != 0) {
    chmod((dir + "/sub").c_str(), 0500);
    check_one_clear_error(run({"--lines", "16", "--vcd", dir + "/sub/w.vcd"}), kExitOutput,
                          "is not writable");
    chmod((dir + "/sub").c_str(), 0700);
  }
  CHECK(fs::is_empty(dir + "/sub"));
}

TEST_CASE("a run that loses lines or hits max_cycles exits 1", "[cli][errors][robust]") {
  // Through the binary: a max_cycles above the transfer's best case (the
  // run is not refused up front) but below what the bug's stop-and-go
  // path at one full lap takes.
  const std::string dir = fresh_dir();
  std::ofstream(dir + "/short.yaml") << replaced(max_cycles_line(), "max_cycles: 400000");
  const Outcome o = run(
      {"--variant", "bug", "--lines", "0x4000", "--cores", "1", "--config", dir + "/short.yaml"});
  CHECK(o.rc == kExitSimulationFailed);
  CHECK_THAT(o.err, Catch::Contains("simulation.max_cycles"));
  CHECK_THAT(o.err, Catch::Contains("lines lost"));

  // The decision itself: a lost line alone is a failure.
  const MachineConfig cfg = builtin_config();
  SimulationOutcome lost;
  lost.result.lines_lost = 1;
  lost.result.scoreboard_error = "core 0: line 5 missing";
  CHECK(failure_exit_code(lost, cfg) == kExitSimulationFailed);
  SimulationOutcome assertion;
  assertion.result.rtl_assertion_failed = true;
  CHECK(failure_exit_code(assertion, cfg) == kExitSimulationFailed);
  CHECK(failure_exit_code(SimulationOutcome{}, cfg) == kExitOk);
}

}  // namespace
}  // namespace anesim
