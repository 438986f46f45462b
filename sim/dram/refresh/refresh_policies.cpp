#include <anesim/sim/dram/refresh/refresh_policies.h>

#include <stdexcept>

namespace anesim {

const std::vector<const RefreshPolicyKind*>& refresh_policies() {
  // The registry: one factory per policy, in the order messages list them.
  static const std::vector<std::unique_ptr<RefreshPolicyKind>> owned = [] {
    std::vector<std::unique_ptr<RefreshPolicyKind>> kinds;
    kinds.push_back(make_all_bank_refresh_kind());
    kinds.push_back(make_per_bank_refresh_kind());
    return kinds;
  }();
  static const std::vector<const RefreshPolicyKind*> kinds = [] {
    std::vector<const RefreshPolicyKind*> out;
    for (const auto& kind : owned) {
      out.push_back(kind.get());
    }
    return out;
  }();
  return kinds;
}

const RefreshPolicyKind* find_refresh_policy(const std::string& name) {
  for (const RefreshPolicyKind* kind : refresh_policies()) {
    if (name == kind->name()) {
      return kind;
    }
  }
  return nullptr;
}

std::string refresh_policy_choices() {
  std::string s;
  for (const RefreshPolicyKind* kind : refresh_policies()) {
    s += (s.empty() ? "" : ", ") + std::string(kind->name());
  }
  return s;
}

std::unique_ptr<RefreshPolicy> make_refresh_policy(const DramConfig& cfg) {
  const RefreshPolicyKind* kind = find_refresh_policy(cfg.refresh);
  if (kind == nullptr) {
    throw std::invalid_argument("dram.refresh '" + cfg.refresh + "' is not a refresh mode (" +
                                refresh_policy_choices() + ")");
  }
  return kind->make(cfg);
}

}  // namespace anesim
