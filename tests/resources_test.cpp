// The scale-out's resource checks. `anesim bench --json` reports the sc_clock
// reference, a sweep's throughput at -j 1 and -j 2, the main job's wall time
// and a streaming run's lines per second beside its other ratios (speed is
// a benchmark figure, never a timed test). Memory stays flat in transfer
// length (a 256-lap run within 10 % of a 1-lap run's peak RSS); RSS means
// nothing under the sanitizers (their shadow memory and quarantine grow
// with allocations), so those builds skip that part.
#include <catch2/catch.hpp>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

#include <anesim/io/json.h>
#include "test_support.h"

#if defined(__SANITIZE_ADDRESS__)
#define ANESIM_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ANESIM_SANITIZED 1
#endif
#endif

namespace anesim {
namespace {

struct Usage {
  int rc = -1;
  long max_rss_kb = 0;
};

Usage measure(const std::vector<std::string>& args) {
  const std::string dir = test::fresh_dir("anesim-resources");
  const pid_t pid = test::spawn_anesim(args, dir + "/out", dir + "/err");
  int status = 0;
  rusage ru{};
  Usage u;
  if (wait4(pid, &status, 0, &ru) == pid && WIFEXITED(status)) {
    u.rc = WEXITSTATUS(status);
  }
  u.max_rss_kb = ru.ru_maxrss;
  std::remove((dir + "/out").c_str());
  std::remove((dir + "/err").c_str());
  rmdir(dir.c_str());
  return u;
}

TEST_CASE("bench --json reports the sc_clock reference and the sweep throughput", "[bench]") {
  const test::Outcome o = test::run_anesim(
      "bench --variant fix --lines 64 --stream-lines 0x400 --json --sweep --sweep-x -16:16:16");
  INFO(o.err);
  REQUIRE(o.rc == 0);
  const Json j = Json::parse(o.out);
  for (const char* key :
       {"testbench_over_bare", "testbench_over_sc_clock", "tlm_over_direct",
        "sc_clock_mcycles_per_s", "sweep_points_per_s_j1", "sweep_points_per_s_j2",
        "sweep_j2_over_j1", "main_job_s", "lines_per_s"}) {
    INFO(key);
    CHECK(j.at(key).get<double>() > 0);
  }
  CHECK(j.at("sweep_points").get<int>() == 6);  // 3 x values, bug and fix
  CHECK(test::run_anesim("bench --sweep-x 5:1").rc == 2);
}

TEST_CASE("memory is flat in transfer length", "[resources][scale]") {
#ifdef ANESIM_SANITIZED
  WARN("skipped: RSS is not meaningful under the sanitizers");
  return;
#endif
  const Usage one_lap = measure({"--variant", "bug", "--lines", "0x4000", "--cores", "1"});
  const Usage laps_256 = measure({"--variant", "bug", "--lines", "0x400000", "--cores", "1"});
  REQUIRE(one_lap.rc == 0);
  REQUIRE(laps_256.rc == 0);
  INFO("1 lap: " << one_lap.max_rss_kb << " KB, 256 laps: " << laps_256.max_rss_kb << " KB");
  CHECK(laps_256.max_rss_kb <= one_lap.max_rss_kb * 1.10);
}

}  // namespace
}  // namespace anesim
