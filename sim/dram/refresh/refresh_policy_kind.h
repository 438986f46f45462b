// One kind of refresh policy (dram.refresh), registered by name in
// sim/dram/refresh/refresh_policies.h: the policy's factory. Its keys of dram.timings (beyond refi
// and rfc, which every policy reads) are read by its reader in
// src/machine/refresh_policy_readers.cpp, registered under the same name.
#pragma once

#include <memory>

#include <anesim/sim/base/machine_config.h>
#include <anesim/sim/dram/refresh/refresh_policy.h>

namespace anesim {

class RefreshPolicyKind {
 public:
  virtual ~RefreshPolicyKind() = default;
  // The value of dram.refresh.
  virtual const char* name() const = 0;
  // A channel's policy: one per Lpddr5Channel.
  virtual std::unique_ptr<RefreshPolicy> make(const DramConfig& cfg) const = 0;
};

}  // namespace anesim
