#include <sim/dram/refresh/refresh_policies.h>

#include <stdexcept>

namespace anesim {

std::unique_ptr<RefreshPolicy> make_refresh_policy(const DramConfig& cfg) {
  const RefreshPolicyKind* kind = RefreshPolicies::instance().find(cfg.refresh);
  if (kind == nullptr) {
    throw std::invalid_argument("dram.refresh '" + cfg.refresh + "' is not a refresh mode (" +
                                RefreshPolicies::instance().choices() + ")");
  }
  return kind->make(cfg);
}

}  // namespace anesim
