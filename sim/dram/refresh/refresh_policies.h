// The refresh policies, registered by name: the one place that knows which
// exist. A new policy is its class and kind in a file of this folder, its
// factory below, one line in refresh_policies.cpp and its reader in
// src/machine/refresh_policy_readers.cpp (docs/architecture.md lists all).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <anesim/sim/dram/refresh/refresh_policy_kind.h>

namespace anesim {

// Every kind, in registration order (all_bank first, the default).
const std::vector<const RefreshPolicyKind*>& refresh_policies();
// Null when no kind has that name.
const RefreshPolicyKind* find_refresh_policy(const std::string& name);
// "all_bank, per_bank": the registered names, for messages.
std::string refresh_policy_choices();

// The policy `cfg.refresh` names; std::invalid_argument listing the names
// when none does.
std::unique_ptr<RefreshPolicy> make_refresh_policy(const DramConfig& cfg);

// The factories, one per policy file; only the registry calls them.
std::unique_ptr<RefreshPolicyKind> make_all_bank_refresh_kind();
std::unique_ptr<RefreshPolicyKind> make_per_bank_refresh_kind();

}  // namespace anesim
