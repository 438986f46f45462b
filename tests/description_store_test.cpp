// Descriptions are read once per process and again when one of their files
// changes (src/anesim/api/description_store.h): a fleet question reuses what the
// last one read, and an edit to a description, to a base it stands on or
// to its timing table is seen on the next request, without a restart.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>

#include <anesim/analysis/tables/characterize.h>
#include <anesim/analysis/tables/table_lookup.h>
#include <anesim/api/advise.h>
#include <anesim/api/description_store.h>
#include <anesim/io/errors.h>
#include <anesim/io/file_signature.h>
#include <anesim/machine/chip_registry.h>

#include "tests/test_support.h"

using namespace anesim;

namespace {

const std::string kSource = ANESIM_SOURCE_DIR;

// An overlay in `dir` on a copy of the M1's description (a fixed ring, so
// its table is small), the copy's port rate set to `port`.
std::string overlay_with_port(const std::string& dir, const std::string& port) {
  std::string base = test::slurp(kSource + "/configs/chips/m1.yaml");
  const size_t at = base.find("port_cycles_per_line: 34.41");
  REQUIRE(at != std::string::npos);
  base.replace(at, 27, "port_cycles_per_line: " + port);
  std::ofstream(dir + "/base.yaml") << base;
  std::ofstream(dir + "/ov.yaml") << "base: base.yaml\n";
  return dir + "/ov.yaml";
}

}  // namespace

TEST_CASE("description store: read once, read again when a file of it changes", "[api][fleet]") {
  const std::string dir = test::fresh_dir("anesim-store");
  const std::string ov = overlay_with_port(dir, "34.41");
  const auto first = api::loaded_description(ov);
  CHECK(api::loaded_description(ov) == first);  // shared, not re-read
  CHECK(first->machine.fabric.port_cycles_per_line == Approx(34.41));
  CHECK(first->timing_table() == nullptr);

  // An edit to the base (another size, so even a coarse clock sees it).
  overlay_with_port(dir, "40.125");
  const auto second = api::loaded_description(ov);
  CHECK(second != first);
  CHECK(second->machine.fabric.port_cycles_per_line == Approx(40.125));
  CHECK(second->cache_scope != first->cache_scope);

  // A table made for this version is found once it exists ...
  CharacterizeSettings s;
  s.config_path = ov;
  s.description_text = test::slurp(ov);
  s.description_name = ov;
  s.max_lines = 2048;
  s.jobs = 1;
  std::ofstream(table_path_for(ov))
      << timing_table_json(characterize(second->machine, s)).dump(1) << "\n";
  const auto with_table = api::loaded_description(ov);
  REQUIRE(with_table->timing_table() != nullptr);

  // ... and refused as stale once the base moves on, naming the command.
  overlay_with_port(dir, "34.41");
  const auto stale = api::loaded_description(ov);
  CHECK(stale->machine.fabric.port_cycles_per_line == Approx(34.41));
  CHECK_THROWS_WITH(stale->timing_table(), Catch::Contains("anesim characterize --config"));

  // A description that no longer reads is refused, and nothing is kept.
  std::ofstream(dir + "/base.yaml") << "dram: [\n";
  CHECK_THROWS_AS(api::loaded_description(ov), ConfigError);
  overlay_with_port(dir, "40.125");
  CHECK(api::loaded_description(ov)->timing_table() != nullptr);
}

TEST_CASE("description store: a chip asked by name answers what its file says", "[api][fleet]") {
  // The same question by chip and by the chip's file gives the same answer.
  api::AdviseRequest by_chip;
  by_chip.cin = 2048;
  by_chip.cout = 8192;
  by_chip.machine.config = chip_config_path("m4-pro");
  const api::AdviseResult a = api::advise(by_chip);
  const api::AdviseResult b = api::advise(by_chip);
  REQUIRE(a.table.rows.size() == b.table.rows.size());
  CHECK(a.table.rows.front().time_us_before == b.table.rows.front().time_us_before);
  api::AdviseRequest exact = by_chip;
  exact.exact = true;
  exact.jobs = 1;
  const api::AdviseResult c = api::advise(exact);
  CHECK(c.table.rows.front().time_us_before ==
        Approx(a.table.rows.front().time_us_before).epsilon(0.005));
}

TEST_CASE("description store: one request sees one version of each file", "[api][fleet]") {
  const std::string dir = test::fresh_dir("anesim-scope");
  const std::string f = dir + "/f.txt";
  std::ofstream(f) << "one";
  const FileSignature before = file_signature(f);
  {
    const SignatureScope request;
    CHECK(file_signature(f) == before);
    std::ofstream(f) << "three";
    CHECK(file_signature(f) == before);  // stat'ed once in this request
    {
      const SignatureScope nested;
      CHECK(file_signature(f) == before);
    }
    CHECK(file_signature(f) == before);
  }
  CHECK(file_signature(f).size == 5);  // the next request sees the edit
}
