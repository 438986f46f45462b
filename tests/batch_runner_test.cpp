// The batch runner (src/anesim/analysis/batch/batch_runner.h): where a machine's
// points run (threads unless its memory needs the SystemC kernel), the
// child protocol's point on stdin, and that both paths give the same
// numbers, a decode step too large for any command line included.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>
#include <vector>

#include <anesim/analysis/batch/batch_runner.h>
#include <anesim/analysis/batch/point_children.h>
#include <anesim/analysis/batch/point_request.h>
#include <anesim/machine/machine_config_reader.h>

#include "tests/test_support.h"

namespace anesim {
namespace {

const std::string kFixedConfig = ANESIM_SOURCE_DIR "/configs/m3-air-fixed-memory.yaml";

// A few small points covering every field a point carries.
std::vector<SimPoint> small_points() {
  std::vector<SimPoint> points(4);
  points[0].variant = RingVariant::kBug;
  points[0].cores = 1;
  points[0].lines_per_core = 0x4000;
  points[1].variant = RingVariant::kFix;
  points[1].cores = 2;
  points[1].lines_per_core = 0x4000 - 64;
  points[1].split = 2;
  points[1].base_line = 512;
  points[2].cores = 1;
  points[2].lines_per_core = 0x1800;
  points[2].task_lines = {0x1000, 0x800};
  points[2].task_ops = {3, 1};
  points[2].program_starts = {1};
  points[2].max_cycles = 5000000;
  points[3].cores = 1;
  points[3].lines_per_core = 256;
  return points;
}

void check_same(const SimPointResult& a, const SimPointResult& b) {
  INFO(a.error << " / " << b.error);
  REQUIRE(a.ok);
  REQUIRE(b.ok);
  CHECK(a.time_us == b.time_us);
  CHECK(a.gbps == b.gbps);
  CHECK(a.lines_prefetched == b.lines_prefetched);
  CHECK(a.lines_demand == b.lines_demand);
  CHECK(a.k == b.k);
  CHECK(a.x == b.x);
  CHECK(a.notch == b.notch);
  CHECK(a.sim_cycles == b.sim_cycles);
  CHECK(a.task_dispatch_cycles == b.task_dispatch_cycles);
  CHECK(a.task_finish_cycles == b.task_finish_cycles);
}

TEST_CASE("batch runner: threads unless the machine's memory needs the SystemC kernel", "[batch]") {
  CHECK(point_runner(load_config_or_builtin("")) == PointRunner::kThreads);
  CHECK(point_runner(load_config_or_builtin(ANESIM_SOURCE_DIR "/configs/chips/m3-air.yaml")) ==
        PointRunner::kThreads);
  CHECK(point_runner(load_config_or_builtin(ANESIM_SOURCE_DIR "/configs/chips/m4.yaml")) ==
        PointRunner::kThreads);
  CHECK(point_runner(load_config_or_builtin(kFixedConfig)) == PointRunner::kChildren);
  // The same machine with its target switched back runs as threads.
  MachineConfig dram_channels = load_config_or_builtin(kFixedConfig);
  dram_channels.memory.target = MachineConfig{}.memory.target;  // the default, dram_channels
  CHECK(point_runner(dram_channels) == PointRunner::kThreads);
}

TEST_CASE("batch runner: a machine that needs children but has no file is refused", "[batch]") {
  const MachineConfig fixed = load_config_or_builtin(kFixedConfig);
  try {
    simulate_points(small_points(), fixed, "", 1, "");
    FAIL("no error");
  } catch (const ConfigError& e) {
    CHECK_THAT(e.what(), Catch::Contains(kFixedConfig));
    CHECK_THAT(e.what(), Catch::Contains("child processes"));
  }
  CHECK(simulate_points({}, fixed, "", 1, "").empty());
}

TEST_CASE("batch runner: a point travels to a child as JSON and back whole", "[batch]") {
  for (const SimPoint& p : small_points()) {
    const SimPoint q = parse_point_request(point_request_json(p).dump());
    CHECK(q.variant == p.variant);
    CHECK(q.cores == p.cores);
    CHECK(q.lines_per_core == p.lines_per_core);
    CHECK(q.split == p.split);
    CHECK(q.base_line == p.base_line);
    CHECK(q.task_lines == p.task_lines);
    CHECK(q.task_ops == p.task_ops);
    CHECK(q.program_starts == p.program_starts);
    CHECK(q.task_gaps == p.task_gaps);
    CHECK(q.max_cycles == p.max_cycles);
  }
  CHECK(point_command("c.yaml") == std::vector<std::string>{simulator_executable(), "--json",
                                                            "--point-stdin", "--config", "c.yaml"});
  for (const char* bad : {"", "[1]", "{\"variant\": \"nope\", \"lines\": 1}",
                          "{\"variant\": \"bug\", \"lines\": \"x\"}", "{\"variant\": \"bug\"}"}) {
    INFO(bad);
    CHECK_THROWS_WITH(parse_point_request(bad), Catch::Contains("--point-stdin"));
  }
}

TEST_CASE("batch runner: children and threads give the same numbers", "[batch]") {
  set_simulator_executable(ANESIM_BINARY);
  const std::vector<SimPoint> points = small_points();
  const std::vector<SimPointResult> threads =
      simulate_points(points, load_config_or_builtin(""), "", 2, "");
  const std::vector<SimPointResult> children = simulate_points_as_children(points, "", 2, {});
  REQUIRE(threads.size() == points.size());
  REQUIRE(children.size() == points.size());
  for (size_t i = 0; i < points.size(); ++i) {
    check_same(threads[i], children[i]);
  }
  // A failed point says why, on either path.
  SimPoint too_long = points[0];
  too_long.max_cycles = 1000;
  CHECK_FALSE(simulate_points({too_long}, load_config_or_builtin(""), "", 1, "")[0].ok);
  const SimPointResult child = simulate_points_as_children({too_long}, "", 1, {})[0];
  CHECK_FALSE(child.ok);
  CHECK_THAT(child.error, Catch::Contains("exit 2"));
  // A child has no field for an engine's drain rates: it refuses the point
  // rather than run it without them.
  SimPoint drained = points[0];
  drained.task_drain = {1.5};
  const SimPointResult refused = simulate_points_as_children({drained}, "", 1, {})[0];
  CHECK_FALSE(refused.ok);
  CHECK_THAT(refused.error, Catch::Contains("task_drain"));
}

TEST_CASE("batch runner: a fixed-latency machine's points run as children, as a run prints",
          "[batch]") {
  set_simulator_executable(ANESIM_BINARY);
  SimPoint p;
  p.cores = 2;
  p.lines_per_core = 0x800;
  const std::vector<SimPointResult> r =
      simulate_points({p}, load_config_or_builtin(kFixedConfig), kFixedConfig, 1, "");
  REQUIRE(r[0].ok);
  const test::Outcome run = test::run_anesim(
      {"--json", "--config", kFixedConfig, "--lines", "2048", "--cores", "2", "--variant", "bug"});
  REQUIRE(run.rc == 0);
  check_same(r[0], parse_point_report(run.out));
}

// 1000 layers of 70 projections: 70000 tasks, whose lengths alone are more
// than one command-line argument may hold (128 KiB).
std::string big_model(const std::string& dir) {
  std::string text =
      "name: big\ndisplay_name: Big\nelement_bytes: 2\nlayers: 1000\nhidden: 320\n"
      // 1000 x 70 x 320 x 16 weights plus 2001 RMSNorms of 320.
      "published_parameters: 359040320\nprojections:\n";
  for (int i = 0; i < 70; ++i) {
    text += "  - {name: p" + std::to_string(i) + ", cin: 320, cout: 16, role: mlp_input}\n";
  }
  const std::string path = dir + "/big.yaml";
  std::ofstream(path) << text;
  return path;
}

TEST_CASE("batch runner: a decode step of 70000 tasks runs, in threads and as children",
          "[batch]") {
  const std::string model = big_model(test::fresh_dir("anesim-big-model"));
  const test::Outcome o =
      test::run_anesim({"decode", "--model", model, "--split", "none", "--json"});
  INFO(o.err);
  REQUIRE(o.rc == 0);
  const Json j = Json::parse(o.out);
  CHECK(j.at("before").at("tasks").get<uint64_t>() == 70000);
  // The same step's point through a child: its stdin carries it.
  set_simulator_executable(ANESIM_BINARY);
  SimPoint p;
  p.cores = 1;
  p.lines_per_core = 70000 * 10;
  p.task_lines.assign(70000, 10);
  p.task_ops.assign(70000, 0);
  CHECK(point_request_json(p).dump().size() > 128 * 1024);
  const std::vector<SimPointResult> threads =
      simulate_points({p}, load_config_or_builtin(""), "", 1, "");
  const std::vector<SimPointResult> child = simulate_points_as_children({p}, "", 1, {});
  check_same(threads[0], child[0]);
  CHECK(threads[0].task_finish_cycles.size() == 70000);
  // On a machine that needs SystemC the step runs as a child: it fits too.
  const test::Outcome fixed = test::run_anesim(
      {"decode", "--model", model, "--split", "none", "--json", "--config", kFixedConfig});
  INFO(fixed.err);
  CHECK(fixed.rc == 0);
}

}  // namespace
}  // namespace anesim
