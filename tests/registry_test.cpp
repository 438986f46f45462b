// The registries of memory targets and refresh policies, and the ring
// mechanisms read from the RTL package:
//  * each lists its names, in the order messages give them, and the readers
//    of src/machine/ list the same names in the same order;
//  * what a target answers (clocked, SystemC kernel) decides the coupling;
//  * an unknown name in a machine description is an error at its
//    file:line:column listing the registered names;
//  * every variant's mechanism is a value of relatch_e with its RTL name.
#include <catch2/catch.hpp>

#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

#include <anesim/io/errors.h>
#include <anesim/machine/builtin_config.h>
#include <anesim/machine/machine_config_reader.h>
#include <anesim/machine/memory_target_readers.h>
#include <anesim/machine/refresh_policy_readers.h>
#include <anesim/sim/dram/refresh/refresh_policies.h>
#include <anesim/sim/memory/memory_targets.h>
#include <anesim/sim/ring/ring_variant.h>
#include <anesim/sim/top/run_without_systemc.h>
#include "test_support.h"

namespace anesim {
namespace {

const std::string kFixedConfig = ANESIM_SOURCE_DIR "/configs/m3-air-fixed-memory.yaml";

std::vector<std::string> memory_names() {
  std::vector<std::string> names;
  for (const MemoryTargetKind* kind : memory_targets()) {
    names.push_back(kind->name());
  }
  return names;
}

std::vector<std::string> refresh_names() {
  std::vector<std::string> names;
  for (const RefreshPolicyKind* kind : refresh_policies()) {
    names.push_back(kind->name());
  }
  return names;
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

TEST_CASE("registry: memory targets by name, readers beside them", "[registry]") {
  CHECK(memory_names() == std::vector<std::string>{"lpddr5", "fixed_latency"});
  CHECK(memory_target_choices() == "lpddr5, fixed_latency");
  std::vector<std::string> readers;
  for (const MemoryTargetReader& r : memory_target_readers()) {
    readers.push_back(r.name);
  }
  CHECK(readers == memory_names());
  for (const std::string& name : memory_names()) {
    REQUIRE(find_memory_target(name) != nullptr);
    CHECK(find_memory_target(name)->name() == name);
  }
  CHECK(find_memory_target("dramsys") == nullptr);
}

TEST_CASE("registry: refresh policies by name, readers beside them", "[registry]") {
  CHECK(refresh_names() == std::vector<std::string>{"all_bank", "per_bank"});
  CHECK(refresh_policy_choices() == "all_bank, per_bank");
  std::vector<std::string> readers;
  for (const RefreshPolicyReader& r : refresh_policy_readers()) {
    readers.push_back(r.name);
  }
  CHECK(readers == refresh_names());
  DramConfig d = builtin_config().dram;
  for (const std::string& name : refresh_names()) {
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
  MachineConfig unknown = builtin;
  unknown.memory.target = "dramsys";
  CHECK_THROWS_WITH(needs_systemc_kernel(unknown),
                    "memory.target 'dramsys' is not a memory target (lpddr5, fixed_latency)");
}

TEST_CASE("registry: an unknown name is an error at its line and column", "[registry]") {
  const std::string memory = builtin_with("fabric:\n", "memory:\n  target: dramsys\nfabric:\n");
  CHECK(error_of(memory) == where(memory, "dramsys") + "memory.target: 'dramsys' is not a " +
                                "memory target (" + memory_target_choices() + ")");
  const std::string refresh = builtin_with("refresh: per_bank", "refresh: sometimes");
  CHECK(error_of(refresh) == where(refresh, "sometimes") + "dram.refresh: 'sometimes' is not " +
                                 "a refresh mode (" + refresh_policy_choices() + ")");
  // A key of another target names the keys of each.
  const std::string extra =
      builtin_with("fabric:\n", "memory:\n  target: lpddr5\n  queue_depth: 4\nfabric:\n");
  CHECK(error_of(extra) == where(extra, "queue_depth: 4") +
                               "memory.queue_depth: unknown key (memory.target lpddr5 takes no "
                               "other key; fixed_latency takes latency_ns, bandwidth_gbps, "
                               "queue_depth)");
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
