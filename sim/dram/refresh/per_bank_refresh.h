// Per-bank refresh (REFpb). One REFpb falls due every tREFI / groups
// cycles; each round refreshes every group once, in the order the
// controller likes: it takes a group no queued read needs, so the refresh
// hides behind other banks' work. JEDEC lets it owe up to kMaxOwed; then the
// lowest-numbered group not yet refreshed in this round is refreshed even if
// reads wait for it ("forced"). A group is the banks b, b + groups, ... (a
// bank pair in LPDDR5's 16-bank mode).
#pragma once

#include <array>

#include <sim/base/machine_config.h>
#include <sim/base/never_cycle.h>
#include <sim/dram/refresh/refresh_policy.h>

namespace anesim {

class PerBankRefresh final : public RefreshPolicy {
 public:
  explicit PerBankRefresh(const DramConfig& cfg);

  std::unique_ptr<RefreshPolicy> clone() const override {
    return std::make_unique<PerBankRefresh>(*this);
  }
  void queued(uint32_t bank) override { ++queued_in_group_[group_of(bank)]; }
  void served(uint32_t bank) override { --queued_in_group_[group_of(bank)]; }
  void changed() override { idle_group_valid_ = false; }

  Start start(uint64_t now, DramBankState& s) override;
  bool refresh_instead(uint64_t now, DramBankState& s) override;
  uint32_t refreshed() const override { return refreshed_group_; }
  bool blocks(uint32_t bank) const override {
    return forced_ != 0 && group_of(bank) + 1 == forced_;
  }

  bool holds(uint64_t) const override { return false; }
  uint32_t owed(uint64_t now) const override { return pending(now) ? owed_at(now) : 0; }
  uint64_t next_event(uint64_t now, const DramBankState& s) const override;

 private:
  static constexpr uint32_t kMaxOwed = 8;

  bool pending(uint64_t now) const { return t_.refi != 0 && now >= due_; }
  uint32_t group_of(uint32_t bank) const { return bank % groups_; }
  uint32_t owed_at(uint64_t now) const;
  // The first REFpb due time after `now` (>= due_).
  uint64_t next_due_after(uint64_t now) const {
    return now < due_ ? due_ : due_ + (1 + (now - due_) / group_interval_) * group_interval_;
  }
  uint32_t forced_group(uint32_t owed) const;
  bool group_queued(uint32_t group) const { return queued_in_group_[group] != 0; }
  // The earliest REFpb by the group's banks.
  uint64_t group_ready(uint32_t group, const DramBankState& s) const;
  // The earliest REFpb to a group no queued read needs and not yet
  // refreshed in this round, cached until the banks or the queue change.
  uint64_t idle_group_ready(const DramBankState& s) const;
  uint64_t next_refresh(uint64_t now, const DramBankState& s) const;

  DramTimings t_;
  uint32_t banks_;
  uint32_t groups_;              // refresh groups (8, or fewer banks)
  uint64_t group_interval_;      // refi / groups_
  uint64_t due_;                 // the next REFpb falls due
  uint32_t owed_ = 0;            // REFpb due and not issued
  uint32_t refreshed_mask_ = 0;  // groups refreshed in this round
  uint64_t pbr_ok_ = 0;          // tPBR2PBR
  uint32_t forced_ = 0;          // 1 + the group being forced, or 0
  uint32_t refreshed_group_ = 0;
  std::array<uint32_t, 8> queued_in_group_{};  // queued reads per group
  mutable uint64_t idle_group_ready_ = kNever;
  mutable bool idle_group_valid_ = false;
};

}  // namespace anesim
