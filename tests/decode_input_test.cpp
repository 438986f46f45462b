// anesim decode's bad input (docs/cli.md exit codes), decode-step trace
// records (docs/trace-format.md), and calibrate freeing the optional per-op
// overhead key.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>

#include <anesim/analysis/trace/trace_format.h>
#include <anesim/io/errors.h>
#include <anesim/machine/config_patch.h>

#include "tests/test_support.h"

namespace anesim {
namespace {

std::string write(const std::string& dir, const std::string& name, const std::string& text) {
  const std::string path = dir + "/" + name;
  std::ofstream(path) << text;
  return path;
}

void check_refused(const std::vector<std::string>& args, int rc, const std::string& message) {
  const test::Outcome o = test::run_anesim(args);
  INFO(o.err);
  CHECK(o.rc == rc);
  CHECK_THAT(o.err, Catch::StartsWith("anesim: error:") && Catch::Contains(message));
  CHECK(o.out.empty());
}

const char* const kStepHeader =
    "# anesim-trace: 1.1\n# source: test\n# device: none\n# date: 2026-01-01\n# units: ms\n"
    "# timed: one step\n# records: decode-step\n";

}  // namespace

TEST_CASE("decode: bad input exits with its code and names the field", "[decode]") {
  const std::string dir = test::fresh_dir("anesim-decode-input");
  check_refused({"decode", "--model", "llama-9b"}, 2, "'llama-9b' is not a preset");
  check_refused({"decode", "--model", "llama-3.2-1b", "--programs", "0"}, 2,
                "--programs: '0' is too small (at least 1)");
  check_refused({"decode", "--model", "llama-3.2-1b", "--programs", "17"}, 2,
                "--programs: '17' is too large (at most 16)");
  check_refused({"decode", "--model", "llama-3.2-1b", "--timeline", dir + "/t.txt"}, 2,
                "must end in .svg or .png");
  const std::string unknown = write(dir, "unknown.yaml", "gate_proj: 3\nmlp_proj: 2\n");
  check_refused({"decode", "--model", "llama-3.2-1b", "--split", unknown}, 5,
                unknown + ":2:1: mlp_proj: unknown key");
  const std::string zero = write(dir, "zero.yaml", "gate_proj: 0\n");
  check_refused({"decode", "--model", "llama-3.2-1b", "--split", zero}, 5,
                zero + ":1:12: gate_proj: 0 is out of range (expected 1..64)");
  const std::string text = write(dir, "text.yaml", "gate_proj: three\n");
  check_refused({"decode", "--model", "llama-3.2-1b", "--split", text}, 5, text + ":1:12");
  check_refused({"decode", "--model", "llama-3.2-1b", "--split", dir + "/missing.yaml"}, 5,
                "missing.yaml");
  check_refused(
      {"decode", "--model", "llama-3.2-1b", "--split", "none", "--csv", dir + "/no/such/dir/x.csv"},
      4, "x.csv");
  // Nothing was written by the refused runs.
  CHECK(test::slurp(dir + "/t.txt").empty());
}

TEST_CASE("decode-step traces: read, written back, and refused when bad", "[decode][trace]") {
  const Trace t =
      read_trace_file(ANESIM_SOURCE_DIR "/traces/m4-mini/m4-mini-published-decode-step.csv");
  REQUIRE(t.records.size() == 2);
  CHECK(t.records[0].kind == RecordKind::kDecodeStep);
  CHECK(t.records[0].model == "llama-step-synthetic");
  CHECK(t.records[0].split_policy == "none");
  CHECK(t.records[0].median_us == Approx(76120));
  CHECK(t.records[1].split_policy == "gate_proj=3;up_proj=3;down_proj=3");
  CHECK(t.records[1].median_us == Approx(31650));
  CHECK(t.header.at("provenance").find("NOT captured by this project") != std::string::npos);
  const Trace again = parse_trace(format_trace(t), "again.csv");
  REQUIRE(again.records.size() == 2);
  CHECK(again.records[1].split_policy == t.records[1].split_policy);
  CHECK(again.records[1].median_us == t.records[1].median_us);

  const std::string cols = "curve,model,split_policy,median\n";
  const auto reject = [](const std::string& text) -> std::string {
    try {
      parse_trace(text, "s.csv");
    } catch (const TraceError& e) {
      return e.what();
    }
    return "accepted";
  };
  CHECK_THAT(reject(std::string(kStepHeader) + cols + "a,m,none,-1\n"),
             Catch::Contains("s.csv:9: median: '-1' is not a positive time"));
  CHECK_THAT(reject(std::string(kStepHeader) + "curve,model,median\na,m,1\n"),
             Catch::Contains("s.csv:8: missing column 'split_policy'"));
  CHECK_THAT(reject(std::string(kStepHeader) + "curve,model,split_policy,cores,median\n"),
             Catch::Contains("column 'cores': unknown column of a decode-step file"));
  std::string old = kStepHeader;
  old.replace(old.find("1.1"), 3, "1.0");
  CHECK_THAT(reject(old + cols + "a,m,none,1\n"),
             Catch::Contains("s.csv:7: records: needs format version 1.1"));
}

TEST_CASE("replay: a decode-step record with an unknown model or split exits 5", "[decode]") {
  const std::string dir = test::fresh_dir("anesim-decode-trace");
  const std::string cols = "curve,model,split_policy,median\n";
  const std::string unknown = write(dir, "unknown.csv", kStepHeader + cols + "a,llama-9b,none,5\n");
  check_refused({"replay", unknown}, 5, unknown + ":9: model: 'llama-9b' is not a preset");
  const std::string split =
      write(dir, "split.csv", kStepHeader + cols + "a,llama-step-synthetic,mlp_proj=3,5\n");
  check_refused({"replay", split}, 5, split + ":9: split_policy: 'mlp_proj=3'");
}

TEST_CASE("calibrate frees an optional key the description leaves out", "[decode]") {
  const std::string base = "ane:\n  cores: 16   # c\npower:\n  start_clock_mhz: 600\n";
  const std::string added = with_inserted_key(base, "b.yaml", "ane.op_overhead_cycles", "0");
  CHECK(added ==
        "ane:\n  op_overhead_cycles: 0\n  cores: 16   # c\npower:\n"
        "  start_clock_mhz: 600\n");
  CHECK_THROWS_AS(with_inserted_key(added, "b.yaml", "ane.op_overhead_cycles", "0"), ConfigError);
  CHECK_THROWS_AS(with_inserted_key(base, "b.yaml", "fabric.x", "0"), ConfigError);
  // Through the command: a typo is still refused (exit 2), nothing written.
  const std::string dir = test::fresh_dir("anesim-decode-cal");
  check_refused({"calibrate", ANESIM_SOURCE_DIR "/traces/m3-air/m3-air-published-split.csv",
                 "--free", "ane.op_overhed_cycles=0:100", "--out", dir + "/out.yaml"},
                2, "ane.op_overhed_cycles: no such key");
  CHECK(test::slurp(dir + "/out.yaml").empty());
}

}  // namespace anesim
