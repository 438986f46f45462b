// Every valid config finishes or says why : machines that cannot
// make progress are refused at load with file:line:field; the progress
// watchdog stops a run that delivers nothing and names the part holding
// the lines; a run stopped at max_cycles reports the cycles it reached; a
// waveform on a full disk fails with exit 4 instead of deadlocking.
#include <catch2/catch.hpp>

#include <fstream>

#include <anesim/cli/exit_codes.h>
#include <sim/top/progress_watchdog.h>
#include "tests/robustness_support.h"

namespace anesim {
namespace {

using test::fresh_dir;
using test::run_anesim;

std::string load_error(const std::string& yaml) {
  try {
    parse_config(yaml, "bad.yaml");
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST_CASE("one bank per channel finishes (the address map's hash had no bits)",
          "[robust][progress]") {
  // No JEDEC standard has one bank: the test-only any_structure does.
  const MachineConfig cfg = parse_config(
      test::any_structure(test::replace_once(test::all_bank_yaml(), "banks: 16", "banks: 1")),
      "one.yaml");
  REQUIRE(cfg.dram.banks == 1);
  for (const bool xor_hash : {true, false}) {
    MachineConfig c = cfg;
    c.dram.bank_xor_hash = xor_hash;
    const RunResult r = test::run_cluster(c, RingVariant::kFix, test::workload(0x200, 1));
    CHECK(r.lines_lost == 0);
    CHECK(r.watchdog_error.empty());
    CHECK(r.lines_total == 0x200);
  }
  // A shipped standard refuses the structure, at its line.
  const std::string why =
      load_error(test::replace_once(test::all_bank_yaml(), "banks: 16", "banks: 1"));
  CHECK_THAT(why, Catch::StartsWith("bad.yaml:") &&
                      Catch::Contains("dram.banks: 1 is not 16 (LPDDR5 has 16 banks per channel"));
}

TEST_CASE("configs that cannot make progress are refused at load with file:line:field",
          "[robust][progress]") {
  struct Case {
    std::string yaml;
    std::string message;
  };
  const std::vector<Case> cases = {
      {test::replace_once(
           test::replace_once(
               test::replace_once(test::replace_once(test::shipped_with("refi: 3124", "refi: 160"),
                                                     "rfc: 224", "rfc: 100"),
                                  "rfcpb: 112", "rfcpb: 1"),
               "pbr2pbr: 72", "pbr2pbr: 1"),
           "pbr2act: 6", "pbr2act: 20"),
       "dram.timings.pbr2act: 20 leaves no time to read"},
      {test::replace_once(test::all_bank_yaml(), "refi: 3124", "refi: 240"),
       "dram.timings.refi: 240 leaves no time to read"},
      {test::any_structure(test::shipped_with("banks: 16", "banks: 1")),
       "dram.banks: per-bank refresh needs at least 2"},
  };
  for (const Case& c : cases) {
    const std::string why = load_error(c.yaml);
    INFO(why);
    CHECK_THAT(why, Catch::StartsWith("bad.yaml:"));
    CHECK_THAT(why, Catch::Contains(c.message));
  }
  // The issue's exact per-bank case is refused too (rfcpb is refused first
  // there: 1 < 16 / 8 holds, so the pbr2act rule must catch it).
  const std::string issue_case = test::replace_once(
      test::replace_once(
          test::replace_once(test::replace_once(test::shipped_yaml(), "refi: 3124", "refi: 16"),
                             "rfc: 224", "rfc: 1"),
          "rfcpb: 112", "rfcpb: 1"),
      "pbr2pbr: 72", "pbr2pbr: 1");
  CHECK_THAT(load_error(issue_case), Catch::Contains("dram.timings.pbr2act: 6 leaves no time"));
}

TEST_CASE("the progress watchdog stops a run that delivers nothing and names the holder",
          "[robust][progress]") {
  // The issue's per-bank refresh, built in C++ past the load-time check:
  // on main it ran for minutes and lost every line.
  MachineConfig cfg = builtin_config();
  cfg.dram.t.refi = 16;
  cfg.dram.t.rfc = 1;
  cfg.dram.t.rfcpb = 1;
  cfg.dram.t.pbr2pbr = 1;
  const RunResult r = test::run_cluster(cfg, RingVariant::kBug, test::workload(0x400, 2));
  INFO(r.watchdog_error);
  CHECK_THAT(r.watchdog_error, Catch::Contains("the progress watchdog stopped the run at cycle"));
  CHECK_THAT(r.watchdog_error, Catch::Contains("refresh holds them"));
  CHECK(r.sim_cycles > 0);
  SimulationOutcome out;
  out.result = r;
  CHECK(failure_exit_code(out, cfg) == kExitSimulationFailed);

  // The bound: generous for the shipped machine, saturating for huge timings.
  const MachineConfig shipped = builtin_config();
  CHECK(progress_bound(shipped, 16) >
        8 * (shipped.ane.launch_overhead_cycles + shipped.ane.task_dispatch_cycles));
  MachineConfig huge = shipped;
  huge.dram.t.ras = UINT32_MAX;
  huge.fabric.credits_per_core = UINT32_MAX;
  CHECK(progress_bound(huge, 16) == UINT64_MAX);

  // It fires only after a whole bound without progress.
  ProgressWatchdog w(shipped, 1);
  const uint64_t b = w.bound();
  CHECK_FALSE(w.stalled(b - 1, 0));
  CHECK_FALSE(w.stalled(b, 1));          // progress since the start
  CHECK_FALSE(w.stalled(2 * b - 1, 1));  // before the next deadline
  CHECK(w.stalled(2 * b, 1));            // none for a whole bound
}

TEST_CASE("the watchdog waits out a task's ops before its dispatch", "[robust][progress]") {
  // A decode step's ops that stream no weights idle the core before a task;
  // with a long per-op overhead that gap outlasts the memory's bound, and
  // the watchdog stopped a valid step (found by calibrate's folds).
  MachineConfig cfg = builtin_config();
  cfg.ane.op_overhead_cycles = 100000;
  RunSpec spec;
  spec.variant = RingVariant::kFix;
  spec.tasks = build_tasks(test::workload(0x200, 1, 2));
  spec.tasks[0][1].ops_before = 40;  // 4 M cycles of ops
  REQUIRE(uint64_t{40} * cfg.ane.op_overhead_cycles > progress_bound(cfg, 1));
  Cluster cluster(cfg, spec);
  cluster.run_until(cfg.sim.max_cycles);
  const RunResult r = cluster.result();
  INFO(r.watchdog_error);
  CHECK(r.watchdog_error.empty());
  CHECK(r.lines_lost == 0);
  CHECK(r.sim_cycles > 4000000);
}

TEST_CASE("a run stopped at max_cycles reports the cycles it reached", "[robust][progress]") {
  const std::string dir = fresh_dir();
  // ras and faw at their maximum: every row stays open for 2^32 cycles.
  std::string y = test::shipped_with("ras: 34", "ras: 4294967295");
  y = test::replace_once(y, "faw: 16", "faw: 4294967295");
  y = test::replace_once(y, "max_cycles: 400000000", "max_cycles: 3000000");
  std::ofstream(dir + "/slow.yaml") << y;
  const test::Outcome o =
      run_anesim({"--config", dir + "/slow.yaml", "--lines", "0x100", "--cores", "1", "--json"});
  CHECK(o.rc == kExitSimulationFailed);
  CHECK_THAT(o.err, Catch::Contains("simulation.max_cycles (3000000)"));
  CHECK_THAT(o.err, Catch::Contains("lost: core 0: task 0 line "));
  CHECK_THAT(o.err, Catch::Contains(") was never delivered"));
  const Json j = Json::parse(o.out);
  CHECK(j["sim_cycles"].get<uint64_t>() == 3000000);
  const test::Outcome text =
      run_anesim({"--config", dir + "/slow.yaml", "--lines", "0x100", "--cores", "1"});
  CHECK_THAT(text.out, Catch::Contains("(3000000 cycles"));
  CHECK_THAT(text.out, Catch::Contains("first: core 0: task 0 line "));
}

TEST_CASE("a waveform on a full disk exits 4 and leaves nothing, without deadlock",
          "[robust][progress][outputs]") {
  for (const char* option : {"--vcd", "--fst"}) {
    const std::string dir = fresh_dir();
    const std::string wave = dir + (option[2] == 'v' ? "/w.vcd" : "/w.fst");
    const auto run = test::run_anesim_limited(
        {"--lines", "0x400", "--cores", "2", option, wave, "--wave-cycles", "200000"}, 120,
        256 * 1024);
    INFO(option << ": " << run.outcome.err);
    CHECK_FALSE(run.timed_out);
    CHECK(run.outcome.rc == kExitOutput);
    CHECK_THAT(run.outcome.err, Catch::Contains("cannot write the waveform dump"));
    CHECK(test::names_in(dir).empty());
  }
}

}  // namespace
}  // namespace anesim
