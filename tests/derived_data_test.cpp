// Derived data is trusted only when it proves it (docs/advise.md, "Timing
// tables" and "The cache"): a table or cache entry is keyed by the merged
// description (an edit to a base makes it stale), carries a checksum over
// its numbers, and holds only times the description's memory can give.
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <anesim/analysis/batch/point_request.h>
#include <anesim/analysis/tables/advise_point.h>
#include <anesim/analysis/tables/cache_entry.h>
#include <anesim/analysis/tables/characterize.h>
#include <anesim/analysis/tables/result_cache.h>
#include <anesim/analysis/tables/table_lookup.h>
#include <anesim/io/text_file.h>
#include <anesim/machine/machine_config_reader.h>

#include "tests/test_support.h"

using namespace anesim;
namespace fs = std::filesystem;

namespace {

const std::string kSource = ANESIM_SOURCE_DIR;

// A small table of `yaml` (a fixed-ring description: no notch grid), written
// beside it as characterize writes one.
TimingTable small_table(const std::string& yaml) {
  const MachineConfig cfg = load_config_or_builtin(yaml);
  CharacterizeSettings s;
  s.config_path = yaml;
  s.description_text = test::slurp(yaml);
  s.description_name = yaml;
  s.max_lines = 2048;
  s.jobs = 1;
  TimingTable t = characterize(cfg, s);
  std::ofstream(table_path_for(yaml)) << timing_table_json(t).dump(1) << "\n";
  return t;
}

// An overlay on a copy of the M1 (a fixed ring), in a fresh folder.
std::string overlay_on_copied_base(const std::string& dir) {
  std::ofstream(dir + "/base.yaml") << test::slurp(kSource + "/configs/chips/m1.yaml");
  std::ofstream(dir + "/ov.yaml") << "base: base.yaml\n";
  return dir + "/ov.yaml";
}

}  // namespace

TEST_CASE("derived data: an edit to a base makes the overlay's table stale", "[tables][robust]") {
  const std::string dir = test::fresh_dir("anesim-stale");
  const std::string ov = dir + "/ov.yaml";
  const std::string base = test::slurp(kSource + "/configs/chips/m3-air.yaml");
  std::ofstream(dir + "/base.yaml") << base;
  std::ofstream(ov) << "base: base.yaml\nane:\n  ring_variant: fix\n";
  small_table(ov);
  REQUIRE(find_timing_table(ov, test::slurp(ov), load_config_or_builtin(ov)) != nullptr);
  const std::string before = description_hash(test::slurp(ov), ov);
  // A comment in the base changes no number: the merged description is the same.
  std::ofstream(dir + "/base.yaml") << base << "# a comment\n";
  CHECK(description_hash(test::slurp(ov), ov) == before);
  REQUIRE(find_timing_table(ov, test::slurp(ov), load_config_or_builtin(ov)) != nullptr);
  // The overlay's own text is unchanged; a number in its base is not.
  std::ofstream(dir + "/base.yaml")
      << test::replace_once(base, "port_cycles_per_line: ", "port_cycles_per_line: 3");
  CHECK(description_hash(test::slurp(ov), ov) != before);
  CHECK_THROWS_WITH(find_timing_table(ov, test::slurp(ov), load_config_or_builtin(ov)),
                    Catch::Contains("or of a file it stands on") &&
                        Catch::Contains("anesim characterize --config " + ov));
}

TEST_CASE("derived data: a table's numbers must match its checksum", "[tables][robust]") {
  const std::string dir = test::fresh_dir("anesim-checksum");
  const std::string ov = overlay_on_copied_base(dir);
  const TimingTable t = small_table(ov);
  const std::string text = test::slurp(table_path_for(ov));
  REQUIRE_NOTHROW(parse_timing_table(text, "t.json"));
  Json j = Json::parse(text);
  j["fix"][3][1] = j["fix"][3][1].get<double>() * 0.5;  // an edited time
  CHECK_THROWS_WITH(parse_timing_table(j.dump(), "t.json"),
                    Catch::Contains("t.json: checksum: does not match"));
  j = Json::parse(text);
  j.erase("checksum");
  CHECK_THROWS_WITH(parse_timing_table(j.dump(), "t.json"), Catch::Contains("not a timing table"));
  // Through advise's lookup: refused with the command that regenerates it.
  Json edited = Json::parse(text);
  edited["fix"][3][1] = 1e-3;
  std::ofstream(table_path_for(ov)) << edited.dump();
  CHECK_THROWS_WITH(find_timing_table(ov, test::slurp(ov), load_config_or_builtin(ov)),
                    Catch::Contains("checksum") && Catch::Contains("anesim characterize"));
}

TEST_CASE("derived data: a time the memory cannot give is refused with its field",
          "[tables][robust]") {
  const std::string dir = test::fresh_dir("anesim-physics");
  const std::string ov = overlay_on_copied_base(dir);
  const MachineConfig cfg = load_config_or_builtin(ov);
  TimingTable t = small_table(ov);
  REQUIRE_NOTHROW(check_table_physics(t, cfg, "t.json"));
  TimingTable negative = t;
  negative.fix[2].second = -4;
  CHECK_THROWS_WITH(check_table_physics(negative, cfg, "t.json"),
                    Catch::Contains("t.json: fix[2]") && Catch::Contains("positive, finite"));
  TimingTable fast = t;
  fast.fix.back().second = 1e-4;  // 2048 lines in 0.1 ns
  CHECK_THROWS_WITH(check_table_physics(fast, cfg, "t.json"),
                    Catch::Contains("above the memory's peak"));
  // A consistent table (checksum recomputed) with an impossible time is
  // refused on load too.
  std::ofstream(table_path_for(ov)) << timing_table_json(fast).dump();
  CHECK_THROWS_WITH(find_timing_table(ov, test::slurp(ov), cfg),
                    Catch::Contains("above the memory's peak"));
}

TEST_CASE("derived data: a cache entry is used only when it proves it", "[tables][robust]") {
  const MachineConfig cfg = load_config_or_builtin(kSource + "/configs/chips/m4.yaml");
  const SimPoint p = advise_point(RingVariant::kFix, {16384}, cfg);
  const std::string point = point_request_json(p).dump();
  SimPointResult r;
  r.ok = true;
  r.time_us = 700;
  r.gbps = 16384 * 64.0 / (700 * 1e3);
  r.sim_cycles = 1000;
  const std::string good = cache_entry_text(point, r);
  SimPointResult out;
  CHECK(parse_cache_entry(good, point, p, cfg, out));
  CHECK(out.time_us == 700);
  // Edited: the checksum fails.
  Json j = Json::parse(good);
  j["report"]["time_us"] = 1.0;
  CHECK_FALSE(parse_cache_entry(j.dump(), point, p, cfg, out));
  // Consistent but impossible: 1 MiB in 1 us is 1049 GB/s on a 120 GB/s bus.
  SimPointResult forged = r;
  forged.time_us = 1.0;
  forged.gbps = 16384 * 64.0 / 1e3;
  CHECK_FALSE(parse_cache_entry(cache_entry_text(point, forged), point, p, cfg, out));
  forged.time_us = -5;
  forged.gbps = 1;
  CHECK_FALSE(parse_cache_entry(cache_entry_text(point, forged), point, p, cfg, out));
  // Another point's entry.
  CHECK_FALSE(parse_cache_entry(good, point + " ", p, cfg, out));
  CHECK_FALSE(parse_cache_entry("{ not json", point, p, cfg, out));
}

TEST_CASE("derived data: only regular files of bounded size are read", "[tables][robust]") {
  const std::string dir = test::fresh_dir("anesim-regular");
  std::string why;
  CHECK_FALSE(read_regular_file("/dev/zero", 1024, "cache entry", why));
  CHECK(why == "cannot open cache entry: not a regular file");
  const std::string fifo = dir + "/fifo";
  REQUIRE(mkfifo(fifo.c_str(), 0644) == 0);
  CHECK_FALSE(read_regular_file(fifo, 1024, "cache entry", why));  // returns, does not block
  CHECK(why == "cannot open cache entry: not a regular file");
  fs::create_symlink("/dev/zero", dir + "/link");
  CHECK_FALSE(read_regular_file(dir + "/link", 1024, "cache entry", why));
  std::ofstream(dir + "/big") << std::string(2048, 'x');
  CHECK_FALSE(read_regular_file(dir + "/big", 1024, "cache entry", why));
  CHECK_THAT(why, Catch::Contains("too large (2048 bytes, more than 1024)"));
  CHECK(read_regular_file(dir + "/big", 4096, "cache entry", why) == std::string(2048, 'x'));
}

TEST_CASE("derived data: the cache is held under its limit, oldest scopes first",
          "[tables][robust]") {
  const std::string dir = test::fresh_dir("anesim-evict");
  REQUIRE(setenv("XDG_CACHE_HOME", dir.c_str(), 1) == 0);
  const fs::path root = fs::path(dir) / "anesim";
  const std::string old_scope = "0000000000000001-0000000000000001";
  const std::string new_scope = "0000000000000002-0000000000000002";
  for (const std::string& s : {old_scope, new_scope}) {
    fs::create_directories(root / s);
    for (int i = 0; i < 4; ++i) {
      std::ofstream(root / s / fmt::format("{:016x}.json", i)) << std::string(1000, 'x');
    }
  }
  // Not anesim's: never touched.
  std::ofstream(root / "notes.txt") << "mine";
  fs::last_write_time(root / old_scope, fs::file_time_type::clock::now() - std::chrono::hours(2));
  CacheSummary s = cache_summary();
  CHECK(s.entries == 8);
  CHECK(s.scopes.front().name == old_scope);
  evict_cache_to(5000, new_scope);
  CHECK_FALSE(fs::exists(root / old_scope));
  CHECK(fs::exists(root / new_scope));
  evict_cache_to(2500, new_scope);  // the scope in use loses its oldest entries
  CHECK(cache_summary().bytes <= 2500);
  CHECK(clear_cache() > 0);
  CHECK(cache_summary().entries == 0);
  CHECK(fs::exists(root / "notes.txt"));
  REQUIRE(setenv("ANESIM_CACHE_LIMIT_MB", "lots", 1) == 0);
  CHECK_THROWS_WITH(check_cache_limit(), Catch::Contains("ANESIM_CACHE_LIMIT_MB='lots'"));
  unsetenv("ANESIM_CACHE_LIMIT_MB");
  unsetenv("XDG_CACHE_HOME");
}
