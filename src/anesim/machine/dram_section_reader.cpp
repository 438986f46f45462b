#include <anesim/machine/dram_section_reader.h>

#include <algorithm>
#include <string>

#include <fmt/format.h>

#include <anesim/io/text_functions.h>
#include <anesim/machine/yaml_config_section.h>
#include <sim/base/registry.h>
#include <sim/dram/dram_standard.h>
#include <sim/dram/refresh/refresh_policies.h>
#include <sim/memory/memory_targets.h>
#include <sim/ring/geometry.h>

namespace anesim {

namespace {

const DramStandard& read_standard(YamlSection& dram) {
  const std::string name = dram.text("standard");
  const DramStandard* standard = Registry<DramStandard>::instance().find(name);
  if (standard == nullptr) {
    dram.fail_at("standard", fmt::format("'{}' is not a DRAM standard ({})", printable(name),
                                         Registry<DramStandard>::instance().choices()));
  }
  return *standard;
}

// dram.refresh (absent: the default policy).
const RefreshPolicyKind& read_refresh_name(YamlSection& dram) {
  const std::string name = dram.has("refresh") ? dram.text("refresh") : kDefaultRefreshPolicy;
  const RefreshPolicyKind* kind = RefreshPolicies::instance().find(name);
  if (kind == nullptr) {
    dram.fail_at("refresh", fmt::format("'{}' is not a refresh mode ({})", printable(name),
                                        RefreshPolicies::instance().choices()));
  }
  return *kind;
}

// Another policy's timing would be silently unused.
void reject_other_policies_keys(const RefreshPolicyKind& policy, YamlSection& timings) {
  const std::vector<const char*> own = policy.timing_keys();
  for (const RefreshPolicyKind* other : RefreshPolicies::instance().all()) {
    for (const char* key : other->timing_keys()) {
      const bool shared =
          std::any_of(own.begin(), own.end(), [&](const char* k) { return std::string(k) == key; });
      if (!shared && timings.has(key)) {
        timings.fail_at(key, fmt::format("is a {} timing; set dram.refresh: {} to use it",
                                         other->description(), other->name()));
      }
    }
  }
}

}  // namespace

void read_dram_section(YamlSection& top, DramConfig& cfg) {
  YamlSection dram = top.child("dram");
  cfg.preset = dram.text("preset");
  // 1 MHz .. 100 GHz: the clock period (in whole ps in waveforms) must be
  // at least 10 ps, and max_cycles of it must fit SystemC's 64-bit time.
  // The standard checks it against its speed bins.
  cfg.clock_mhz = dram.positive_real("clock_mhz", 1, 100000);
  // x16 channels: a power of two, or three times one for the 192- and
  // 384-bit buses of the M3 Pro and a binned Max (12 and 24 channels).
  cfg.channels = static_cast<uint32_t>(dram.integer("channels", 1, 64));
  if (const uint32_t c = cfg.channels; (c & (c - 1)) != 0 && c != 12 && c != 24 && c != 48) {
    dram.fail_at("channels", fmt::format("{} is not a power of two (nor 12, 24 or 48: a 192-, "
                                         "384- or 768-bit bus of x16 channels)",
                                         c));
  }
  cfg.row_bytes = dram.power_of_two("row_bytes", 1u << 20);
  cfg.queue_depth = static_cast<uint32_t>(dram.integer("queue_depth", 1, 65536));
  cfg.bank_xor_hash = dram.boolean("bank_xor_hash");
  cfg.close_page = dram.boolean("close_page");
  // The standard checks the keys above and reads the channel's structure.
  const DramStandard& standard = read_standard(dram);
  cfg.standard = standard.name();
  const RefreshPolicyKind& refresh = read_refresh_name(dram);
  cfg.refresh = refresh.name();
  {
    YamlSection t = dram.child("timings");
    YamlConfigSection dram_view(dram, "dram");
    YamlConfigSection timings_view(t, "dram.timings");
    // The standard's structure and timings, then the policy's own timings.
    standard.read(dram_view, timings_view, cfg);
    refresh.read(dram_view, timings_view, cfg);
    reject_other_policies_keys(refresh, t);
    t.reject_unknown(kKeysHint);
  }
  dram.reject_unknown(kKeysHint);
  if (cfg.row_bytes < kLineBytes) {
    dram.fail_at("row_bytes", "a row must hold at least one 64 B line");
  }
}

void read_memory_section(YamlSection& memory, MemoryConfig& cfg) {
  std::string keys;
  for (const MemoryTargetKind* kind : MemoryTargets::instance().all()) {
    keys += fmt::format("{}{} takes {}", keys.empty() ? "memory.target " : "; ", kind->name(),
                        *kind->keys() != '\0' ? kind->keys() : "no other key");
  }
  const std::string target = memory.text("target");
  const MemoryTargetKind* kind = MemoryTargets::instance().find(target);
  if (kind == nullptr) {
    memory.fail_at("target", fmt::format("'{}' is not a memory target ({})", printable(target),
                                         MemoryTargets::instance().choices()));
  }
  cfg.target = kind->name();
  YamlConfigSection view(memory, "memory");
  kind->read(view, cfg);
  memory.reject_unknown(keys);
}

}  // namespace anesim
