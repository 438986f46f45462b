// How an LPDDR5 channel refreshes its banks (dram.refresh): an interface
// with one implementation per mode, as DRAMSys' RefreshManagerIF, so that
// the channel's command scheduler (sim/dram/dram_channel.h) holds no refresh
// state and a new mode is one more implementation, registered by name in
// sim/dram/refresh/refresh_policies.h.
//  * AllBankRefresh (sim/dram/refresh/all_bank_refresh.h): REFab every tREFI.
//  * PerBankRefresh (sim/dram/refresh/per_bank_refresh.h): REFpb every tREFI / 8, to a
//    bank group no queued read needs.
// A policy issues its refreshes into DramBankState (closing banks, pushing
// their ACT times, counting); the channel records each one as its command.
#pragma once

#include <cstdint>
#include <memory>

#include <sim/dram/refresh/dram_bank_state.h>

namespace anesim {

class RefreshPolicy {
 public:
  // What the start of a cycle leaves the channel free to do.
  enum class Start : uint8_t {
    kFree,       // its commands may issue
    kReblocked,  // they may; blocks() has changed
    kTaken,      // it issues nothing else in this cycle (a refresh waits or runs)
    kRefreshed,  // a refresh issued (refreshed()): nothing else in this cycle
  };

  virtual ~RefreshPolicy() = default;
  virtual std::unique_ptr<RefreshPolicy> clone() const = 0;

  // The channel queued a read to `bank`, or issued its RD.
  virtual void queued(uint32_t bank) = 0;
  virtual void served(uint32_t bank) = 0;
  // The banks or the queue changed (a cached answer may be stale).
  virtual void changed() = 0;

  // The start of every tick at `now`.
  virtual Start start(uint64_t now, DramBankState& s) = 0;
  // A refresh in place of an ACT or PRE at `now`, when no RD can issue;
  // true: one issued (refreshed()), and blocks() may have changed.
  virtual bool refresh_instead(uint64_t now, DramBankState& s) = 0;
  // The bank (or group) argument of the last refresh issued.
  virtual uint32_t refreshed() const = 0;
  // Reads to `bank` wait for its refresh.
  virtual bool blocks(uint32_t bank) const = 0;

  // No command of the channel's may issue at `now`: next_event() alone
  // says when it can.
  virtual bool holds(uint64_t now) const = 0;
  // The earliest cycle at which start() or refresh_instead() may issue a
  // refresh or release the channel (not clamped to now).
  virtual uint64_t next_event(uint64_t now, const DramBankState& s) const = 0;
  // Refreshes due at `now` and not yet issued (the progress watchdog's
  // diagnosis, sim/top/progress_watchdog.h; off the hot path).
  virtual uint32_t owed(uint64_t now) const = 0;

  // What the channel asks in every cycle without a virtual call: in
  // [quiet_from(), quiet_until()) start() returns kFree and holds() false;
  // while !owing(), refresh_instead() issues nothing; when both, the next
  // event is quiet_until().
  bool quiet(uint64_t now) const { return now >= quiet_from_ && now < quiet_until_; }
  uint64_t quiet_until() const { return quiet_until_; }
  bool owing() const { return owing_; }

 protected:
  uint64_t quiet_from_ = 0;
  uint64_t quiet_until_ = 0;
  bool owing_ = false;
};

}  // namespace anesim
