#include <sim/dram/refresh/per_bank_refresh.h>

#include <algorithm>

#include <fmt/format.h>

#include <sim/dram/refresh/refresh_policies.h>  // IWYU pragma: keep (RefreshPolicyKind: this kind's base)

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
// (tRFCpb), pbr2pbr (REFpb to REFpb) and pbr2act (REFpb to ACT, other banks;
// tRRD where the standard has no tPBR2ACT).
class PerBankRefreshKind final : public RefreshPolicyKind {
 public:
  const char* name() const override { return "per_bank"; }
  const char* description() const override { return "per-bank refresh"; }
  std::vector<const char*> timing_keys() const override { return {"rfcpb", "pbr2pbr", "pbr2act"}; }
  void read(ConfigSection& dram, ConfigSection& t, DramConfig& cfg) const override;
  std::unique_ptr<RefreshPolicy> make(const DramConfig& cfg) const override {
    return std::make_unique<PerBankRefresh>(cfg);
  }
};

void PerBankRefreshKind::read(ConfigSection& dram, ConfigSection& t, DramConfig& cfg) const {
  if (cfg.banks < 2) {
    dram.fail_at("banks",
                 "per-bank refresh needs at least 2 banks (one reads while another refreshes); "
                 "use dram.refresh: all_bank with 1 bank");
  }
  DramTimings& d = cfg.t;
  d.rfcpb = t.positive32("rfcpb");
  d.pbr2pbr = t.positive32("pbr2pbr");
  // A standard without tPBR2ACT waits tRRD: the key may only say so (a
  // base description of another standard may have set it).
  const bool given = t.has("pbr2act") || !cfg.act_after_refresh_waits_rrd;
  d.pbr2act = given ? static_cast<uint32_t>(t.integer("pbr2act", 0, UINT32_MAX)) : d.rrd;
  if (cfg.act_after_refresh_waits_rrd && d.pbr2act != d.rrd) {
    t.fail_at("pbr2act", fmt::format("{} is not rrd ({}): this standard has no tPBR2ACT, an ACT "
                                     "after a per-bank refresh waits tRRD",
                                     d.pbr2act, d.rrd));
  }
  // One REFpb per refresh group (8) per refi: each must fit its slot.
  if (d.refi != 0 && (d.rfcpb >= d.refi / 8 || d.pbr2pbr >= d.refi / 8)) {
    t.fail_at("rfcpb", fmt::format("{} (or pbr2pbr {}) is not less than refi / 8 ({}): the "
                                   "channel could not refresh every bank once per refi",
                                   d.rfcpb, d.pbr2pbr, d.refi / 8));
  }
  // Each REFpb blocks ACTs to the other banks for pbr2act; one falls due
  // every refi / groups (groups: 8, or fewer banks), and an owed one goes
  // before any ACT, so a gap no longer than pbr2act starves every read.
  const uint32_t groups = std::min<uint32_t>(cfg.banks, 8);
  const uint32_t gap = std::max(d.refi / groups, d.pbr2pbr);
  if (d.refi != 0 && gap <= d.pbr2act) {
    t.fail_at(given ? "pbr2act" : "rrd",
              fmt::format("{} leaves no time to read: a per-bank refresh falls due every "
                          "{} cycles (refi / {} groups) and each blocks ACTs for pbr2act cycles, "
                          "so no row could ever open",
                          d.pbr2act, gap, groups));
  }
}
}  // namespace

ANESIM_REGISTER(RefreshPolicyKind, PerBankRefreshKind)

}  // namespace anesim
