// All-bank refresh (REFab): every tREFI, once every open row may be closed,
// all banks are precharged and refreshed together and the channel issues
// nothing for tRP + tRFC. Reads wait meanwhile.
#pragma once

#include <sim/base/machine_config.h>
#include <sim/base/never_cycle.h>
#include <sim/dram/refresh/refresh_policy.h>

namespace anesim {

class AllBankRefresh final : public RefreshPolicy {
 public:
  explicit AllBankRefresh(const DramTimings& t) : t_(t), due_(t.refi) { quiet_until_ = due(); }

  std::unique_ptr<RefreshPolicy> clone() const override {
    return std::make_unique<AllBankRefresh>(*this);
  }
  void queued(uint32_t) override {}
  void served(uint32_t) override {}
  void changed() override {}

  Start start(uint64_t now, DramBankState& s) override;
  bool refresh_instead(uint64_t, DramBankState&) override { return false; }
  uint32_t refreshed() const override { return 0; }
  bool blocks(uint32_t) const override { return false; }

  bool holds(uint64_t now) const override { return now < busy_until_ || pending(now); }
  uint32_t owed(uint64_t now) const override { return pending(now) ? 1 : 0; }
  uint64_t next_event(uint64_t now, const DramBankState& s) const override;

 private:
  bool pending(uint64_t now) const { return t_.refi != 0 && now >= due_; }
  uint64_t due() const { return t_.refi != 0 ? due_ : kNever; }

  DramTimings t_;
  uint64_t due_;             // the next REFab
  uint64_t busy_until_ = 0;  // the refresh in progress ends (quiet_from_)
};

}  // namespace anesim
