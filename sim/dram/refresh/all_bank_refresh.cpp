#include <sim/dram/refresh/all_bank_refresh.h>

#include <algorithm>

#include <fmt/format.h>

#include <sim/dram/refresh/refresh_policies.h>  // IWYU pragma: keep (RefreshPolicyKind: this kind's base)

namespace anesim {

RefreshPolicy::Start AllBankRefresh::start(uint64_t now, DramBankState& s) {
  if (now < busy_until_) {
    return Start::kTaken;
  }
  if (!pending(now)) {
    return Start::kFree;
  }
  // Wait until every open row may be closed, then the channel is busy for
  // tRP + tRFC.
  for (const DramBank& b : s.banks) {
    if (b.open && now < b.pre_ok) {
      return Start::kTaken;
    }
  }
  for (DramBank& b : s.banks) {
    b.open = false;
    b.act_ok = now + t_.rp + t_.rfc;
  }
  busy_until_ = now + t_.rp + t_.rfc;
  due_ += t_.refi;
  quiet_from_ = busy_until_;
  quiet_until_ = due();
  ++s.stats.refreshes;
  return Start::kRefreshed;
}

uint64_t AllBankRefresh::next_event(uint64_t now, const DramBankState& s) const {
  if (now < busy_until_) {
    return busy_until_;
  }
  if (pending(now)) {
    uint64_t ready = now;
    for (const DramBank& b : s.banks) {
      if (b.open) {
        ready = std::max(ready, b.pre_ok);
      }
    }
    return ready;
  }
  return due();
}

namespace {
// dram.refresh all_bank (the default). Timings: refi and rfc (tRFCab).
class AllBankRefreshKind final : public RefreshPolicyKind {
 public:
  const char* name() const override { return "all_bank"; }
  const char* description() const override { return "all-bank refresh"; }
  std::vector<const char*> timing_keys() const override { return {}; }
  // It holds the channel for rp + rfc every refi: what is left must open a
  // row (rcd) before the next one, or no read ever issues.
  void read(ConfigSection&, ConfigSection& t, DramConfig& cfg) const override {
    const DramTimings& d = cfg.t;
    if (d.refi != 0 && uint64_t{d.rp} + d.rfc + d.rcd >= d.refi) {
      t.fail_at("refi", fmt::format("{} leaves no time to read: each all-bank refresh holds the "
                                    "channel for rp + rfc = {} cycles and a read needs rcd = {} "
                                    "more before the next one",
                                    d.refi, uint64_t{d.rp} + d.rfc, d.rcd));
    }
  }
  std::unique_ptr<RefreshPolicy> make(const DramConfig& cfg) const override {
    return std::make_unique<AllBankRefresh>(cfg.t);
  }
};
}  // namespace

ANESIM_REGISTER(RefreshPolicyKind, AllBankRefreshKind)

}  // namespace anesim
