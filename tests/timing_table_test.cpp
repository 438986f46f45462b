// Timing tables (docs/advise.md, "Timing tables"): a sample of each shipped
// table regenerated and compared exactly (its mid-lap samples and the parts
// of each drain rate too), the
// times next to whole laps as simulated, stale tables refused with how to
// regenerate them, the on-disk cache reused and repaired, an answer from
// the table alone or a request for a simulation, and a transfer far above
// simulation.max_cycles' reach advised.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <anesim/analysis/batch/batch_runner.h>
#include <anesim/analysis/tables/advise_point.h>
#include <anesim/analysis/tables/characterize.h>
#include <anesim/analysis/tables/engine_drain.h>
#include <anesim/analysis/tables/result_cache.h>
#include <anesim/analysis/tables/table_lookup.h>
#include <anesim/api/advise.h>
#include <anesim/machine/chip_registry.h>
#include <anesim/machine/machine_config_reader.h>
#include <anesim/present/advice_output.h>
#include <sim/ring/geometry.h>
#include <sim/ring/ring_variant.h>

#include "tests/test_support.h"

using namespace anesim;
namespace fs = std::filesystem;

namespace {

const std::string kSource = ANESIM_SOURCE_DIR;

struct Sample {
  RingVariant v;
  std::vector<uint32_t> tasks;
  double stored;           // what the table holds for it
  double minus = 0.0;      // the table stores time - minus (an extra over `fix`)
  uint32_t base_line = 0;  // where the tasks start
};

// A seeded sample of the table's points no larger than `max_lines` each.
std::vector<Sample> sample_of(const TimingTable& t, uint64_t max_lines, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<Sample> s;
  auto pick = [&rng](size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng); };
  for (int i = 0; i < 6; ++i) {
    const auto& [lines, us] = t.fix[pick(t.fix.size())];
    if (lines <= max_lines) s.push_back({RingVariant::kFix, {static_cast<uint32_t>(lines)}, us});
  }
  for (const auto& [n, curve] : t.split_extra) {
    const auto& [total, extra] = curve[pick(std::min<size_t>(curve.size(), 12))];
    s.push_back({t.chip, near_equal_tasks(total, n), extra, interpolate(t.fix, total)});
  }
  for (int i = 0; i < 8 && !t.notch.empty(); ++i) {
    const size_t ki = pick(std::min<size_t>(t.notch_k.size(), 3)), xi = pick(t.notch_x.size());
    const auto lines = static_cast<uint32_t>(t.notch_k[ki] * kRingLines + t.notch_x[xi]);
    const NotchPoint& p = t.notch[ki][xi];
    s.push_back({t.chip, {lines}, p.chip_us});
    if (p.fix_simulated) s.push_back({RingVariant::kFix, {lines}, p.fix_us});
  }
  for (uint32_t k = 1; k <= std::min<uint32_t>(t.notch_max_k, 3); ++k) {
    s.push_back(
        {t.chip, {k * kRingLines}, t.aligned_extra[k - 1], interpolate(t.fix, k * kRingLines)});
  }
  for (uint32_t k = 1; k <= std::min<size_t>(t.off_lap_extra.size(), 3); ++k) {
    s.push_back({t.chip,
                 {k * kRingLines},
                 t.off_lap_extra[k - 1],
                 interpolate(t.fix, k * kRingLines),
                 kOffLapStartLine});
  }
  return s;
}

// The table a shipped description names, as advise finds it.
std::shared_ptr<const TimingTable> shipped_table(const std::string& yaml) {
  std::shared_ptr<const TimingTable> t =
      find_timing_table(yaml, test::slurp(yaml), load_config_or_builtin(yaml));
  REQUIRE(t != nullptr);
  return t;
}

}  // namespace

TEST_CASE("tables: a sample of each shipped table regenerates exactly", "[tables]") {
  // Every built-in description: the chip registry names each one's file.
  for (const ChipEntry& chip : chip_registry()) {
    const std::string yaml = chip_config_path(chip.name);
    INFO(chip.name << ": " << yaml);
    const std::string text = test::slurp(yaml);
    const std::shared_ptr<const TimingTable> t =
        find_timing_table(yaml, text, load_config_or_builtin(yaml));
    REQUIRE(t != nullptr);
    const MachineConfig cfg = load_config_file(yaml);
    CHECK(t->chip == cfg.ane.ring_variant);
    // One part per drain rate of the description, each with its formats.
    const std::vector<DrainRate> rates = drain_rates(cfg);
    REQUIRE(t->drained.size() == rates.size());
    std::vector<const TimingTable*> parts{t.get()};
    for (size_t i = 0; i < rates.size(); ++i) {
      CHECK(same_drain(t->drained[i].drain_cycles_per_line, rates[i].cycles_per_line));
      CHECK(t->drained[i].drained_formats == rates[i].formats);
      parts.push_back(&t->drained[i]);
    }
    uint32_t seed = 20261203;
    for (const TimingTable* part : parts) {
      INFO("drain " << part->drain_cycles_per_line << " cycles per line");
      // A drained part: fewer and shorter points (a slow engine's runs are long).
      const std::vector<Sample> sample =
          sample_of(*part, part == t.get() ? 1u << 17 : 1u << 15, seed++);
      std::vector<SimPoint> points;
      for (const Sample& s : sample) {
        points.push_back(advise_point(s.v, s.tasks, cfg, part->drain_cycles_per_line));
        points.back().base_line = s.base_line;
      }
      const std::vector<SimPointResult> r = simulate_points(points, cfg, yaml, 2, "");
      for (size_t i = 0; i < sample.size(); ++i) {
        INFO(variant_name(sample[i].v) << " " << points[i].lines_per_core << " lines in "
                                       << sample[i].tasks.size() << " task(s)");
        REQUIRE(r[i].ok);
        CHECK(r[i].time_us - sample[i].minus == sample[i].stored);
      }
    }
  }
}

TEST_CASE("tables: next to whole laps the table gives the simulation's time", "[tables]") {
  // On the M4's ring a whole number of laps runs faster than one line off it
  // (its V is not a line through x = 0): a time interpolated between x = 0
  // and x = 8 was 12-22 % short at x = -3..+4.
  for (const std::string name : {"m3", "m4"}) {
    const std::string yaml = chip_config_path(name);
    INFO(name << ": " << yaml);
    const std::shared_ptr<const TimingTable> t = shipped_table(yaml);
    const MachineConfig cfg = load_config_file(yaml);
    std::vector<uint32_t> lines;
    std::vector<SimPoint> points;
    for (const int64_t x : {-7, -3, -2, -1, 1, 2, 4, 5}) {
      lines.push_back(static_cast<uint32_t>(2 * kRingLines + x));
      points.push_back(advise_point(t->chip, {lines.back()}, cfg));
    }
    const std::vector<SimPointResult> r = simulate_points(points, cfg, yaml, 2, "");
    for (size_t i = 0; i < lines.size(); ++i) {
      INFO(lines[i] << " lines");
      REQUIRE(r[i].ok);
      const std::optional<double> table = t->single(t->chip, lines[i]);
      REQUIRE(table.has_value());
      CHECK(*table == Approx(r[i].time_us).epsilon(1e-3));
    }
  }
}

TEST_CASE("tables: past their laps the per-lap law gives the simulation's time", "[tables]") {
  // 10 and 11 laps, past the 8 the shipped tables sample, inside the notch
  // and at its edge, on the M3's ring and the M4's, whose whole-lap extra
  // rises every other lap (table_laws.h).
  for (const std::string name : {"m3", "m4"}) {
    const std::string yaml = chip_config_path(name);
    INFO(name << ": " << yaml);
    const std::shared_ptr<const TimingTable> t = shipped_table(yaml);
    REQUIRE(t->notch_max_k < 10);
    const MachineConfig cfg = load_config_file(yaml);
    std::vector<uint32_t> lines;
    std::vector<SimPoint> points;
    for (const uint32_t k : {10u, 11u}) {
      for (const int64_t x : {0, -128, 100, 250}) {
        lines.push_back(static_cast<uint32_t>(k * kRingLines + x));
        points.push_back(advise_point(t->chip, {lines.back()}, cfg));
      }
    }
    const std::vector<SimPointResult> r = simulate_points(points, cfg, yaml, 2, "");
    for (size_t i = 0; i < lines.size(); ++i) {
      INFO(lines[i] << " lines");
      REQUIRE(r[i].ok);
      const std::optional<double> table = t->single(t->chip, lines[i]);
      REQUIRE(table.has_value());
      CHECK(*table == Approx(r[i].time_us).epsilon(2e-3));
    }
    // Past max_lines the fixed ring streams at the rate its last segments share.
    const std::optional<double> far = t->single(RingVariant::kFix, 16 * t->max_lines);
    REQUIRE(far.has_value());
    const double rate = (t->fix.back().second - t->fix[t->fix.size() - 2].second) /
                        static_cast<double>(t->fix.back().first - t->fix[t->fix.size() - 2].first);
    CHECK(*far == Approx(t->fix.back().second +
                         rate * static_cast<double>(16 * t->max_lines - t->fix.back().first)));
  }
}

TEST_CASE("tables: a split cut unevenly by a few channels is answered", "[tables]") {
  // 128 input channels at two laps: three chunks of 43, 43 and 42 channels
  // (11008, 11008 and 10752 lines, 2.3 % apart).
  api::AdviseRequest r;
  r.cin = 128;
  r.cout = 131072;
  r.without_simulation = true;
  const api::AdviseResult table = api::advise(r);
  REQUIRE(table.table.rows.at(0).split == 3);
  CHECK(table.table.rows[0].chunk_lines == std::vector<uint64_t>{11008, 11008, 10752});
  r.without_simulation = false;
  r.exact = true;
  const api::AdviseResult exact = api::advise(r);
  CHECK(exact.table.rows.at(0).split == 3);
  CHECK(table.table.rows[0].time_us_after ==
        Approx(exact.table.rows[0].time_us_after).epsilon(1e-3));
}

TEST_CASE("tables: a table whose last segments disagree on a rate stops there", "[tables]") {
  TimingTable t;
  t.chip = RingVariant::kFix;
  t.max_lines = 300;
  t.fix = {{1, 1.0}, {100, 2.0}, {200, 3.0}, {300, 4.0}};
  CHECK(t.single(RingVariant::kFix, 600) == Approx(7.0));  // 0.01 us per line, as sampled
  t.fix.back().second = 5.0;                               // the last segment twice as steep
  CHECK_FALSE(t.single(RingVariant::kFix, 600).has_value());
  CHECK(t.single(RingVariant::kFix, 250) == Approx(4.0));  // inside, as sampled
}

TEST_CASE("tables: a table made from another description or code is refused", "[tables]") {
  const std::string dir = test::fresh_dir("anesim-tables");
  const std::string text = test::slurp(kSource + "/configs/chips/m4.yaml");
  const std::string table = test::slurp(kSource + "/configs/chips/m4.table.json");
  const std::string yaml = dir + "/m4.yaml";
  std::ofstream(yaml) << test::replace_once(text, "queue_depth: 32", "queue_depth: 31");
  std::ofstream(dir + "/m4.table.json") << table;
  api::AdviseRequest r;
  r.cin = 4096;
  r.cout = 4096;
  r.machine.config = yaml;
  try {
    api::advise(r);
    FAIL("a stale table was used");
  } catch (const ConfigError& e) {
    CHECK_THAT(e.what(), Catch::Contains("made from another version of " + yaml) &&
                             Catch::Contains("anesim characterize --config " + yaml));
  }
  // The same description with a table from other model code (its checksum
  // its own: an edited field would fail the checksum first).
  std::ofstream(yaml) << text;
  TimingTable other = parse_timing_table(table, "m4.table.json");
  other.model_version = "0" + other.model_version;
  std::ofstream(dir + "/m4.table.json") << timing_table_json(other).dump(1);
  CHECK_THROWS_WITH(api::advise(r), Catch::Contains("another version of the model code") &&
                                        Catch::Contains("anesim characterize --config"));
  // Not a table at all.
  std::ofstream(dir + "/m4.table.json") << "{\"format\": 1}";
  CHECK_THROWS_WITH(api::advise(r), Catch::Contains("not a timing table"));
  // --exact reads no table.
  r.exact = true;
  CHECK(api::advise(r).table.rows.at(0).affected);
}

TEST_CASE("tables: without a table each shape is simulated once, then read from the cache",
          "[tables]") {
  const std::string dir = test::fresh_dir("anesim-cache");
  REQUIRE(setenv("XDG_CACHE_HOME", dir.c_str(), 1) == 0);
  const std::string yaml = dir + "/edited.yaml";
  std::ofstream(yaml) << test::slurp(kSource + "/configs/chips/m3-air.yaml") << "# an edit\n";
  api::AdviseRequest r;
  r.cin = 2048;
  r.cout = 4096;
  r.machine.config = yaml;
  const api::AdviseResult first = api::advise(r);
  const fs::path scope = fs::path(dir) / "anesim" / cache_scope(test::slurp(yaml), yaml);
  REQUIRE(fs::is_directory(scope));
  std::vector<fs::path> entries;
  for (const auto& e : fs::directory_iterator(scope)) entries.push_back(e.path());
  REQUIRE(entries.size() >= 3);  // before, fix, the split
  // A corrupt entry is ignored and rewritten; the answers stay the same.
  std::ofstream(entries[0]) << "{ not json";
  const api::AdviseResult second = api::advise(r);
  CHECK(second.table.rows[0].time_us_before == first.table.rows[0].time_us_before);
  CHECK(second.table.rows[0].time_us_after == first.table.rows[0].time_us_after);
  CHECK(test::slurp(entries[0].string()).rfind("{\"point\"", 0) == 0);
  unsetenv("XDG_CACHE_HOME");
}

TEST_CASE("tables: without_simulation answers from the table or asks for a simulation",
          "[tables]") {
  api::AdviseRequest r;
  r.cin = 2048;
  r.cout = 4096;  // 1 MiB per core: affected, split 2, all from the table
  const api::AdviseResult simulated_allowed = api::advise(r);
  r.without_simulation = true;
  const api::AdviseResult from_table = api::advise(r);
  CHECK(present::advice_json(from_table) == present::advice_json(simulated_allowed));
  // Past the table's 64 MiB per core: its laws answer (table_laws.h).
  r.cin = 8192;
  r.cout = 131072;  // 128 MiB per core
  const api::AdviseResult past = api::advise(r);
  CHECK(past.table.rows.at(0).lines_per_core == 2 * 1048576);
  CHECK_FALSE(past.table.simulated);
  // A format the chip's engine drains at its own rate (int8 on the M4):
  // the table of its rate answers it.
  r.cin = 4096;
  r.cout = 2048;
  r.dtype = Dtype::kInt8;
  r.machine.config = kSource + "/configs/chips/m4.yaml";
  const api::AdviseResult drained = api::advise(r);
  CHECK_FALSE(drained.table.simulated);
  // A table without that rate's part asks for a simulation instead.
  const MachineConfig m4 = load_config_file(r.machine.config);
  TimingTable undrained = *shipped_table(r.machine.config);
  undrained.drained.clear();
  SimulationCache sims(undrained.chip, &undrained);
  const double int8 = drain_cycles_per_line(m4, WeightFormat{Dtype::kInt8});
  REQUIRE(int8 > 0);
  sims.want_both(8192, int8);
  AdviceSettings never;
  never.without_simulation = true;
  CHECK_THROWS_AS(sims.run(m4, never), NeedsSimulation);
  r.dtype.reset();
  r.machine.config.clear();
  // A model's whole-token steps are composed from the table too; on a
  // machine without one (given as a value, with no description text) they
  // would be simulated, and that is asked for.
  api::AdviseRequest m;
  m.model = "llama-3.2-1b";
  m.without_simulation = true;
  const api::AdviseResult model = api::advise(m);
  REQUIRE(model.model.has_value());
  CHECK(model.model->steps_composed);
  m.machine.machine = builtin_config();
  CHECK_THROWS_AS(api::advise(m), NeedsSimulation);
}

TEST_CASE("tables: 648 MiB per core and more is advised, not stopped at max_cycles",
          "[tables][slow]") {
  const MachineConfig cfg = builtin_config();
  const std::vector<uint32_t> tasks = {648u * kRingLines + 7168};
  CHECK(workload_cycle_limit(cfg, tasks) > cfg.sim.max_cycles);
  api::AdviseRequest r;
  r.cin = 41500;  // 648 MiB + 7168 lines per core at cout 131072 (fp16)
  r.cout = 131072;
  r.exact = true;
  const api::AdviseResult a = api::advise(r);
  CHECK(a.table.rows.at(0).lines_per_core == tasks[0]);
  CHECK_FALSE(a.table.rows[0].affected);
  CHECK(a.table.rows[0].time_us_before > 0);
}
