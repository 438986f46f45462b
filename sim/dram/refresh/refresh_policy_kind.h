// One kind of refresh policy (dram.refresh), registered by name in
// Registry<RefreshPolicyKind> (sim/base/registry.h) from its own file: it
// reads its own keys of dram.timings and builds one policy per channel.
#pragma once

#include <memory>
#include <vector>

#include <sim/base/config_section.h>
#include <sim/base/machine_config.h>
#include <sim/dram/refresh/refresh_policy.h>

namespace anesim {

class RefreshPolicyKind {
 public:
  virtual ~RefreshPolicyKind() = default;
  // The value of dram.refresh.
  virtual const char* name() const = 0;
  // In messages: "per-bank refresh".
  virtual const char* description() const = 0;
  // Its own keys of dram.timings (refi and rfc are every policy's).
  virtual std::vector<const char*> timing_keys() const = 0;
  // Reads them (the standard's timings already read into cfg) and checks
  // that the channel can serve reads with them; `dram` is the section.
  virtual void read(ConfigSection& dram, ConfigSection& timings, DramConfig& cfg) const = 0;
  // A channel's policy: one per DramChannel.
  virtual std::unique_ptr<RefreshPolicy> make(const DramConfig& cfg) const = 0;
};

}  // namespace anesim
