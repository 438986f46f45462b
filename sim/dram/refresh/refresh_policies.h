// The refresh policies, by name: Registry<RefreshPolicyKind>, which every
// policy joins from its own file (ANESIM_REGISTER). A new policy is one
// file: its class, its kind and its registration.
#pragma once

#include <memory>

#include <sim/base/registry.h>
#include <sim/dram/refresh/refresh_policy_kind.h>

namespace anesim {

using RefreshPolicies = Registry<RefreshPolicyKind>;

// The policy when dram.refresh is absent.
constexpr const char* kDefaultRefreshPolicy = "all_bank";

// The policy `cfg.refresh` names; std::invalid_argument listing the names
// when none does.
std::unique_ptr<RefreshPolicy> make_refresh_policy(const DramConfig& cfg);

}  // namespace anesim
