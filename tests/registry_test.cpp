// The registries of memory targets, refresh policies and DRAM standards
// (one template, sim/base/registry.h), and the ring mechanisms read from
// the RTL package:
//  * each lists its names, sorted, whatever the link order;
//  * what a target answers (clocked, SystemC kernel) decides the coupling;
//  * an unknown name in a machine description is an error at its
//    file:line:column listing the registered names, and each
//    implementation's own keys are read and checked by it;
//  * every variant's mechanism is a value of relatch_e with its RTL name.
#include <catch2/catch.hpp>

#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

#include <anesim/machine/builtin_config.h>
#include <anesim/machine/machine_config_reader.h>
#include <sim/dram/dram_standard.h>
#include <sim/dram/refresh/refresh_policies.h>
#include <sim/memory/memory_targets.h>
#include <sim/ring/ring_variant.h>
#include <sim/top/run_without_systemc.h>
#include "test_support.h"

namespace anesim {
namespace {

const std::string kFixedConfig = ANESIM_SOURCE_DIR "/configs/m3-air-fixed-memory.yaml";

template <typename Interface>
std::vector<std::string> names() {
  std::vector<std::string> out;
  for (const Interface* impl : Registry<Interface>::instance().all()) {
    out.push_back(impl->name());
  }
  return out;
}

// The message parse_config gives `text`, or "" when it reads.
std::string error_of(const std::string& text) {
  try {
    parse_config(text, "machine.yaml");
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

// The built-in description with `from` replaced by `to` (once).
std::string builtin_with(const std::string& from, const std::string& to) {
  std::string text = kBuiltinConfigYaml;
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

// "machine.yaml:L:C: " of the first occurrence of `needle` in `text`.
std::string where(const std::string& text, const std::string& needle) {
  const size_t at = text.find(needle);
  REQUIRE(at != std::string::npos);
  const size_t line_start = text.rfind('\n', at) + 1;  // npos + 1 = 0 on the first line
  const auto line = 1 + std::count(text.begin(), text.begin() + at, '\n');
  return "machine.yaml:" + std::to_string(line) + ":" + std::to_string(at - line_start + 1) + ": ";
}

TEST_CASE("registry: memory targets, refresh policies and standards by name", "[registry]") {
  CHECK(names<MemoryTargetKind>() == std::vector<std::string>{"dram_channels", "fixed_latency"});
  CHECK(MemoryTargets::instance().choices() == "dram_channels, fixed_latency");
  CHECK(names<RefreshPolicyKind>() == std::vector<std::string>{"all_bank", "per_bank"});
  CHECK(RefreshPolicies::instance().choices() == "all_bank, per_bank");
  // This binary links the test-only any_structure too (tests/memory/).
  CHECK(names<DramStandard>() ==
        std::vector<std::string>{"any_structure", "lpddr4x", "lpddr5", "lpddr5x"});
  for (const std::string& name : names<MemoryTargetKind>()) {
    REQUIRE(MemoryTargets::instance().find(name) != nullptr);
    CHECK(MemoryTargets::instance().find(name)->name() == name);
  }
  CHECK(MemoryTargets::instance().find("dramsys") == nullptr);
  DramConfig d = builtin_config().dram;
  for (const std::string& name : names<RefreshPolicyKind>()) {
    d.refresh = name;
    CHECK(make_refresh_policy(d) != nullptr);
  }
  d.refresh = "sometimes";
  CHECK_THROWS_WITH(make_refresh_policy(d),
                    "dram.refresh 'sometimes' is not a refresh mode (all_bank, per_bank)");
}

TEST_CASE("registry: the target decides the coupling and the SystemC kernel", "[registry]") {
  const MachineConfig builtin = builtin_config();
  const MachineConfig fixed = load_config_file(kFixedConfig);
  CHECK(memory_target(builtin).clocked());
  CHECK(memory_target(builtin).direct());
  CHECK_FALSE(needs_systemc_kernel(builtin));
  CHECK(runs_without_systemc(builtin, RunSpec{}));
  CHECK_FALSE(memory_target(fixed).clocked());
  CHECK_FALSE(memory_target(fixed).direct());
  CHECK(needs_systemc_kernel(fixed));
  CHECK_FALSE(runs_without_systemc(fixed, RunSpec{}));
  CHECK(fixed.memory.setting("latency_ns") == 60);
  MachineConfig unknown = builtin;
  unknown.memory.target = "dramsys";
  CHECK_THROWS_WITH(
      needs_systemc_kernel(unknown),
      "memory.target 'dramsys' is not a memory target (dram_channels, fixed_latency)");
}

TEST_CASE("registry: an unknown name is an error at its line and column", "[registry]") {
  const std::string memory = builtin_with("fabric:\n", "memory:\n  target: dramsys\nfabric:\n");
  CHECK(error_of(memory) == where(memory, "dramsys") + "memory.target: 'dramsys' is not a " +
                                "memory target (" + MemoryTargets::instance().choices() + ")");
  const std::string refresh = builtin_with("refresh: per_bank", "refresh: sometimes");
  CHECK(error_of(refresh) == where(refresh, "sometimes") + "dram.refresh: 'sometimes' is not " +
                                 "a refresh mode (" + RefreshPolicies::instance().choices() + ")");
  const std::string standard = builtin_with("standard: lpddr5", "standard: ddr3");
  CHECK(error_of(standard) == where(standard, "ddr3") +
                                  "dram.standard: 'ddr3' is not a DRAM standard (" +
                                  Registry<DramStandard>::instance().choices() + ")");
  // A key of another target names the keys of each.
  const std::string extra =
      builtin_with("fabric:\n", "memory:\n  target: dram_channels\n  queue_depth: 4\nfabric:\n");
  CHECK(error_of(extra) ==
        where(extra, "queue_depth: 4") +
            "memory.queue_depth: unknown key (memory.target dram_channels takes no "
            "other key; fixed_latency takes latency_ns, bandwidth_gbps, "
            "queue_depth)");
  // A target reads its own keys, with their ranges.
  const std::string range =
      builtin_with("fabric:\n",
                   "memory:\n  target: fixed_latency\n  latency_ns: 60\n  bandwidth_gbps: 0\n"
                   "  queue_depth: 4\nfabric:\n");
  CHECK(error_of(range) ==
        where(range, "0\n  queue") + "memory.bandwidth_gbps: expected a positive number, got '0'");
}

TEST_CASE("registry: each variant's mechanism is a relatch_e of the RTL package", "[registry]") {
  REQUIRE(std::size(kRelatchNames) >= 4);
  CHECK(std::string(relatch_name(Relatch::RelatchNever)) == "RelatchNever");
  for (const RingVariantInfo& v : ring_variants()) {
    INFO(v.name);
    CHECK(std::string(relatch_name(v.relatch_at_wrap)).rfind("Relatch", 0) == 0);
  }
  CHECK(variant_info(RingVariant::kBug).relatch_at_wrap == Relatch::RelatchNever);
  CHECK(variant_info(test::variant("relatch")).relatch_at_wrap == Relatch::RelatchAtEveryWrap);
  CHECK(variant_info(test::variant("relatch_epoch1")).relatch_at_wrap ==
        Relatch::RelatchEpoch1AtWrap);
  CHECK(variant_info(test::variant("relatch_midpoint")).relatch_at_wrap ==
        Relatch::RelatchAtMidpoint);
}

}  // namespace
}  // namespace anesim
