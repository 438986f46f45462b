// Validation tooling: the trace reader (round trip and strict rejections),
// replay on a small fixture with a known error, the sweep's CSV, the FFT,
// the notch analysis, and the regression of the model against traces/.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include <anesim/analysis/batch/point_children.h>
#include <anesim/analysis/replay/replay.h>
#include <anesim/analysis/stats/spectrum.h>
#include <anesim/analysis/stats/statistics.h>
#include <anesim/analysis/sweep/notch_analysis.h>
#include <anesim/analysis/trace/trace_format.h>
#include <anesim/io/json.h>
#include <anesim/machine/machine_config_reader.h>
#include "test_support.h"

namespace anesim {
namespace {

const std::string kHeader =
    "# anesim-trace: 1.0\n# source: test\n# device: none\n# date: 2026-01-01\n# units: us\n"
    "# timed: nothing\n";

std::string reject(const std::string& text) {
  try {
    parse_trace(text, "t.csv");
  } catch (const TraceError& e) {
    return e.what();
  }
  return "(accepted)";
}

using test::slurp;
using Run = test::Outcome;

Run run_anesim(const std::string& args) { return test::run_anesim(args); }

TEST_CASE("trace reader: a trace round-trips through format_trace", "[trace]") {
  const Trace t = parse_trace(kHeader +
                                  "# note: one\n# note: two\n"
                                  "curve,cores,lines_per_core,cin,cout,split,base_line,samples,"
                                  "median,count,comment\n"
                                  "a,16,,2048,4096,1,,997.6;995.0;995.4,,,x y\n"
                                  "b,2,0x4000,,,2,7,,372.5,40,published 45 GB/s\n",
                              "t.csv");
  REQUIRE(t.records.size() == 2);
  CHECK(t.records[0].lines_per_core == 0x4000);
  CHECK(t.records[0].median_us == Approx(995.4));
  CHECK(t.records[0].count == 3);
  CHECK(t.records[1].base_line == 7);
  CHECK(t.records[1].count == 40);
  CHECK(t.notes.size() == 2);
  const Trace u = parse_trace(format_trace(t), "u.csv");
  REQUIRE(u.records.size() == t.records.size());
  for (size_t i = 0; i < t.records.size(); ++i) {
    const TraceRecord &a = t.records[i], &b = u.records[i];
    CHECK(a.curve == b.curve);
    CHECK(a.cores == b.cores);
    CHECK(a.lines_per_core == b.lines_per_core);
    CHECK(a.cin == b.cin);
    CHECK(a.cout == b.cout);
    CHECK(a.split == b.split);
    CHECK(a.base_line == b.base_line);
    CHECK(a.samples_us == b.samples_us);
    CHECK(a.median_us == b.median_us);
    CHECK(a.count == b.count);
    CHECK(a.comment == b.comment);
  }
  CHECK(u.header.at("source") == "test");
  CHECK(u.notes == t.notes);
}

TEST_CASE("trace reader: units convert to microseconds", "[trace]") {
  std::string text = kHeader;
  text.replace(text.find("units: us"), 9, "units: ms");
  const Trace t =
      parse_trace(text + "curve,cores,lines_per_core,split,samples\nc,1,64,1,0.5\n", "t.csv");
  CHECK(t.records[0].median_us == Approx(500.0));
}

TEST_CASE("trace reader: bad traces are refused naming file, line and field", "[trace]") {
  const std::string cols = "curve,cores,lines_per_core,split,samples\n";
  struct Case {
    std::string text;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"", "t.csv:1: empty file"},
      {"curve,cores\n", "t.csv:1: malformed header"},
      {"# anesim-trace: 2.0\n", "t.csv:1: anesim-trace: unknown format version 2.0"},
      {"# anesim-trace: one\n", "t.csv:1: anesim-trace: 'one' is not a version"},
      {"# anesim-trace: 1.0\n# source test\n",
       "t.csv:2: malformed header: expected '# key: value'"},
      {"# anesim-trace: 1.0\n# source: a\n# source: b\n", "t.csv:3: source: duplicate header key"},
      {"# anesim-trace: 1.0\n# colour: red\n", "t.csv:2: colour: unknown header key"},
      {"# anesim-trace: 1.0\n# source: a\n" + cols, "t.csv:3: device: missing header key"},
      {kHeader, "t.csv:7: missing column row"},
      {kHeader + "curve,cores,lines_per_core,samples\nc,1,64,5\n",
       "t.csv:7: missing column 'split'"},
      {kHeader + "curve,cores,split,samples\nc,1,1,5\n",
       "t.csv:7: missing column 'lines_per_core'"},
      {kHeader + "curve,cores,lines_per_core,split\nc,1,64,1\n",
       "t.csv:7: missing column 'samples'"},
      {kHeader + "curve,cores,lines_per_core,split,samples,colour\nc,1,64,1,5,red\n",
       "t.csv:7: column 'colour': unknown column"},
      {kHeader + cols, "no records"},
      {kHeader + cols + "c,1,64,1,-5\n", "t.csv:8: samples: '-5' is not a positive time"},
      {kHeader + cols + "c,1,64,1,0\n", "t.csv:8: samples: '0' is not a positive time"},
      {kHeader + cols + "c,1,64,1,nan\n", "t.csv:8: samples: 'nan' is not a finite time"},
      {kHeader + cols + "c,1,64,1,1;inf\n", "t.csv:8: samples: 'inf' is not a finite time"},
      {kHeader + cols + "c,1,64,1,5us\n", "t.csv:8: samples: '5us' is not a number"},
      {kHeader + cols + "c,1,64,1,\n", "t.csv:8: samples: empty"},
      {kHeader + cols + "c,x,64,1,5\n", "t.csv:8: cores: 'x' is not a non-negative integer"},
      {kHeader + cols + "c,0,64,1,5\n", "t.csv:8: cores: '0' is too small"},
      {kHeader + cols + "c,1,64,1\n", "t.csv:8: expected 5 fields"},
      {kHeader + cols + "c,1,64,1,5\nc,1,64,1,6\n", "t.csv:9: duplicate record"},
      {kHeader + cols + "c,1,64,65,5\n", "t.csv:8: split: '65' is too large"},
      {kHeader + cols + "c,1,64,1,5\n# late\n", "t.csv:9: header lines"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    CHECK_THAT(reject(c.text), Catch::Contains(c.message));
  }
}

TEST_CASE("trace reader: a newer minor version may add header keys", "[trace]") {
  std::string text = kHeader;
  text.replace(text.find("1.0"), 3, "1.3");
  const Trace t = parse_trace(
      text + "# colour: red\ncurve,cores,lines_per_core,split,samples\nc,1,64,1,5\n", "t.csv");
  CHECK(t.version_minor == 3);
  CHECK(t.header.at("colour") == "red");
  // ...but not columns: those need a new major version.
  CHECK_THAT(reject(text + "curve,cores,lines_per_core,split,samples,colour\nc,1,64,1,5,red\n"),
             Catch::Contains("unknown column"));
}

TEST_CASE("the published traces read and hold every published number", "[trace]") {
  const std::string dir = ANESIM_SOURCE_DIR "/traces/m3-air/";
  const Trace d = read_trace_file(dir + "m3-air-published-dtable.csv");
  const Trace p = read_trace_file(dir + "m3-air-published-d2016-d2048.csv");
  const Trace s = read_trace_file(dir + "m3-air-published-split.csv");
  CHECK(d.records.size() == 6);
  CHECK(p.records.size() == 2);
  CHECK(s.records.size() == 3);
  for (const TraceRecord& r : d.records) CHECK(r.samples_us.size() == 3);
  // GB/s = D*N*2 / time.
  CHECK(2016.0 * 4096 * 2 / (p.records[0].median_us * 1e3) == Approx(44.505062).epsilon(1e-6));
  CHECK(2048.0 * 4096 * 2 / (p.records[1].median_us * 1e3) == Approx(16.930761).epsilon(1e-6));
  CHECK(16.0 * 0x4000 * 64 / (s.records[1].median_us * 1e3) == Approx(45.52).epsilon(1e-6));
  for (const Trace* t : {&d, &p, &s}) {
    CHECK_THAT(t->header.at("provenance"), Catch::Contains("NOT captured by this project"));
  }
}

TEST_CASE("replay of a small fixture gives the known error", "[replay]") {
  set_simulator_executable(ANESIM_BINARY);
  const Trace t = read_trace_file(ANESIM_SOURCE_DIR "/tests/fixtures/replay-small.csv");
  const ReplayResult r = replay_traces({t}, RingVariant::kBug, builtin_config(), "", 2, "");
  REQUIRE(r.rows.size() == 2);
  // The same runs in process, on the plain cluster.
  const MachineConfig cfg = builtin_config();
  const double sim0 = test::run_cluster(cfg, RingVariant::kBug, test::workload(0x1000, 1)).time_us;
  const double sim1 = test::run_cluster(cfg, RingVariant::kBug, test::workload(0x4000, 1)).time_us;
  CHECK(r.rows[0].record.median_us == Approx(200.0));
  CHECK(r.rows[0].simulated_us == Approx(sim0).epsilon(1e-6));
  CHECK(r.rows[1].simulated_us == Approx(sim1).epsilon(1e-6));
  const double e0 = (sim0 - 200.0) / 200.0 * 100, e1 = (sim1 - 1000.0) / 1000.0 * 100;
  CHECK(r.rows[0].error_pct == Approx(e0).epsilon(1e-4));
  CHECK(r.rows[1].error_pct == Approx(e1).epsilon(1e-4));
  REQUIRE(r.curves.size() == 1);
  CHECK(r.overall.mean_pct == Approx((e0 + e1) / 2).epsilon(1e-4));
  CHECK(r.overall.mape_pct == Approx((std::fabs(e0) + std::fabs(e1)) / 2).epsilon(1e-4));
  CHECK(r.overall.max_abs_pct == Approx(std::max(std::fabs(e0), std::fabs(e1))).epsilon(1e-4));
  CHECK_THAT(format_replay_csv(r), Catch::StartsWith("file,line,curve,cores,lines_per_core"));
}

TEST_CASE("anesim replay: --max-mape, --json, and bad traces", "[replay][cli]") {
  const std::string fixture = ANESIM_SOURCE_DIR "/tests/fixtures/replay-small.csv";
  Run r = run_anesim("replay " + fixture + " --json");
  REQUIRE(r.rc == 0);
  const Json j = Json::parse(r.out);
  CHECK(j.at("overall").at("mape_pct").is_number());
  CHECK(j.at("curves").at(0).at("curve") == "small");
  r = run_anesim("replay " + fixture + " --max-mape 0.001");
  CHECK(r.rc == 6);
  CHECK_THAT(r.err, Catch::Contains("exceeds --max-mape"));
  r = run_anesim("replay " + fixture + " --max-mape 1000");
  CHECK(r.rc == 0);
  r = run_anesim("replay " + std::string(ANESIM_SOURCE_DIR) + "/tests/validation_test.cpp");
  CHECK(r.rc == 5);
  CHECK_THAT(r.err, Catch::Contains("validation_test.cpp:1: malformed header"));
  r = run_anesim("replay /nonexistent.csv");
  CHECK(r.rc == 5);
  CHECK_THAT(r.err, Catch::Contains("/nonexistent.csv: cannot open trace file"));
}

TEST_CASE("anesim sweep: CSV shape and deterministic order", "[sweep][cli]") {
  const std::string dir = test::fresh_dir("anesim-sweep");
  const Run r =
      run_anesim("sweep --lines-range 256:1024:256 --cores 1 -j 2 --csv " + dir + "/s.csv");
  REQUIRE(r.rc == 0);
  std::istringstream csv(slurp(dir + "/s.csv"));
  std::vector<std::string> lines;
  for (std::string l; std::getline(csv, l);) lines.push_back(l);
  REQUIRE(lines.size() == 1 + 4 * 2);
  CHECK(lines[0] ==
        "axis,value,variant,k,x,cin,cout,lines_per_core,cores,split,base_line,time_us,gbps,"
        "ane_gbps,lines_prefetched,lines_demand,notch");
  const char* order[] = {"lines,256,bug,", "lines,256,fix,", "lines,512,bug,",  "lines,512,fix,",
                         "lines,768,bug,", "lines,768,fix,", "lines,1024,bug,", "lines,1024,fix,"};
  for (size_t i = 0; i < 8; ++i) {
    CHECK_THAT(lines[i + 1], Catch::StartsWith(order[i]));
    CHECK(std::count(lines[i + 1].begin(), lines[i + 1].end(), ',') == 16);
  }
  // Errors are usage errors.
  CHECK(run_anesim("sweep").rc == 2);
  CHECK(run_anesim("sweep --cin-range 64:128:64").rc == 2);
  CHECK(run_anesim("sweep --lines-range 10:1").rc == 2);
  std::system(("rm -rf " + dir).c_str());
}

TEST_CASE("FFT finds the period of a synthetic periodic signal", "[fft]") {
  // V-shaped dips every 2048 on a level of 45, sampled every 64 (like
  // throughput against D), 3 samples wide on each side.
  std::vector<double> v;
  for (int d = 2048; d < 2048 + 128 * 64; d += 64) {
    const int off = std::abs(((d + 1024) % 2048) - 1024) / 64;  // samples from a multiple
    v.push_back(45.0 - std::max(0, 4 - off) * 7.0);
  }
  const Spectrum s = dominant_period(v, 64);
  CHECK(s.dominant_period == Approx(2048));
  CHECK(s.dominant_bin == 4);
  // A pure sine: exact.
  std::vector<double> sine;
  for (int i = 0; i < 256; ++i) sine.push_back(3 + std::sin(2 * M_PI * i / 32.0));
  CHECK(dominant_period(sine, 1.0).dominant_period == Approx(32));
  // A rising line hides the sine unless a line is removed.
  std::vector<double> ramp;
  for (int i = 0; i < 256; ++i) ramp.push_back(0.2 * i + std::sin(2 * M_PI * i / 32.0));
  CHECK(dominant_period(ramp, 1.0, false).dominant_period == Approx(256));
  CHECK(dominant_period(ramp, 1.0, true).dominant_period == Approx(32));
}

TEST_CASE("notch analysis: centre and recovery width on both sides", "[report]") {
  std::vector<int64_t> x;
  std::vector<double> bug, fix;
  for (int64_t i = -512; i <= 512; i += 16) {
    x.push_back(i);
    fix.push_back(40.0);
    // A V: floor 15 at x = 16, back to 40 at |x - 16| = 256 on the left, 192 on the right.
    const double w = i < 16 ? 256.0 : 192.0;
    bug.push_back(std::min(40.0, 15.0 + 25.0 * std::fabs(double(i - 16)) / w));
  }
  const NotchFigures f = analyse_notch(x, bug, fix, 0.05);
  CHECK(f.centre_x == 16);
  CHECK(f.floor_gbps == Approx(15));
  CHECK(f.recovered_left);
  CHECK(f.recovered_right);
  // Within 5 % of 40 = 38: left from 256 * 23/25 = 235.5 -> the first grid point is 240.
  CHECK(f.recovery_left == 240);
  // Right: from 192 * 23/25 = 176.6 -> 192.
  CHECK(f.recovery_right == 192);
}

TEST_CASE("V shape: straight in bandwidth, or straight in time", "[report]") {
  std::vector<int64_t> x;
  std::vector<double> linear_b, linear_b_time, linear_t, linear_t_gbps;
  const double lines = 16384, floor = 15, nominal = 40;
  for (int64_t i = -512; i <= 512; i += 16) {
    const double d = std::min(256.0, std::fabs(double(i)));
    x.push_back(i);
    // Bandwidth linear in |x|: time = lines / B.
    linear_b.push_back(floor + (nominal - floor) * d / 256);
    linear_b_time.push_back(lines / linear_b.back());
    // Time linear in |x| instead.
    linear_t.push_back(lines / floor - (lines / floor - lines / nominal) * d / 256);
    linear_t_gbps.push_back(lines / linear_t.back());
  }
  const VShape b = analyse_v_shape(x, linear_b, linear_b_time);
  REQUIRE(b.measured);
  CHECK(b.max_line_deviation == Approx(0).margin(1e-12));
  // Near the centre time falls by about nominal / floor faster than on average.
  CHECK(b.centre_ramp_ratio > 2.0);
  const VShape t = analyse_v_shape(x, linear_t_gbps, linear_t);
  CHECK(t.centre_ramp_ratio == Approx(1.0));
  CHECK(t.max_line_deviation > 0.15);
  // Without the points it needs, nothing is claimed.
  CHECK_FALSE(analyse_v_shape({0, 16, 32}, {1, 2, 3}, {3, 2, 1}).measured);
}

TEST_CASE("regression: the default config replays traces/ within MAPE 10 % per curve",
          "[replay][published]") {
  set_simulator_executable(ANESIM_BINARY);
  std::vector<Trace> traces;
  for (const char* f : {"m3-air-published-dtable.csv", "m3-air-published-d2016-d2048.csv",
                        "m3-air-published-split.csv"}) {
    traces.push_back(read_trace_file(std::string(ANESIM_SOURCE_DIR "/traces/m3-air/") + f));
  }
  const ReplayResult r = replay_traces(traces, RingVariant::kBug, builtin_config(), "", 2, "");
  CHECK(r.rows.size() == 11);
  for (const auto& [curve, s] : r.curves) {
    INFO(curve << ": MAPE " << s.mape_pct << " %, max |error| " << s.max_abs_pct << " %");
    CHECK(s.mape_pct <= 10.0);
  }
  CHECK(r.overall.mape_pct <= 10.0);
}

TEST_CASE("regression: configs/chips/m4.yaml replays traces/m4-mini within the 5 % target",
          "[replay][published]") {
  // The M4's fit (its header's command) with its own ring and its two demand
  // reads in flight; a model change that moves it must refit it.
  set_simulator_executable(ANESIM_BINARY);
  const std::string config = ANESIM_SOURCE_DIR "/configs/chips/m4.yaml";
  const MachineConfig cfg = load_config_file(config);
  const std::vector<Trace> traces = {
      read_trace_file(ANESIM_SOURCE_DIR "/traces/m4-mini/m4-mini-published-stablehlo-coreml.csv")};
  const ReplayResult r = replay_traces(traces, cfg.ane.ring_variant, cfg, config, 2, "");
  CHECK(r.rows.size() == 9);
  for (const auto& [curve, s] : r.curves) {
    INFO(curve << ": MAPE " << s.mape_pct << " %, max |error| " << s.max_abs_pct << " %");
    CHECK(s.mape_pct <= 10.0);
  }
  CHECK(r.overall.mape_pct <= 5.0);
}

}  // namespace
}  // namespace anesim
