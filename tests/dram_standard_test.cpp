// The DRAM standards (sim/dram/standards/): each sets its channel's
// structure whatever the description says, checks the description against
// its speed bins and timings, and refuses what it does not have, at the
// field's file:line:column.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include <anesim/machine/machine_config_reader.h>
#include <sim/base/machine_config.h>
#include "robustness_support.h"
#include "test_support.h"

namespace anesim {
namespace {

const std::string kChips = ANESIM_SOURCE_DIR "/configs/chips/";

std::string load_error(const std::string& yaml) {
  try {
    parse_config(yaml, "bad.yaml");
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST_CASE("standards: each sets its structure", "[dram][standard]") {
  const MachineConfig m1 = load_config_file(kChips + "m1.yaml");
  CHECK(m1.dram.standard == "lpddr4x");
  CHECK(m1.dram.banks == 8);
  CHECK(m1.dram.channel_bytes_per_cycle == 4);  // 2 beats per CK, no WCK
  CHECK(m1.dram.t.burst == 16);                 // BL32 in 16 CK
  CHECK(m1.dram.act_after_refresh_waits_rrd);
  CHECK(m1.dram.t.pbr2act == m1.dram.t.rrd);
  const MachineConfig m3 = builtin_config();
  CHECK(m3.dram.standard == "lpddr5");
  CHECK(m3.dram.banks == 16);
  CHECK(m3.dram.channel_bytes_per_cycle == 16);  // 8 beats per CK at WCK:CK 4:1
  CHECK(m3.dram.t.burst == 4);
  CHECK_FALSE(m3.dram.act_after_refresh_waits_rrd);
  const MachineConfig m4 = load_config_file(kChips + "m4.yaml");
  CHECK(m4.dram.standard == "lpddr5x");
  CHECK(m4.dram.banks == 16);
  CHECK(m4.dram.channel_bytes_per_cycle == 16);
}

TEST_CASE("standards: every shipped chip names the standard of its preset", "[dram][standard]") {
  int chips = 0;
  for (const auto& e : std::filesystem::directory_iterator(kChips)) {
    const std::string name = e.path().filename().string();
    if (e.path().extension() != ".yaml" || name == "registry.yaml") continue;
    INFO(name);
    const MachineConfig cfg = load_config_file(e.path().string());
    std::string title = cfg.dram.preset.substr(0, cfg.dram.preset.find('-'));
    for (char& c : title) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    CHECK(title == cfg.dram.standard);
    ++chips;
  }
  CHECK(chips >= 21);
}

TEST_CASE("standards: what a standard does not have is refused at its field", "[dram][standard]") {
  const std::string shipped = test::shipped_yaml();
  struct Case {
    std::string yaml, message;
  };
  const Case cases[] = {
      {test::replace_once(shipped, "  standard: lpddr5 ", "  # no standard "),
       "dram.standard: missing key"},
      {test::replace_once(shipped, "standard: lpddr5 ", "standard: lpddr6 "),
       "dram.standard: 'lpddr6' is not a DRAM standard"},
      {test::replace_once(shipped, "standard: lpddr5 ", "standard: lpddr5x "),
       "dram.preset: names an LPDDR5 part, but dram.standard is lpddr5x"},
      {test::replace_once(shipped, "clock_mhz: 800 ", "clock_mhz: 1200 "),
       "dram.clock_mhz: 1200 MHz is 9600 MT/s at 8 beats per CK, outside LPDDR5's speed bins"},
      {test::replace_once(shipped, "banks: 16 ", "banks: 8 "),
       "dram.banks: 8 is not 16 (LPDDR5 has 16 banks per channel, JESD209-5)"},
      {test::replace_once(shipped, "channel_bytes_per_cycle: 16 ", "channel_bytes_per_cycle: 4 "),
       "dram.channel_bytes_per_cycle: 4 is not 16"},
      {test::replace_once(shipped, "burst: 4 ", "burst: 2 "),
       "dram.timings.burst: 2 is not 4 (BL32 at 8 beats per CK)"},
  };
  for (const Case& c : cases) {
    const std::string why = load_error(c.yaml);
    INFO(why);
    CHECK_THAT(why, Catch::StartsWith("bad.yaml:"));
    CHECK_THAT(why, Catch::Contains(c.message));
  }
}

TEST_CASE("standards: LPDDR4X has no tPBR2ACT, an ACT after REFpb waits tRRD", "[dram][standard]") {
  const std::string m1 = test::slurp(kChips + "m1.yaml");
  const std::string own = test::replace_once(m1, "base: m3\n", "base: " + kChips + "m3-air.yaml\n");
  const std::string why = load_error(test::replace_once(own, "pbr2act: 16 ", "pbr2act: 6  "));
  CHECK_THAT(why, Catch::Contains("dram.timings.pbr2act: 6 is not rrd (16): this standard has "
                                  "no tPBR2ACT"));
  // Over a base with no pbr2act (all-bank timings), left out it is tRRD.
  std::string over_all_bank = test::replace_once(
      m1, "base: m3\n", "base: " ANESIM_SOURCE_DIR "/tests/golden/m3-air-all-bank.yaml\n");
  over_all_bank = test::replace_once(over_all_bank, "  preset: LPDDR4X",
                                     "  refresh: per_bank\n  preset: LPDDR4X");
  const MachineConfig without =
      parse_config(test::replace_once(over_all_bank, "pbr2act: 16 ", "# left out: "), "m1.yaml");
  CHECK(without.dram.t.pbr2act == without.dram.t.rrd);
  CHECK(without.dram.t.rrd == 16);
}

}  // namespace
}  // namespace anesim
