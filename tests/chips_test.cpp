// The chip descriptions (configs/chips/): the overlay reader (merge, its
// errors), every registered chip's description running the main job with
// every line delivered, `anesim chips --json` and `--chip`.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include <anesim/api/run.h>
#include <anesim/machine/chip_registry.h>
#include <anesim/machine/machine_config_reader.h>
#include <anesim/present/run_output.h>
#include <sim/ring/ring_variant.h>

#include "tests/test_support.h"

namespace anesim::test {
namespace {

const std::string kM3 = ANESIM_SOURCE_DIR "/configs/chips/m3-air.yaml";

std::string write(const std::string& dir, const std::string& name, const std::string& text) {
  const std::string path = dir + "/" + name;
  std::ofstream(path) << text;
  return path;
}

std::string load_error(const std::string& path) {
  try {
    load_config_file(path);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

bool in_family(const ChipEntry& c, const std::string& family) {
  return std::find(c.families.begin(), c.families.end(), family) != c.families.end();
}

}  // namespace

TEST_CASE("an overlay changes only the keys it names", "[chips]") {
  const std::string dir = fresh_dir("anesim-overlay");
  const std::string path = write(dir, "o.yaml",
                                 "base: " + kM3 +
                                     "\nfabric:\n  credits_per_core: 8\n"
                                     "ane:\n  ring_variant: fix\n");
  const MachineConfig base = load_config_file(kM3);
  const MachineConfig o = load_config_file(path);
  CHECK(o.fabric.credits_per_core == 8);
  CHECK(o.ane.ring_variant == RingVariant::kFix);
  CHECK(o.fabric.request_latency == base.fabric.request_latency);
  CHECK(o.fabric.port_cycles_per_line == base.fabric.port_cycles_per_line);
  CHECK(o.dram.t.rcd == base.dram.t.rcd);
  CHECK(o.power.boost_after_cycles == base.power.boost_after_cycles);
  // A base named relative to the overlay, and an overlay of an overlay.
  write(dir, "twice.yaml", "base: o.yaml\ndram:\n  queue_depth: 4\n");
  const MachineConfig twice = load_config_file(dir + "/twice.yaml");
  CHECK(twice.dram.queue_depth == 4);
  CHECK(twice.fabric.credits_per_core == 8);
}

TEST_CASE("an overlay that changes the clock keeps the base's times in ns", "[chips]") {
  const std::string dir = fresh_dir("anesim-overlay");
  // Twice the clock, within LPDDR5's speed bins: from 400 MHz to 800.
  const std::string slow = write(dir, "slow.yaml", "base: " + kM3 + "\ndram:\n  clock_mhz: 400\n");
  const std::string path = write(dir, "fast.yaml", "base: slow.yaml\ndram:\n  clock_mhz: 800\n");
  const MachineConfig base = load_config_file(slow);
  const MachineConfig o = load_config_file(path);
  CHECK(o.fabric.request_latency == 2 * base.fabric.request_latency);
  CHECK(o.fabric.port_cycles_per_line == Approx(2 * base.fabric.port_cycles_per_line));
  CHECK(o.ane.launch_overhead_cycles == 2 * base.ane.launch_overhead_cycles);
  CHECK(o.power.start_clock_mhz == Approx(2 * base.power.start_clock_mhz).epsilon(1e-4));
  CHECK(o.dram.t.rcd == base.dram.t.rcd);  // timings are the overlay's to give
}

TEST_CASE("overlay errors name the file, line and field", "[chips]") {
  const std::string dir = fresh_dir("anesim-overlay");
  const std::string typo =
      write(dir, "typo.yaml", "base: " + kM3 + "\nfabric:\n  credit_per_core: 8\n");
  CHECK_THAT(load_error(typo),
             Catch::Contains("typo.yaml:3:20: fabric.credit_per_core: unknown key"));
  const std::string bad = write(dir, "bad.yaml", "base: m9\n");
  CHECK_THAT(load_error(bad), Catch::Contains("bad.yaml:1:7: base: 'm9' is not a chip (known: m1"));
  const std::string missing = write(dir, "missing.yaml", "base: nowhere.yaml\n");
  CHECK_THAT(load_error(missing), Catch::Contains("missing.yaml:1:7: base:"));
  write(dir, "a.yaml", "base: b.yaml\n");
  write(dir, "b.yaml", "base: a.yaml\n");
  CHECK_THAT(load_error(dir + "/a.yaml"), Catch::Contains("the bases form a cycle"));
  const std::string self = write(dir, "self.yaml", "base: self.yaml\n");
  CHECK_THAT(load_error(self), Catch::Contains("the bases form a cycle"));
  // A bad value in the base names the base's own file.
  write(dir, "broken.yaml", slurp(kM3) + "\nextra: 1\n");
  const std::string on_broken = write(dir, "on_broken.yaml", "base: broken.yaml\n");
  CHECK_THAT(load_error(on_broken), Catch::Contains("broken.yaml:"));
  CHECK_THAT(load_error(on_broken), Catch::Contains("extra: unknown key"));
  const std::string repeated = write(dir, "rep.yaml", "base: m3\nane:\n  cores: 8\n  cores: 4\n");
  CHECK_THAT(load_error(repeated), Catch::Contains("rep.yaml:4:3: cores: repeated key"));
}

TEST_CASE("a chip base with no registry to find names the overlay first", "[chips]") {
  const std::string dir = fresh_dir("anesim-no-registry");
  const std::string overlay = write(dir, "on_chip.yaml", "base: m3\n");
  const char* before = std::getenv("ANESIM_DATA_DIR");
  const std::string kept = before != nullptr ? before : "";
  REQUIRE(setenv("ANESIM_DATA_DIR", dir.c_str(), 1) == 0);
  const std::string msg = load_error(overlay);
  if (before != nullptr) {
    setenv("ANESIM_DATA_DIR", kept.c_str(), 1);
  } else {
    unsetenv("ANESIM_DATA_DIR");
  }
  CHECK(msg.rfind(overlay + ":1:7: base: cannot look up 'm3' in the chip registry: ", 0) == 0);
  CHECK_THAT(msg, Catch::Contains("chips/registry.yaml"));
  CHECK_THAT(msg, Catch::Contains("set ANESIM_DATA_DIR"));
}

TEST_CASE("every chip runs the main job with every line delivered", "[chips]") {
  const std::vector<ChipEntry> chips = chip_registry();
  REQUIRE(chips.size() >= 21);  // fifteen Macs and six phone chips at least
  for (const ChipEntry& c : chips) {
    const MachineConfig cfg = load_config_file(c.file);
    const RingVariant own = cfg.ane.ring_variant;
    CHECK((own == RingVariant::kFix) == (c.affected == false));
    for (const RingVariant v : {own, RingVariant::kFix}) {
      INFO(c.name << " " << variant_name(v));
      api::RunRequest r;
      r.lines = 0x4000;
      r.variant = v;
      r.machine.machine = cfg;
      const Json j = present::run_json(api::run_in_process(r));
      CHECK(j["lines_lost"] == 0);
      CHECK(j["lines_prefetched"].get<uint64_t>() + j["lines_demand"].get<uint64_t>() ==
            uint64_t{16} * 0x4000);
      CHECK(j["gbps"].get<double>() < cfg.peak_gbps());
    }
  }
}

TEST_CASE("anesim chips --json lists every chip with its verdict", "[chips]") {
  const Outcome o = run_anesim(std::vector<std::string>{"chips", "--json"});
  REQUIRE(o.rc == 0);
  const nlohmann::json list = nlohmann::json::parse(o.out);
  REQUIRE(list.is_array());
  std::set<std::string> names;
  for (const auto& c : list) {
    names.insert(c.at("name").get<std::string>());
    CHECK((c.at("affected").is_boolean() || c.at("affected").is_null()));
    CHECK(!c.at("confidence").get<std::string>().empty());
    CHECK(!c.at("evidence").get<std::string>().empty());
    CHECK(c.at("peak_gbps").get<double>() > 0);
  }
  std::set<std::string> registered;
  for (const ChipEntry& c : chip_registry()) registered.insert(c.name);
  CHECK(names == registered);
  CHECK(list.size() == registered.size());
}

TEST_CASE("a chip without evidence of its own takes its generation's verdict and ring", "[chips]") {
  const std::vector<GenerationEntry> generations = chip_generations();
  REQUIRE(generations.size() == 5);
  for (const ChipEntry& c : chip_registry()) {
    INFO(c.name);
    const auto g = std::find_if(generations.begin(), generations.end(),
                                [&](const GenerationEntry& e) { return e.name == c.generation; });
    REQUIRE(g != generations.end());
    CHECK(!c.devices.empty());
    if (c.verdict_from_generation) {
      CHECK(c.affected == g->notch.affected);
      CHECK(c.verdict == g->notch.verdict);
      CHECK(variant_name(load_config_file(c.file).ane.ring_variant) == g->ring);
    }
  }
  // The phones: no public evidence of their own, so each inherits.
  for (const ChipEntry& c : chip_registry()) {
    INFO(c.name);
    if (in_family(c, "iPhone")) CHECK(c.verdict_from_generation);
  }
}

TEST_CASE("devices map to chips, and groups name parts of the fleet", "[chips]") {
  CHECK(find_chip_by_device("iPhone 15 Pro")->name == "a17-pro");
  CHECK(find_chip_by_device("  iphone 15   PRO ")->name == "a17-pro");
  CHECK(find_chip_by_device("iPad Pro 11-inch (M4)")->name == "m4");
  CHECK_FALSE(find_chip_by_device("iPhone 99"));
  // Each group is the registry's chips of its family, in the registry's order.
  for (const auto& [group, family] : std::map<std::string, std::string>{
           {"macs", "Mac"}, {"iphones", "iPhone"}, {"ipads", "iPad"}, {"all", ""}}) {
    std::vector<std::string> expected;
    for (const ChipEntry& c : chip_registry()) {
      if (family.empty() || in_family(c, family)) expected.push_back(c.name);
    }
    INFO(group);
    CHECK(!expected.empty());
    CHECK(*chip_group(group) == expected);
  }
  CHECK_FALSE(chip_group("phones"));
  const Outcome device =
      run_anesim(std::vector<std::string>{"chips", "--device", "iPhone 16 Pro", "--json"});
  REQUIRE(device.rc == 0);
  const nlohmann::json one = nlohmann::json::parse(device.out);
  REQUIRE(one.size() == 1);
  CHECK(one[0].at("name") == "a18-pro");
  CHECK(one[0].at("verdict_from") == "generation");
  const Outcome unknown = run_anesim(std::vector<std::string>{"chips", "--device", "Pixel 9"});
  CHECK(unknown.rc == 2);
  CHECK_THAT(unknown.err, Catch::Contains("--device: 'Pixel 9' is not a device"));
}

TEST_CASE("chips --generations lists each generation once with its chips", "[chips]") {
  const Outcome out = run_anesim(std::vector<std::string>{"chips", "--generations", "--json"});
  REQUIRE(out.rc == 0);
  const nlohmann::json generations = nlohmann::json::parse(out.out);
  REQUIRE(generations.size() == chip_generations().size());
  size_t listed = 0;
  for (const nlohmann::json& g : generations) {
    for (const nlohmann::json& name : g.at("chips")) {
      const std::optional<ChipEntry> chip = find_chip(name.get<std::string>());
      REQUIRE(chip);
      CHECK(chip->generation == g.at("name"));
      ++listed;
    }
  }
  CHECK(listed == chip_registry().size());
  const Outcome both =
      run_anesim(std::vector<std::string>{"chips", "--generations", "--device", "iPhone 16 Pro"});
  CHECK(both.rc == 2);
  CHECK_THAT(both.err, Catch::Contains("--generations"));
}

TEST_CASE("the chip option picks a description and unknown names list the known ones", "[chips]") {
  const Outcome m4 =
      run_anesim(std::vector<std::string>{"--chip", "m4", "--lines", "0x100", "--json"});
  REQUIRE(m4.rc == 0);
  CHECK_THAT(m4.out, Catch::Contains("configs/chips/m4.yaml"));
  const Outcome bad = run_anesim(std::vector<std::string>{"--chip", "m7", "--lines", "0x100"});
  CHECK(bad.rc == 2);
  // Said once, on one line, as every other option's error.
  CHECK_THAT(
      bad.err,
      Catch::StartsWith("anesim: error: --chip: 'm7' is not a chip (known: " + chip_names() + ";"));
  const Outcome both =
      run_anesim(std::vector<std::string>{"--chip", "m4", "--config", kM3, "--lines", "0x100"});
  CHECK(both.rc == 2);
  const Outcome sub = run_anesim(std::vector<std::string>{"advise", "--chip", "m5-pro", "--cin",
                                                          "4096", "--cout", "4096", "--json"});
  CHECK(sub.rc == 0);
}

TEST_CASE("the chip option's help names the registry's chips", "[chips]") {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"--help"}, std::vector<std::string>{"advise", "--help"}}) {
    const Outcome help = run_anesim(args);
    REQUIRE(help.rc == 0);
    CHECK_THAT(help.out, Catch::Contains("a built-in chip description: " + chip_names() + " ("));
  }
}

}  // namespace anesim::test
