// The readers of each refresh policy's keys, registered under the names of
// sim/dram/refresh/refresh_policies.h (sim/ includes nothing from src/, so a
// policy's keys are read here; tests/registry_test.cpp checks that both
// lists name the same policies in the same order). Every policy has refi
// and rfc, which the machine reader reads; each reads its own timings of
// dram.timings and checks them against the channel.
#pragma once

#include <vector>

#include <anesim/io/yaml_section.h>
#include <anesim/sim/base/machine_config.h>

namespace anesim {

struct RefreshPolicyReader {
  const char* name;                      // the policy's name in the registry
  const char* description;               // in messages: "per-bank refresh"
  std::vector<const char*> timing_keys;  // its own keys of dram.timings
  // Reads them (cfg.t.refi and rfc already read) and checks the policy can
  // serve reads with them; `dram` is the section (dram.banks).
  void (*read)(YamlSection& dram, YamlSection& timings, DramConfig& cfg);
};

// Every reader, in the registry's order (the first is the default).
const std::vector<RefreshPolicyReader>& refresh_policy_readers();

// dram.refresh (absent: the first policy): its reader, or an error at its
// file:line:column listing the names.
const RefreshPolicyReader& read_refresh_name(YamlSection& dram);

// The chosen policy's timings, then any other policy's key in dram.timings
// is an error naming the policy it belongs to.
void read_refresh_timings(const RefreshPolicyReader& policy, YamlSection& dram,
                          YamlSection& timings, DramConfig& cfg);

}  // namespace anesim
