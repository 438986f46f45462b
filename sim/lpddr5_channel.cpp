#include "sim/lpddr5_channel.h"

#include <algorithm>

namespace anesim {

Lpddr5Channel::Lpddr5Channel(const DramConfig& cfg)
    : cfg_(cfg), banks_(cfg.banks), refresh_due_(cfg.t.refi) {
  queue_.reserve(cfg.queue_depth);
}

void Lpddr5Channel::enqueue(const LineRequest& req, const DramCoord& where, uint64_t now) {
  queue_.push_back(Pending{req, where, now});
  changed();
}

uint64_t Lpddr5Channel::earliest_command() const {
  if (!earliest_valid_) {
    earliest_ = kNever;
    for (const Pending& p : queue_) {
      uint64_t when;
      next_command(p, &when);
      earliest_ = std::min(earliest_, when);
    }
    earliest_valid_ = true;
  }
  return earliest_;
}

uint64_t Lpddr5Channel::act_allowed(const Bank& b) const {
  // tFAW: the fifth ACT waits until the oldest of the last four is a window old.
  const uint64_t faw_ok = stats_.activates < last_acts_.size() ? 0 : last_acts_.front() + cfg_.t.faw;
  return std::max({b.act_ok, act_ok_, faw_ok});
}

Lpddr5Channel::Cmd Lpddr5Channel::next_command(const Pending& p, uint64_t* when) const {
  const Bank& b = banks_[p.at.bank];
  if (b.open && b.row == p.at.row) {
    *when = std::max(b.rd_ok, rd_ok_);
    return Cmd::kRead;
  }
  if (!b.open) {
    *when = act_allowed(b);
    return Cmd::kActivate;
  }
  // Row conflict: close the row, unless a queued request still hits it
  // (FR-FCFS serves hits first, so closing now would only thrash).
  if (row_wanted(DramCoord{p.at.channel, p.at.bank, b.row, 0})) {
    *when = kNever;
    return Cmd::kNone;
  }
  *when = b.pre_ok;
  return Cmd::kPrecharge;
}

bool Lpddr5Channel::row_wanted(const DramCoord& at) const {
  for (const Pending& q : queue_) {
    if (q.at.bank == at.bank && q.at.row == at.row) {
      return true;
    }
  }
  return false;
}

bool Lpddr5Channel::try_refresh(uint64_t now) {
  // All-bank refresh: wait until every open row may be closed, then the
  // channel is busy for tRP + tRFC.
  for (const Bank& b : banks_) {
    if (b.open && now < b.pre_ok) {
      return false;
    }
  }
  for (Bank& b : banks_) {
    b.open = false;
    b.act_ok = now + cfg_.t.rp + cfg_.t.rfc;
  }
  busy_until_ = now + cfg_.t.rp + cfg_.t.rfc;
  refresh_due_ += cfg_.t.refi;
  ++stats_.refreshes;
  issued(Command::kRefresh, 0, now, nullptr);
  return true;
}

uint64_t Lpddr5Channel::next_event(uint64_t now) const {
  if (now < busy_until_) {
    return busy_until_;
  }
  uint64_t next = cfg_.t.refi != 0 ? refresh_due_ : kNever;
  if (refresh_pending(now)) {
    uint64_t ready = now;
    for (const Bank& b : banks_) {
      if (b.open) {
        ready = std::max(ready, b.pre_ok);
      }
    }
    return ready;
  }
  return std::max(std::min(next, earliest_command()), now);
}

}  // namespace anesim
