// Calibration as code: the config text patcher keeps comments and layout; a
// fit recovers known parameters from a synthetic trace the model itself
// generated; bad bounds, keys and traces exit with a clear message and write
// nothing.
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <fstream>
#include <string>

#include <fmt/format.h>

#include <anesim/analysis/batch/point_children.h>
#include <anesim/analysis/calibrate/calibration.h>
#include <anesim/analysis/calibrate/calibration_output.h>
#include <anesim/analysis/calibrate/candidate_evaluator.h>
#include <anesim/machine/builtin_config.h>
#include <anesim/machine/config_patch.h>
#include <anesim/machine/machine_config_reader.h>
#include "test_support.h"

namespace anesim {
namespace {

const std::string kBuiltin = kBuiltinConfigYaml;

bool exists(const std::string& path) {
  struct stat st {};
  return stat(path.c_str(), &st) == 0;
}

TEST_CASE("config patch: values change, comments and layout stay", "[calibrate]") {
  CHECK(std::stod(config_value_text(kBuiltin, "b", "fabric.port_cycles_per_line")) ==
        builtin_config().fabric.port_cycles_per_line);
  const std::string t = with_config_values(
      kBuiltin, "b",
      {{"fabric.port_cycles_per_line", "13"}, {"ane.launch_overhead_cycles", "123"}});
  const MachineConfig c = parse_config(t, "t");
  CHECK(c.fabric.port_cycles_per_line == 13);
  CHECK(c.ane.launch_overhead_cycles == 123);
  // Nothing else moved: same line count, the same comments.
  CHECK(std::count(t.begin(), t.end(), '\n') == std::count(kBuiltin.begin(), kBuiltin.end(), '\n'));
  CHECK(std::count(t.begin(), t.end(), '#') == std::count(kBuiltin.begin(), kBuiltin.end(), '#'));
  CHECK_THROWS_AS(config_value_text(kBuiltin, "b", "fabric.no_such_key"), ConfigError);
  CHECK_THROWS_AS(config_value_text(kBuiltin, "b", "fabric"), ConfigError);
  // A second note replaces the first; a second key comment replaces the first.
  std::string n = with_header_note(with_header_note(t, "first\nrun"), "second");
  CHECK(n.find("first") == std::string::npos);
  CHECK(n.find("# second") == n.find('\n') + 1);
  n = with_key_comment(
      with_key_comment(n, "n", "fabric.port_cycles_per_line", "fitted by anesim calibrate A"), "n",
      "fabric.port_cycles_per_line", "fitted by anesim calibrate B");
  CHECK(n.find("calibrate A") == std::string::npos);
  CHECK(n.find("calibrate B") != std::string::npos);
  CHECK_NOTHROW(parse_config(n, "n"));
  // A key without a comment of its own (one calibrate added) gets one, and a
  // second run replaces it instead of appending a copy.
  std::string k = n;
  const size_t key = k.find("credits_per_core:");
  const size_t hash = k.find('#', key);
  k.erase(hash, k.find('\n', key) - hash);
  k = with_key_comment(
      with_key_comment(k, "k", "fabric.credits_per_core", "fitted by anesim calibrate C"), "k",
      "fabric.credits_per_core", "fitted by anesim calibrate D");
  const std::string line = k.substr(key, k.find('\n', key) - key);
  CHECK(line.find("calibrate C") == std::string::npos);
  CHECK(line.find("# fitted by anesim calibrate D") != std::string::npos);
  CHECK(std::count(line.begin(), line.end(), '#') == 1);
  CHECK_NOTHROW(parse_config(k, "k"));
}

// Times of a few transfers on one core, simulated with `cfg`, as a trace.
std::string synthetic_trace(const MachineConfig& cfg) {
  std::string text =
      "# anesim-trace: 1.0\n# source: anesim itself (synthetic, for the calibration test)\n"
      "# device: the model with known parameters\n# date: 2026-11-30\n# units: us\n"
      "# timed: simulated time\ncurve,cores,lines_per_core,split,median\n";
  struct Rec {
    const char* curve;
    uint32_t lines, split;
  };
  // Each curve alone holds a short and a long transfer, so that a fit that
  // leaves one out can still tell the port rate from the launch overhead.
  for (const Rec& r : {Rec{"a", 512, 1}, Rec{"a", 6144, 1}, Rec{"b", 2048, 1}, Rec{"b", 6144, 2}}) {
    const double us =
        test::run_cluster(cfg, RingVariant::kBug, test::workload(r.lines, 1, r.split)).time_us;
    text += fmt::format("{},1,{},{},{:.6f}\n", r.curve, r.lines, r.split, us);
  }
  return text;
}

TEST_CASE("calibration recovers known parameters from a synthetic trace", "[calibrate]") {
  set_simulator_executable(ANESIM_BINARY);
  CalibrationSpec spec;
  spec.base_text = kBuiltin;
  spec.base_origin = "<built-in m3-air>";
  // The truth differs from the base the fit starts from; the port rate is a
  // fraction of a cycle per line, as a fitted port may be.
  const double true_port = 11.5;
  const uint32_t true_launch = 30000;
  const std::string truth =
      with_config_values(kBuiltin, "truth",
                         {{"fabric.port_cycles_per_line", "11.5"},
                          {"ane.launch_overhead_cycles", std::to_string(true_launch)}});
  const std::string dir = test::fresh_dir("anesim-calibrate-test");
  std::ofstream(dir + "/synthetic.csv") << synthetic_trace(parse_config(truth, "truth"));
  spec.traces.push_back(read_trace_file(dir + "/synthetic.csv"));
  spec.free = {{"fabric.port_cycles_per_line", 8, 20, false},
               {"ane.launch_overhead_cycles", 0, 60000, true}};
  spec.scratch_dir = dir;
  spec.max_evaluations = 200;
  const CalibrationResult r = calibrate(spec, {});
  INFO("fitted " << r.full.values[0] << ", " << r.full.values[1] << " after " << r.full.evaluations
                 << " evaluations");
  CHECK(r.full.values[0] == Approx(true_port).epsilon(0.02));
  CHECK(r.full.values[1] == Approx(true_launch).epsilon(0.02));
  CHECK(r.full.replay.overall.mape_pct < 0.5);
  // Leave-one-curve-out: both curves were held out once and still predicted.
  REQUIRE(r.cross_validation.size() == 2);
  CHECK(r.cross_validated.records == 4);
  CHECK(r.cross_validated.mape_pct < 5.0);
  // Each fit's closing replay of its best candidate reuses that candidate's
  // records (no --fit-cores here, so they are the same runs).
  CHECK(r.records_reused >= 3 * 2);
  // The fitted text carries the values, the note and a comment per key.
  const std::string fitted = fitted_config_text(spec, r.full, "a note");
  CHECK(parse_config(fitted, "f").fabric.port_cycles_per_line ==
        Approx(r.full.values[0]).epsilon(1e-3));
  CHECK(fitted.rfind("# --- anesim calibrate ---\n# a note\n", 0) == 0);
  CHECK(fitted.find("fitted by anesim calibrate within 8..20") != std::string::npos);
}

TEST_CASE("a candidate's records run in this process as in child processes, each once",
          "[calibrate]") {
  set_simulator_executable(ANESIM_BINARY);
  CalibrationSpec spec;
  spec.base_text = kBuiltin;
  spec.base_origin = "<built-in m3-air>";
  spec.traces.push_back(
      read_trace_file(ANESIM_SOURCE_DIR "/traces/m3-air/m3-air-published-split.csv"));
  for (TraceRecord& rec : spec.traces[0].records) {
    rec.cores = 2;  // as --fit-cores 2 runs them
  }
  spec.free = {{"fabric.port_cycles_per_line", 8, 20, false}};
  const std::string dir = test::fresh_dir("anesim-calibrate-evaluator");
  spec.scratch_dir = dir;
  CandidateEvaluator evaluator(spec);
  const ReplayResult threads = evaluator.replay(spec.traces, {12.25});
  const uint64_t records = spec.traces[0].records.size();
  CHECK(evaluator.records_simulated() == records);
  // The same candidate through child processes reading its config file.
  const std::string text =
      with_config_values(kBuiltin, "c", {{"fabric.port_cycles_per_line", "12.25"}});
  std::ofstream(dir + "/c.yaml") << text;
  const ReplayResult children = replay_traces(
      spec.traces, spec.variant, parse_config(text, dir + "/c.yaml"), dir + "/c.yaml", 2, "");
  REQUIRE(children.rows.size() == threads.rows.size());
  for (size_t i = 0; i < threads.rows.size(); ++i) {
    CHECK(threads.rows[i].simulated_us == children.rows[i].simulated_us);
  }
  // Asked again, nothing is simulated; another candidate is.
  const ReplayResult again = evaluator.replay(spec.traces, {12.25});
  CHECK(again.overall.mape_pct == threads.overall.mape_pct);
  CHECK(evaluator.records_simulated() == records);
  CHECK(evaluator.records_reused() == records);
  evaluator.replay(spec.traces, {13.0});
  CHECK(evaluator.records_simulated() == 2 * records);
}

TEST_CASE("the progress line gives the fit, the best error and the time the budget leaves",
          "[calibrate]") {
  CalibrationStep step;
  step.fit = "without split";
  step.fit_evaluations = 7;
  step.evaluations = 10;
  step.planned = 40;
  step.mape_pct = 3.5;
  step.best_mape_pct = 2.25;
  const std::string line = calibration_progress_line(step, 30.0);
  CHECK(line.find("without split: candidate 7, MAPE 3.50 % (best 2.25 %)") != std::string::npos);
  CHECK(line.find("10 of at most 40") != std::string::npos);
  CHECK(line.find("at most 2 min left") != std::string::npos);  // 3 s each, 30 to go
  step.evaluations = 40;
  CHECK(calibration_progress_line(step, 120.0).find("left") == std::string::npos);
}

TEST_CASE("anesim calibrate: bad bounds, keys and traces exit clearly, writing nothing",
          "[calibrate][cli]") {
  const std::string dir = test::fresh_dir("anesim-calibrate-cli");
  const std::string trace = ANESIM_SOURCE_DIR "/traces/m3-air/m3-air-published-split.csv";
  const std::string out = dir + "/out.yaml";
  struct Case {
    std::vector<std::string> args;
    int rc;
    const char* message;
  };
  const std::vector<Case> cases = {
      {{"--free", "fabric.port_cycles_per_line=20:10"}, 2, "lower bound must be below the upper"},
      {{"--free", "fabric.port_cycles_per_line=0:10"}, 2, "the machine description refuses 0"},
      {{"--free", "fabric.nothing=1:2"}, 2, "fabric.nothing: no such key"},
      {{"--free", "fabric.port_cycles_per_line"}, 2, "is not KEY=LO:HI"},
      {{"--free", "fabric.port_cycles_per_line=a:9"}, 2, "'a' is not a number"},
      {{"--free", "fabric.port_cycles_per_line=10:20", "--free",
        "fabric.port_cycles_per_line=11:12"},
       2,
       "given twice"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args = {"calibrate", trace, "--out", out, "--max-evals", "2"};
    args.insert(args.end(), c.args.begin(), c.args.end());
    const test::Outcome o = test::run_anesim(args);
    INFO(o.err);
    CHECK(o.rc == c.rc);
    CHECK_THAT(o.err, Catch::Contains(c.message));
    CHECK_FALSE(exists(out));
  }
  std::ofstream(dir + "/bad.csv") << "# anesim-trace: 1.0\nnot a trace\n";
  const test::Outcome bad = test::run_anesim(
      {"calibrate", dir + "/bad.csv", "--out", out, "--free", "fabric.port_cycles_per_line=10:20"});
  CHECK(bad.rc == 5);
  CHECK_THAT(bad.err, Catch::Contains("bad.csv:2:"));
  CHECK_FALSE(exists(out));
  // An optional key the config leaves out is added and fitted (it was
  // refused as "'' not a number"), with one calibrate comment.
  const test::Outcome added = test::run_anesim(
      {"calibrate", ANESIM_SOURCE_DIR "/tests/fixtures/replay-small.csv", "--out", out,
       "--max-evals", "2", "--no-cv", "--fit-cores", "1", "--free", "ane.op_overhead_cycles=0:10"});
  INFO(added.err);
  CHECK(added.rc == 0);
  const std::string fitted = test::slurp(out);
  const size_t at = fitted.find("op_overhead_cycles:");
  REQUIRE(at != std::string::npos);
  const std::string line = fitted.substr(at, fitted.find('\n', at) - at);
  CHECK(line.find("# fitted by anesim calibrate within 0..10") != std::string::npos);
  CHECK(std::count(line.begin(), line.end(), '#') == 1);
}

TEST_CASE("anesim calibrate refits a description in place, but its summary may not replace it",
          "[calibrate][cli]") {
  const std::string dir = test::fresh_dir("anesim-calibrate-in-place");
  const std::string cfg = dir + "/m.yaml";
  std::ofstream(cfg) << kBuiltin;
  const std::vector<std::string> fit = {"calibrate",
                                        ANESIM_SOURCE_DIR "/tests/fixtures/replay-small.csv",
                                        "--config",
                                        cfg,
                                        "--out",
                                        cfg,
                                        "--max-evals",
                                        "2",
                                        "--no-cv",
                                        "--fit-cores",
                                        "1",
                                        "--free",
                                        "fabric.request_latency=20:40"};
  std::vector<std::string> clash = fit;
  clash.insert(clash.end(), {"--summary", cfg});
  const test::Outcome refused = test::run_anesim(clash);
  CHECK(refused.rc == 2);
  CHECK_THAT(refused.err, Catch::Contains("--summary '" + cfg + "' is the same file as the"));
  CHECK(test::slurp(cfg) == std::string(kBuiltin));
  const test::Outcome in_place = test::run_anesim(fit);
  INFO(in_place.err);
  CHECK(in_place.rc == 0);
  const std::string fitted = test::slurp(cfg);
  CHECK(fitted.rfind("# --- anesim calibrate ---", 0) == 0);
  CHECK(fitted.find("fitted by anesim calibrate within 20..40") != std::string::npos);
  CHECK_NOTHROW(parse_config(fitted, cfg));
}

}  // namespace
}  // namespace anesim
