#include <anesim/sim/dram/refresh/refresh_policy.h>

#include <anesim/sim/dram/refresh/all_bank_refresh.h>
#include <anesim/sim/dram/refresh/per_bank_refresh.h>

namespace anesim {

std::unique_ptr<RefreshPolicy> make_refresh_policy(const DramConfig& cfg) {
  if (cfg.refresh == RefreshMode::kPerBank) {
    return std::make_unique<PerBankRefresh>(cfg);
  }
  return std::make_unique<AllBankRefresh>(cfg.t);
}

}  // namespace anesim
