// dram.refresh no_refresh, for tests only: the channel never refreshes, as
// a DRAM whose cells never leak. It reads no timing of its own (refi and
// rfc are every policy's, unused here); the policy, its kind and its
// registration are this one file.
#include <sim/base/never_cycle.h>
#include <sim/base/registry.h>
#include <sim/dram/refresh/refresh_policy_kind.h>

namespace anesim {

namespace {

class NoRefresh final : public RefreshPolicy {
 public:
  // Quiet from cycle 0 forever: the channel asks nothing in any cycle.
  NoRefresh() { quiet_until_ = kNever; }

  std::unique_ptr<RefreshPolicy> clone() const override { return std::make_unique<NoRefresh>(); }
  void queued(uint32_t) override {}
  void served(uint32_t) override {}
  void changed() override {}
  Start start(uint64_t, DramBankState&) override { return Start::kFree; }
  bool refresh_instead(uint64_t, DramBankState&) override { return false; }
  uint32_t refreshed() const override { return 0; }
  bool blocks(uint32_t) const override { return false; }
  bool holds(uint64_t) const override { return false; }
  uint64_t next_event(uint64_t, const DramBankState&) const override { return kNever; }
  uint32_t owed(uint64_t) const override { return 0; }
};

class NoRefreshKind final : public RefreshPolicyKind {
 public:
  const char* name() const override { return "no_refresh"; }
  const char* description() const override { return "no refresh"; }
  std::vector<const char*> timing_keys() const override { return {}; }
  void read(ConfigSection&, ConfigSection&, DramConfig&) const override {}
  std::unique_ptr<RefreshPolicy> make(const DramConfig&) const override {
    return std::make_unique<NoRefresh>();
  }
};

}  // namespace

ANESIM_REGISTER(RefreshPolicyKind, NoRefreshKind)

}  // namespace anesim
