// Sweeps and replays cut into shards (`--shard I/N`) and merged
// back (`anesim merge`). The merged CSV is byte-identical to the unsharded
// run on every sweep axis, whatever order the parts come in; merge refuses
// parts of different batches, a missing shard and a duplicated one; bad
// --shard values are usage errors; the Slurm scripts of `--slurm-script`
// run (here without Slurm, task by task) to the same CSV. Every sweep is
// tiny (one core, few short points) so the whole file takes seconds.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include <anesim/analysis/batch/part_file.h>
#include "test_support.h"

namespace anesim {
namespace {

namespace fs = std::filesystem;

using test::fresh_dir;
using test::Outcome;
using test::slurp;

Outcome run(const std::vector<std::string>& args) { return test::run_anesim(args); }

std::vector<std::string> operator+(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

void write(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

// Runs `command` as shards 1..n into DIR/part-I.csv; returns the part names.
std::vector<std::string> run_shards(const std::vector<std::string>& command, int n,
                                    const std::string& dir) {
  std::vector<std::string> parts;
  for (int i = 1; i <= n; ++i) {
    const std::string part = dir + "/part-" + std::to_string(i) + ".csv";
    const Outcome o =
        run(command + std::vector<std::string>{
                          "--shard", std::to_string(i) + "/" + std::to_string(n), "--csv", part});
    INFO(o.err);
    REQUIRE(o.rc == 0);
    parts.push_back(part);
  }
  return parts;
}

TEST_CASE("merged shards are the unsharded sweep's CSV byte for byte, on every axis",
          "[shard][sweep]") {
  const std::string dir = fresh_dir("anesim-shard");
  struct Case {
    std::vector<std::string> sweep;
    int shards;
  };
  // Each tiny: 6 to 8 points on one core, none longer than a few ms.
  const std::vector<Case> cases = {
      {{"sweep", "--lines-range", "64:256:64", "--cores", "1"}, 3},
      {{"sweep", "--x-range", "-16:16:16", "--laps", "1", "--cores", "1", "--variants", "fix"}, 2},
      {{"sweep", "--cin-range", "64:192:64", "--cout", "64", "--cores", "1"}, 4},
      {{"sweep", "--cout-range", "16:48:16", "--cin", "64", "--cores", "1"}, 3},
      {{"sweep", "--cores-range", "1:3", "--lines", "64"}, 2},
      // More shards than points: the last part is empty and still needed.
      {{"sweep", "--split-range", "1:3", "--lines", "96", "--cores", "1"}, 7},
  };
  for (const Case& c : cases) {
    INFO(c.sweep[1] << " in " << c.shards << " shards");
    const Outcome whole =
        run(c.sweep + std::vector<std::string>{"--csv", dir + "/whole.csv", "--fft"});
    INFO(whole.err);
    REQUIRE(whole.rc == 0);
    std::vector<std::string> parts = run_shards(c.sweep, c.shards, dir);
    // Any order: reversed, and the first moved to the middle.
    std::vector<std::string> order(parts.rbegin(), parts.rend());
    std::rotate(order.begin(), order.begin() + 1, order.end());
    const Outcome merged = run(std::vector<std::string>{"merge"} + order +
                               std::vector<std::string>{"--csv", dir + "/merged.csv", "--fft"});
    INFO(merged.err);
    REQUIRE(merged.rc == 0);
    CHECK(slurp(dir + "/merged.csv") == slurp(dir + "/whole.csv"));
    CHECK(merged.out == whole.out);  // the table and the FFT too
  }
  fs::remove_all(dir);
}

TEST_CASE("merge draws the sweep's plots from the merged rows", "[shard][sweep][plot]") {
  const std::string dir = fresh_dir("anesim-shard-plot");
  const std::vector<std::string> sweep = {"sweep", "--lines-range", "64:320:64", "--cores", "1"};
  const std::vector<std::string> parts = run_shards(sweep, 2, dir);
  const Outcome o =
      run(std::vector<std::string>{"merge"} + parts +
          std::vector<std::string>{"--plot", dir + "/t.svg", "--plot-time", dir + "/time.svg",
                                   "--fft", "--plot-spectrum", dir + "/f.svg"});
  INFO(o.err);
  REQUIRE(o.rc == 0);
  for (const char* f : {"/t.svg", "/time.svg", "/f.svg"}) {
    CHECK_THAT(slurp(dir + f), Catch::Contains("<svg"));
  }
  // What sweep parts do not take is refused by name, before anything is written.
  const std::vector<std::pair<std::vector<std::string>, std::string>> refused = {
      {{"--max-mape", "5"}, "--max-mape: not for sweep parts"},
      {{"--json"}, "--json: not for sweep parts"},
      {{"--detrend", "cubic"}, "--detrend: 'cubic' is not mean or linear"},
      {{"--csv", parts[0]}, "refusing to overwrite it"}};
  for (const auto& [extra, message] : refused) {
    const Outcome bad = run(std::vector<std::string>{"merge"} + parts + extra +
                            std::vector<std::string>{"--plot", dir + "/never.svg"});
    CHECK(bad.rc == 2);
    CHECK_THAT(bad.err, Catch::Contains(message));
    CHECK_FALSE(fs::exists(dir + "/never.svg"));
  }
  fs::remove_all(dir);
}

TEST_CASE("merge refuses mixed sweeps, a missing shard and a duplicated shard",
          "[shard][sweep][robust]") {
  const std::string dir = fresh_dir("anesim-shard-refuse");
  const std::vector<std::string> sweep = {"sweep", "--lines-range", "64:192:64", "--cores", "1"};
  const std::vector<std::string> p = run_shards(sweep, 3, dir);
  const std::string other = dir + "/other-2.csv";
  REQUIRE(run(std::vector<std::string>{"sweep", "--lines-range", "64:192:64", "--cores", "2",
                                       "--shard", "2/3", "--csv", other})
              .rc == 0);
  const std::string cut4 = dir + "/cut4-2.csv";
  REQUIRE(run(sweep + std::vector<std::string>{"--shard", "2/4", "--csv", cut4}).rc == 0);
  auto merge = [&](const std::vector<std::string>& parts) {
    return run(std::vector<std::string>{"merge"} + parts +
               std::vector<std::string>{"--csv", dir + "/m.csv"});
  };
  struct Refusal {
    std::vector<std::string> parts;
    std::string message;
  };
  const std::string copy = dir + "/copy-of-1.csv";
  fs::copy_file(p[0], copy);
  const std::vector<Refusal> refusals = {
      {{p[0], other, p[2]}, "are parts of different sweeps: sweep: 'cores=1' against 'cores=2'"},
      {{p[0], p[2]}, "1 of 3 shards missing: 2/3"},
      {{p[2]}, "2 of 3 shards missing: 1/3, 2/3"},
      {{p[0], p[1], p[2], p[0]}, "shard 1/3 given twice"},
      {{p[0], p[1], p[2], copy}, "shard 1/3 given twice"},
      {{p[0], cut4, p[2]}, "parts of different cuts"},
      {{p[0], dir + "/missing.csv"}, "missing.csv: cannot open part file"},
      {{ANESIM_SOURCE_DIR "/tests/fixtures/replay-small.csv"}, "not an anesim part file"},
  };
  for (const Refusal& r : refusals) {
    const Outcome o = merge(r.parts);
    INFO(r.message << "\n" << o.err);
    CHECK(o.rc == 5);
    CHECK_THAT(o.err, Catch::Contains(r.message));
    CHECK(o.out.empty());
    CHECK_FALSE(fs::exists(dir + "/m.csv"));
  }
  // A row changed by hand (another time_us) no longer matches its point.
  const std::string part = slurp(p[1]);
  const size_t row = part.find("\n1,lines,");  // point 1: 64 lines, fix
  REQUIRE(row != std::string::npos);
  size_t field = row + 1;
  for (int i = 0; i < 12; ++i) {
    field = part.find(',', field) + 1;
  }
  std::string edited = part;
  edited.insert(field, "1");  // time_us 12.3456 becomes 112.3456
  write(dir + "/edited.csv", edited);
  Outcome o = merge({p[0], dir + "/edited.csv", p[2]});
  CHECK(o.rc == 5);
  CHECK_THAT(o.err,
             Catch::Contains("edited.csv:") && Catch::Contains("do not match their checksum"));
  // With the checksum made to match, the row check still refuses it.
  write(dir + "/resealed.csv", seal_part(edited.substr(0, edited.rfind("# rows_fnv1a: "))));
  o = merge({p[0], dir + "/resealed.csv", p[2]});
  CHECK(o.rc == 5);
  CHECK_THAT(o.err,
             Catch::Contains("resealed.csv:") && Catch::Contains("is not the sweep's point"));
  // A part cut short.
  write(dir + "/short.csv", part.substr(0, part.size() - 5));
  o = merge({p[0], dir + "/short.csv", p[2]});
  CHECK(o.rc == 5);
  CHECK_THAT(o.err, Catch::Contains("short.csv"));
  fs::remove_all(dir);
}

TEST_CASE("replay shards merge into the unsharded replay's CSV", "[shard][replay]") {
  const std::string dir = fresh_dir("anesim-shard-replay");
  // Two files, so that records keep their file through the parts.
  const std::vector<std::string> replay = {
      "replay", ANESIM_SOURCE_DIR "/tests/fixtures/replay-small.csv",
      ANESIM_SOURCE_DIR "/traces/m3-air/m3-air-published-split.csv"};
  const Outcome whole = run(replay + std::vector<std::string>{"--csv", dir + "/whole.csv"});
  REQUIRE(whole.rc == 0);
  const std::vector<std::string> parts = run_shards(replay, 3, dir);
  Outcome merged = run(std::vector<std::string>{"merge", parts[2], parts[0], parts[1], "--csv",
                                                dir + "/merged.csv"});
  INFO(merged.err);
  REQUIRE(merged.rc == 0);
  CHECK(slurp(dir + "/merged.csv") == slurp(dir + "/whole.csv"));
  CHECK(merged.out == whole.out);
  // --max-mape judges the merged records; a replay part is not a sweep part.
  CHECK(run({"merge", parts[0], parts[1], parts[2], "--max-mape", "0.001"}).rc == 6);
  CHECK(run({"merge", parts[0], parts[1], parts[2], "--fft"}).rc == 2);
  const std::string sweep_part = dir + "/sweep-1.csv";
  REQUIRE(run({"sweep", "--lines-range", "64:64", "--cores", "1", "--shard", "1/3", "--csv",
               sweep_part})
              .rc == 0);
  const Outcome mixed = run({"merge", parts[0], sweep_part, parts[2]});
  CHECK(mixed.rc == 5);
  CHECK_THAT(mixed.err, Catch::Contains("is a sweep part but"));
  fs::remove_all(dir);
}

TEST_CASE("bad --shard and --slurm-script values are usage errors", "[shard][cli]") {
  const std::string dir = fresh_dir("anesim-shard-usage");
  const std::vector<std::string> sweep = {"sweep", "--lines-range", "64:128:64", "--cores", "1"};
  const std::string csv = dir + "/p.csv";
  for (const char* bad : {"0/2", "3/2", "1/0", "one/two", "1/2/3", "-1/2", "1", "", "1/100001"}) {
    INFO("--shard '" << bad << "'");
    const Outcome o = run(sweep + std::vector<std::string>{"--shard", bad, "--csv", csv});
    CHECK(o.rc == 2);
    CHECK_THAT(o.err, Catch::Contains("--shard"));
    const Outcome r = run({"replay", ANESIM_SOURCE_DIR "/tests/fixtures/replay-small.csv",
                           "--shard", bad, "--csv", csv});
    CHECK(r.rc == 2);
  }
  CHECK(run(sweep + std::vector<std::string>{"--shard", "1/2"}).rc == 2);  // no --csv
  CHECK(run(sweep +
            std::vector<std::string>{"--shard", "1/2", "--csv", csv, "--plot", dir + "/p.svg"})
            .rc == 2);
  CHECK(run(sweep + std::vector<std::string>{"--shards", "2"}).rc == 2);
  CHECK(run(sweep + std::vector<std::string>{"--slurm-script", dir + "/s"}).rc == 2);
  CHECK(run(sweep + std::vector<std::string>{"--slurm-script", dir + "/s", "--shards", "5"}).rc ==
        2);  // 4 points
  CHECK(run(sweep + std::vector<std::string>{"--slurm-script", dir + "/s", "--shards", "2",
                                             "--shard", "1/2"})
            .rc == 2);
  CHECK(run({"merge"}).rc == 2);
  CHECK_FALSE(fs::exists(csv));
  fs::remove_all(dir);
}

TEST_CASE("the Slurm scripts: a job array and an afterok merge that give the sweep's CSV",
          "[shard][slurm]") {
  const std::string dir = fresh_dir("anesim-slurm-script");
  const std::vector<std::string> sweep = {"sweep",   "--cin-range", "64:256:64", "--cout", "32",
                                          "--cores", "1",           "-j",        "1"};
  const Outcome o =
      run(sweep + std::vector<std::string>{"--csv", dir + "/merged.csv", "--fft", "--slurm-script",
                                           dir + "/job", "--shards", "3"});
  INFO(o.err);
  REQUIRE(o.rc == 0);
  const std::string array = slurp(dir + "/job/shard.sbatch");
  CHECK_THAT(array, Catch::Contains("#SBATCH --array=1-3"));
  CHECK_THAT(array, Catch::Contains("#SBATCH --cpus-per-task=1"));
  CHECK_THAT(array, Catch::Contains("--shard \"$i/3\""));
  CHECK_THAT(slurp(dir + "/job/submit.sh"), Catch::Contains("--dependency=afterok:"));
  CHECK_THAT(slurp(dir + "/job/merge.sbatch"), Catch::Contains(" merge "));
  // Run the tasks as Slurm would, without Slurm: each shard, then the merge.
  for (int i = 3; i >= 1; --i) {
    const std::string task = "SLURM_ARRAY_TASK_ID=" + std::to_string(i) + " bash " + dir +
                             "/job/shard.sbatch > /dev/null";
    REQUIRE(std::system(task.c_str()) == 0);
  }
  REQUIRE(std::system(("bash " + dir + "/job/merge.sbatch > " + dir + "/merge.out").c_str()) == 0);
  CHECK_THAT(slurp(dir + "/merge.out"), Catch::Contains("FFT bug"));
  REQUIRE(run(sweep + std::vector<std::string>{"--csv", dir + "/whole.csv"}).rc == 0);
  CHECK(slurp(dir + "/merged.csv") == slurp(dir + "/whole.csv"));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace anesim
