#include <anesim/sim/dram/refresh/per_bank_refresh.h>

#include <algorithm>

#include <anesim/sim/dram/refresh/refresh_policies.h>

namespace anesim {

PerBankRefresh::PerBankRefresh(const DramConfig& cfg)
    : t_(cfg.t),
      banks_(cfg.banks),
      groups_(std::min<uint32_t>(cfg.banks, 8)),  // JEDEC: tREFIpb = tREFI / 8
      group_interval_(cfg.t.refi / groups_),
      due_(cfg.t.refi != 0 ? group_interval_ : kNever) {
  quiet_until_ = due_;
}

uint32_t PerBankRefresh::owed_at(uint64_t now) const {
  if (t_.refi == 0 || now < due_) {
    return owed_;
  }
  return owed_ + 1 + static_cast<uint32_t>((now - due_) / group_interval_);
}

uint32_t PerBankRefresh::forced_group(uint32_t owed) const {
  if (owed < kMaxOwed) {
    return 0;
  }
  if (forced_ != 0) {
    return forced_;
  }
  const uint32_t all = (1u << groups_) - 1;
  return 1 + static_cast<uint32_t>(__builtin_ctz(~refreshed_mask_ & all));
}

uint64_t PerBankRefresh::group_ready(uint32_t group, const DramBankState& s) const {
  uint64_t ready = pbr_ok_;
  for (uint32_t bank = group; bank < banks_; bank += groups_) {
    const DramBank& b = s.banks[bank];
    ready = std::max(ready, b.open ? b.pre_ok : b.act_ok);
  }
  return ready;
}

uint64_t PerBankRefresh::idle_group_ready(const DramBankState& s) const {
  if (!idle_group_valid_) {
    idle_group_ready_ = kNever;
    for (uint32_t g = 0; g < groups_; ++g) {
      if ((refreshed_mask_ >> g & 1u) == 0 && !group_queued(g)) {
        idle_group_ready_ = std::min(idle_group_ready_, group_ready(g, s));
      }
    }
    idle_group_valid_ = true;
  }
  return idle_group_ready_;
}

RefreshPolicy::Start PerBankRefresh::start(uint64_t now, DramBankState&) {
  if (!pending(now)) {
    return Start::kFree;
  }
  owed_ = owed_at(now);
  due_ = next_due_after(now);
  owing_ = owed_ != 0;
  quiet_until_ = due_;
  const uint32_t forced = forced_group(owed_);
  if (forced == forced_) {
    return Start::kFree;
  }
  forced_ = forced;
  return Start::kReblocked;  // the forced group's reads now wait
}

bool PerBankRefresh::refresh_instead(uint64_t now, DramBankState& s) {
  if (owed_ == 0) {
    return false;
  }
  uint32_t group = groups_;
  if (forced_ != 0) {
    group = forced_ - 1;
    if (group_ready(group, s) > now) {
      return false;
    }
  } else {
    if (idle_group_ready(s) > now) {
      return false;
    }
    for (uint32_t g = 0; g < groups_; ++g) {
      if ((refreshed_mask_ >> g & 1u) == 0 && group_ready(g, s) <= now && !group_queued(g)) {
        group = g;
        break;
      }
    }
    if (group == groups_) {
      return false;
    }
  }
  for (uint32_t bank = group; bank < banks_; bank += groups_) {
    DramBank& b = s.banks[bank];
    uint64_t start = now;
    if (b.open) {  // REFpb needs the bank precharged
      b.open = false;
      start += t_.rp;
      ++s.stats.precharges;
    }
    b.act_ok = start + t_.rfcpb;
  }
  pbr_ok_ = now + t_.pbr2pbr;
  s.act_ok = std::max(s.act_ok, now + t_.pbr2act);
  --owed_;
  owing_ = owed_ != 0;
  refreshed_mask_ |= 1u << group;
  if (refreshed_mask_ == (1u << groups_) - 1) {
    refreshed_mask_ = 0;  // a new round
  }
  forced_ = 0;
  forced_ = forced_group(owed_);  // a debt still at the limit forces the next group
  ++s.stats.refreshes;
  refreshed_group_ = group;
  return true;
}

uint64_t PerBankRefresh::next_refresh(uint64_t now, const DramBankState& s) const {
  if (t_.refi == 0) {
    return kNever;
  }
  const uint32_t owed = owed_at(now);
  const uint64_t next_due = next_due_after(now);
  if (owed == 0) {
    return next_due;
  }
  const uint32_t forced = forced_group(owed);
  if (forced != 0) {
    return std::max(group_ready(forced - 1, s), now);
  }
  // An idle group's refresh, or the moment the debt forces one.
  const uint64_t forced_at = next_due + (kMaxOwed - owed - 1) * group_interval_;
  return std::max(std::min(forced_at, idle_group_ready(s)), now);
}

uint64_t PerBankRefresh::next_event(uint64_t now, const DramBankState& s) const {
  return owed_ == 0 && now < due_ ? due_ : next_refresh(now, s);
}

namespace {
// dram.refresh per_bank. Timings: refi (every group once per refi), rfcpb
// (tRFCpb), pbr2pbr (REFpb to REFpb) and pbr2act (REFpb to ACT, other banks).
class PerBankRefreshKind final : public RefreshPolicyKind {
 public:
  const char* name() const override { return "per_bank"; }
  std::unique_ptr<RefreshPolicy> make(const DramConfig& cfg) const override {
    return std::make_unique<PerBankRefresh>(cfg);
  }
};
}  // namespace

std::unique_ptr<RefreshPolicyKind> make_per_bank_refresh_kind() {
  return std::make_unique<PerBankRefreshKind>();
}

}  // namespace anesim
