// Fleet advice (`anesim advise --chip A,B,...`, docs/advise.md, "Fleet"):
// the combination rule in process, then the binary on a small model whose
// 1 MiB projection hits the M3 and the M4 but not the M5 Pro.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include <anesim/analysis/advise/fleet_advice.h>
#include <anesim/io/json.h>
#include <anesim/machine/chip_registry.h>

#include "test_support.h"

namespace {

using namespace anesim;

// A chip whose one row is affected (or not) and cleared by these splits.
FleetChip chip_with(const std::string& name, bool affected, std::vector<uint32_t> clearing) {
  FleetChip c;
  c.name = name;
  TransferAdvice a;
  a.affected = affected;
  a.clearing_splits = std::move(clearing);
  c.advice.rows.push_back(a);
  return c;
}

std::string fleet_model() {
  static const std::string path = [] {
    const std::string p = test::fresh_dir("anesim-fleet-test") + "/fleet-mini.yaml";
    // one_mib: 128 x 4096 x 2 B = 1 MiB per core (1*0x4000+0); small: below the first lap.
    std::ofstream(p) << "name: fleet-mini\ndisplay_name: Fleet test model\n"
                        "published_parameters: 9437184\nlayers: 1\nhidden: 4096\n"
                        "projections:\n  - {name: one_mib, cin: 4096, cout: 2048}\n"
                        "  - {name: small, cin: 1024, cout: 1024}\n";
    return p;
  }();
  return path;
}

const Json* chip_entry(const Json& row, const std::string& chip) {
  for (const Json& c : row.at("chips")) {
    if (c.at("chip") == chip) return &c;
  }
  return nullptr;
}

}  // namespace

TEST_CASE("fleet: the smallest split that clears on every affected chip", "[fleet]") {
  // m3 clears with 2 or 3, m4 only with 3 and 4: 3. An unaffected chip has no say.
  CHECK(fleet_splits({chip_with("m3", true, {2, 3}), chip_with("m4", true, {3, 4}),
                      chip_with("m5-pro", false, {})}) == std::vector<uint32_t>{3});
  // Nobody affected: no split; no common split: none (0).
  CHECK(fleet_splits({chip_with("m1", false, {}), chip_with("m5-pro", false, {})}) ==
        std::vector<uint32_t>{1});
  CHECK(fleet_splits({chip_with("m3", true, {2}), chip_with("m4", true, {3})}) ==
        std::vector<uint32_t>{0});
  // combine_fleet refuses chips whose fleet split was not priced.
  CHECK_THROWS(combine_fleet({chip_with("m3", true, {2})}));
}

TEST_CASE("fleet: a projection that hits some chips, priced on all", "[fleet][binary]") {
  const std::string csv = test::fresh_dir("anesim-fleet-csv") + "/fleet.csv";
  const test::Outcome r = test::run_anesim({"advise", "--model", fleet_model(), "--chip",
                                            "m3,m4,m5-pro", "--exact", "--json", "--csv", csv});
  REQUIRE(r.rc == 0);
  const Json j = Json::parse(r.out);
  REQUIRE(j.at("chips").size() == 3);
  REQUIRE(j.at("projections").size() == 2);
  const Json& one = j.at("projections").at(0);
  CHECK(one.at("name") == "one_mib");
  CHECK(one.at("affected_chips") == Json::array({"m3", "m4"}));
  REQUIRE(one.at("split").get<uint32_t>() >= 2);
  for (const char* name : {"m3", "m4"}) {
    const Json* c = chip_entry(one, name);
    REQUIRE(c != nullptr);
    CHECK(c->at("affected") == true);
    CHECK(c->at("clears") == true);
    CHECK(c->at("time_us_after").get<double>() < c->at("time_us_before").get<double>());
  }
  // The unaffected chip pays for the extra dispatches.
  const Json* m5 = chip_entry(one, "m5-pro");
  REQUIRE(m5 != nullptr);
  CHECK(m5->at("affected") == false);
  CHECK(m5->at("time_us_after").get<double>() > m5->at("time_us_before").get<double>());
  const Json& small = j.at("projections").at(1);
  CHECK(small.at("affected_chips").empty());
  CHECK(small.at("split") == 1);
  // One CSV row per projection and chip, after the header.
  const std::string table = test::slurp(csv);
  CHECK(std::count(table.begin(), table.end(), '\n') == 1 + 2 * 3);
  // A single --chip keeps the one-machine answer.
  const test::Outcome single = test::run_anesim(
      {"advise", "--cin", "4096", "--cout", "2048", "--chip", "m5-pro", "--json", "--exact"});
  REQUIRE(single.rc == 0);
  CHECK(Json::parse(single.out).at("affected") == false);
}

TEST_CASE("fleet: --chip all, and bad lists exit 2", "[fleet][binary]") {
  const test::Outcome r = test::run_anesim(
      {"advise", "--cin", "4096", "--cout", "2048", "--chip", "all", "--exact", "--json"});
  REQUIRE(r.rc == 0);
  const Json j = Json::parse(r.out);
  CHECK(j.at("chips").size() == chip_registry().size());
  for (const Json& c : j.at("chips")) {
    // An unknown verdict is simulated with the description's ring, and says so.
    CHECK(c.contains("note") == c.at("verdict").is_null());
  }
  for (const char* bad : {"m3,nope", "m3,m3", "m3,", "all,m3"}) {
    const test::Outcome b =
        test::run_anesim({"advise", "--cin", "4096", "--cout", "2048", "--chip", bad});
    INFO(bad << ": " << b.err);
    CHECK(b.rc == 2);
    CHECK(b.err.find("--chip") != std::string::npos);
    CHECK(b.out.empty());
  }
}
