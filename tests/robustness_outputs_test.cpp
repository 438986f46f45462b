// Outputs never lie and never overwrite an input : an output that
// is the same file as an input or another output is refused before
// anything runs (device and inode, not spelling); a full disk fails the
// command with exit 4 and leaves nothing under the output names; a command
// with several outputs publishes all of them or none. The disk is made
// "full" with RLIMIT_FSIZE in the child (tests/robustness_support.h).
#include <catch2/catch.hpp>

#include <sys/resource.h>

#include <filesystem>
#include <fstream>

#include <anesim/cli/exit_codes.h>
#include "tests/robustness_support.h"

namespace anesim {
namespace {

namespace fs = std::filesystem;
using test::fresh_dir;
using test::names_in;
using test::run_anesim;
using test::slurp;

const std::string kTraces = ANESIM_SOURCE_DIR "/traces/m3-air";
const std::string kTrace = kTraces + "/m3-air-published-split.csv";

TEST_CASE("an output that is an input or another output is refused before running",
          "[robust][outputs]") {
  const std::string dir = fresh_dir();
  const std::string cfg = dir + "/c.yaml", trace = dir + "/t.csv";
  std::ofstream(cfg) << test::shipped_yaml();
  fs::copy_file(kTrace, trace);
  fs::create_hard_link(trace, dir + "/link.csv");
  const std::string cfg_text = slurp(cfg), trace_text = slurp(trace);
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{"--config", cfg, "--lines", "16", "--line-log", cfg},
       "--line-log '" + cfg + "' is the same file as the input --config"},
      {{"--config", cfg, "--lines", "16", "--line-log", dir + "/./c.yaml"}, "the input --config"},
      {{"--lines", "16", "--vcd", dir + "/x.vcd", "--fst", dir + "/x.vcd"},
       "--fst '" + dir + "/x.vcd' is the same file as the output --vcd"},
      {{"--lines", "16", "--line-log", dir + "/l.csv", "--plot-latency",
        dir + "/../" + fs::path(dir).filename().string() + "/l.csv"},
       "the output --line-log"},
      {{"replay", trace, "--csv", trace}, "--csv '" + trace + "' is the same file as the input"},
      {{"replay", trace, "--csv", dir + "/link.csv"}, "the input trace file"},
      {{"replay", trace, "--csv", dir + "/r.csv", "--plot", dir + "/r.csv"}, "the output --csv"},
      {{"calibrate", trace, "--free", "fabric.request_latency=1:20", "--out", trace},
       "--out '" + trace + "' is the same file as the input trace file"},
      {{"sweep", "--config", cfg, "--lines-range", "16:32:16", "--csv", cfg}, "the input --config"},
      {{"advise", "--cin", "64", "--cout", "64", "--config", cfg, "--csv", cfg}, "the input"},
      {{"report", "--config", cfg, "--out", cfg}, "the input --config"},
  };
  for (const Case& c : cases) {
    INFO(fmt::format("{}", fmt::join(c.args, " ")));
    const test::Outcome o = run_anesim(c.args);
    CHECK(o.rc == kExitUsage);
    CHECK_THAT(o.err, Catch::Contains(c.message));
    CHECK_THAT(o.err, Catch::Contains("refusing to overwrite it"));
  }
  CHECK(slurp(cfg) == cfg_text);
  CHECK(slurp(trace) == trace_text);
  CHECK(names_in(dir) == std::vector<std::string>{"c.yaml", "link.csv", "t.csv"});
}

TEST_CASE("merge refuses a part as its own output", "[robust][outputs]") {
  const std::string dir = fresh_dir();
  const std::string part = dir + "/part-1.csv";
  REQUIRE(run_anesim({"sweep", "--lines-range", "16:48:16", "--cores", "1", "--variants", "fix",
                      "--shard", "1/1", "--csv", part})
              .rc == kExitOk);
  const std::string text = slurp(part);
  const test::Outcome o = run_anesim({"merge", part, "--csv", part});
  CHECK(o.rc == kExitUsage);
  CHECK_THAT(o.err, Catch::Contains("the input part file"));
  CHECK(slurp(part) == text);
}

TEST_CASE("a full disk fails with exit 4 and leaves nothing", "[robust][outputs]") {
  constexpr rlim_t kLimit = 2000;  // bytes: less than any of these outputs
  struct Case {
    std::vector<std::string> args;  // "@" is replaced by the scratch directory
    std::string message;
  };
  const std::vector<Case> cases = {
      {{"--lines", "0x100", "--cores", "1", "--line-log", "@/l.csv"}, "@/l.csv: cannot write"},
      {{"--lines", "0x100", "--cores", "1", "--plot-latency", "@/p.svg"},
       "@/p.svg: gnuplot failed"},
      {{"--lines", "0x100", "--cores", "1", "--line-log", "@/l.csv", "--plot-latency", "@/p.png"},
       "cannot write"},
      {{"sweep", "--lines-range", "16:512:16", "--cores", "1", "--plot", "@/s.svg"},
       "@/s.svg: gnuplot failed"},
      {{"sweep", "--lines-range", "16:512:16", "--cores", "1", "--csv", "@/s.csv"}, "cannot write"},
      // The CSV fits under the limit; the plot does not, so neither stays.
      {{"replay", kTrace, "--csv", "@/r.csv", "--plot", "@/r.svg"}, "@/r.svg: gnuplot failed"},
  };
  for (const Case& c : cases) {
    const std::string dir = fresh_dir();
    std::vector<std::string> args;
    for (const std::string& a : c.args) {
      args.push_back(a[0] == '@' ? dir + a.substr(1) : a);
    }
    INFO(fmt::format("{}", fmt::join(args, " ")));
    const auto run = test::run_anesim_limited(args, 120, kLimit);
    INFO(run.outcome.err);
    CHECK_FALSE(run.timed_out);
    CHECK(run.outcome.rc == kExitOutput);
    std::string message = c.message;
    if (message[0] == '@') {
      message = dir + message.substr(1);
    }
    CHECK_THAT(run.outcome.err, Catch::Contains(message));
    CHECK(names_in(dir).empty());
  }
}

TEST_CASE("a command with several outputs publishes all or none", "[robust][outputs]") {
  // The CSV fits under the size limit, the PNG does not: the CSV must not
  // stay behind (the rows are written first, the plot is rendered after).
  const std::string dir = fresh_dir();
  const auto run = test::run_anesim_limited(
      {"replay", kTrace, "--csv", dir + "/r.csv", "--plot", dir + "/r.png"}, 120, 8000);
  INFO(run.outcome.err);
  CHECK(run.outcome.rc == kExitOutput);
  CHECK_THAT(run.outcome.err, Catch::Contains("gnuplot failed"));
  CHECK_THAT(run.outcome.err, !Catch::Contains("gnuplot failed: \n"));
  CHECK(names_in(dir).empty());
  // Without a limit both appear.
  const test::Outcome ok =
      run_anesim({"replay", kTrace, "--csv", dir + "/r.csv", "--plot", dir + "/r.svg"});
  CHECK(ok.rc == kExitOk);
  CHECK(names_in(dir) == std::vector<std::string>{"r.csv", "r.svg"});
}

TEST_CASE("a failing report leaves no img/ folder", "[robust][outputs]") {
  const std::string dir = fresh_dir();
  fs::create_directory(dir + "/empty-traces");
  fs::create_directory(dir + "/out");
  const test::Outcome o =
      run_anesim({"report", "--out", dir + "/out/v.md", "--traces-dir", dir + "/empty-traces",
                  "--calibration", ANESIM_SOURCE_DIR "/configs/m3-air.calibration.json"});
  CHECK(o.rc == kExitUsage);
  CHECK_THAT(o.err,
             Catch::Contains("--traces-dir: '" + dir + "/empty-traces' holds no trace files"));
  CHECK_THAT(o.err, !Catch::Contains("gnuplot"));
  CHECK(names_in(dir + "/out").empty());
}

}  // namespace
}  // namespace anesim
