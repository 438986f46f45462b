#include <anesim/machine/refresh_policy_readers.h>

#include <algorithm>
#include <string>

#include <fmt/format.h>

#include <anesim/io/text_functions.h>

namespace anesim {

namespace {

// All-bank refresh holds the channel for rp + rfc every refi: what is left
// must open a row (rcd) before the next one, or no read ever issues.
void read_all_bank(YamlSection&, YamlSection& t, DramConfig& cfg) {
  const DramTimings& d = cfg.t;
  if (d.refi != 0 && uint64_t{d.rp} + d.rfc + d.rcd >= d.refi) {
    t.fail_at("refi",
              fmt::format("{} leaves no time to read: each all-bank refresh holds the channel for "
                          "rp + rfc = {} cycles and a read needs rcd = {} more before the next one",
                          d.refi, uint64_t{d.rp} + d.rfc, d.rcd));
  }
}

void read_per_bank(YamlSection& dram, YamlSection& t, DramConfig& cfg) {
  if (cfg.banks < 2) {
    dram.fail_at("banks",
                 "per-bank refresh needs at least 2 banks (one reads while another refreshes); "
                 "use dram.refresh: all_bank with 1 bank");
  }
  DramTimings& d = cfg.t;
  d.rfcpb = t.positive32("rfcpb");
  d.pbr2pbr = t.positive32("pbr2pbr");
  d.pbr2act = static_cast<uint32_t>(t.integer("pbr2act", 0, UINT32_MAX));
  // One REFpb per refresh group (8) per refi: each must fit its slot.
  if (d.refi != 0 && (d.rfcpb >= d.refi / 8 || d.pbr2pbr >= d.refi / 8)) {
    t.fail_at("rfcpb", fmt::format("{} (or pbr2pbr {}) is not less than refi / 8 ({}): the "
                                   "channel could not refresh every bank once per refi",
                                   d.rfcpb, d.pbr2pbr, d.refi / 8));
  }
  // Each REFpb blocks ACTs to the other banks for pbr2act; one falls due
  // every refi / groups (groups: 8, or fewer banks), and an owed one goes
  // before any ACT, so a gap no longer than pbr2act starves every read.
  const uint32_t groups = std::min<uint32_t>(cfg.banks, 8);
  const uint32_t gap = std::max(d.refi / groups, d.pbr2pbr);
  if (d.refi != 0 && gap <= d.pbr2act) {
    t.fail_at("pbr2act",
              fmt::format("{} leaves no time to read: a per-bank refresh falls due every "
                          "{} cycles (refi / {} groups) and each blocks ACTs for pbr2act cycles, "
                          "so no row could ever open",
                          d.pbr2act, gap, groups));
  }
}

}  // namespace

const std::vector<RefreshPolicyReader>& refresh_policy_readers() {
  static const std::vector<RefreshPolicyReader> readers = {
      {"all_bank", "all-bank refresh", {}, &read_all_bank},
      {"per_bank", "per-bank refresh", {"rfcpb", "pbr2pbr", "pbr2act"}, &read_per_bank},
  };
  return readers;
}

const RefreshPolicyReader& read_refresh_name(YamlSection& dram) {
  const std::vector<RefreshPolicyReader>& readers = refresh_policy_readers();
  if (!dram.has("refresh")) {
    return readers.front();
  }
  const std::string name = dram.text("refresh");
  std::string names;
  for (const RefreshPolicyReader& reader : readers) {
    if (name == reader.name) {
      return reader;
    }
    names += (names.empty() ? "" : ", ") + std::string(reader.name);
  }
  dram.fail_at("refresh", fmt::format("'{}' is not a refresh mode ({})", printable(name), names));
}

void read_refresh_timings(const RefreshPolicyReader& policy, YamlSection& dram,
                          YamlSection& timings, DramConfig& cfg) {
  policy.read(dram, timings, cfg);
  // Another policy's timing would be silently unused.
  for (const RefreshPolicyReader& other : refresh_policy_readers()) {
    for (const char* key : other.timing_keys) {
      const auto& own = policy.timing_keys;
      const bool shared =
          std::any_of(own.begin(), own.end(), [&](const char* k) { return std::string(k) == key; });
      if (!shared && timings.has(key)) {
        timings.fail_at(key, fmt::format("is a {} timing; set dram.refresh: {} to use it",
                                         other.description, other.name));
      }
    }
  }
}

}  // namespace anesim
