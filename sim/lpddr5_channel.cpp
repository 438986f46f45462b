#include <anesim/sim/lpddr5_channel.h>

#include <algorithm>

namespace anesim {

Lpddr5Channel::Lpddr5Channel(const DramConfig& cfg)
    : cfg_(cfg),
      banks_(cfg.banks),
      refresh_due_(cfg.t.refi),
      groups_(std::min<uint32_t>(cfg.banks, 8)),  // JEDEC: tREFIpb = tREFI / 8
      group_interval_(cfg.t.refi / groups_) {
  queue_.reserve(cfg.queue_depth);
  if (per_bank()) {
    refresh_due_ = cfg.t.refi != 0 ? group_interval_ : kNever;
  }
}

void Lpddr5Channel::enqueue(const LineRequest& req, const DramCoord& where, uint64_t now) {
  queue_.push_back(Pending{req, where, now});
  ++queued_in_group_[group_of(where.bank)];
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
  const uint64_t faw_ok =
      stats_.activates < last_acts_.size() ? 0 : last_acts_.front() + cfg_.t.faw;
  return std::max({b.act_ok, act_ok_, faw_ok});
}

Lpddr5Channel::Cmd Lpddr5Channel::next_command(const Pending& p, uint64_t* when) const {
  if (blocked(p.at.bank)) {
    *when = kNever;  // its refresh group is being refreshed by force
    return Cmd::kNone;
  }
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

uint32_t Lpddr5Channel::owed_at(uint64_t now) const {
  if (cfg_.t.refi == 0 || now < refresh_due_) {
    return owed_;
  }
  return owed_ + 1 + static_cast<uint32_t>((now - refresh_due_) / group_interval_);
}

uint32_t Lpddr5Channel::forced_group(uint32_t owed) const {
  if (owed < kMaxOwedRefreshes) {
    return 0;
  }
  if (forced_ != 0) {
    return forced_;
  }
  const uint32_t all = (1u << groups_) - 1;
  return 1 + static_cast<uint32_t>(__builtin_ctz(~refreshed_mask_ & all));
}

uint64_t Lpddr5Channel::idle_group_ready() const {
  if (!idle_group_valid_) {
    idle_group_ready_ = kNever;
    for (uint32_t g = 0; g < groups_; ++g) {
      if ((refreshed_mask_ >> g & 1u) == 0 && !group_queued(g)) {
        idle_group_ready_ = std::min(idle_group_ready_, group_ready(g));
      }
    }
    idle_group_valid_ = true;
  }
  return idle_group_ready_;
}

uint64_t Lpddr5Channel::group_ready(uint32_t group) const {
  uint64_t ready = pbr_ok_;
  for (uint32_t bank = group; bank < banks_.size(); bank += groups_) {
    const Bank& b = banks_[bank];
    ready = std::max(ready, b.open ? b.pre_ok : b.act_ok);
  }
  return ready;
}

void Lpddr5Channel::settle_refresh(uint64_t now) {
  // Called once refresh_pending(now).
  owed_ = owed_at(now);
  refresh_due_ = next_due_after(now);
  const uint32_t forced = forced_group(owed_);
  if (forced != forced_) {
    forced_ = forced;
    changed();  // the forced group's reads now wait
  }
}

bool Lpddr5Channel::try_bank_refresh(uint64_t now) {
  if (owed_ == 0) {
    return false;
  }
  uint32_t group = groups_;
  if (forced_ != 0) {
    group = forced_ - 1;
    if (group_ready(group) > now) {
      return false;
    }
  } else {
    if (idle_group_ready() > now) {
      return false;
    }
    for (uint32_t g = 0; g < groups_; ++g) {
      if ((refreshed_mask_ >> g & 1u) == 0 && group_ready(g) <= now && !group_queued(g)) {
        group = g;
        break;
      }
    }
    if (group == groups_) {
      return false;
    }
  }
  for (uint32_t bank = group; bank < banks_.size(); bank += groups_) {
    Bank& b = banks_[bank];
    uint64_t start = now;
    if (b.open) {  // REFpb needs the bank precharged
      b.open = false;
      start += cfg_.t.rp;
      ++stats_.precharges;
    }
    b.act_ok = start + cfg_.t.rfcpb;
  }
  pbr_ok_ = now + cfg_.t.pbr2pbr;
  act_ok_ = std::max(act_ok_, now + cfg_.t.pbr2act);
  --owed_;
  refreshed_mask_ |= 1u << group;
  if (refreshed_mask_ == (1u << groups_) - 1) {
    refreshed_mask_ = 0;  // a new round
  }
  forced_ = 0;
  forced_ = forced_group(owed_);  // a debt still at the limit forces the next group
  ++stats_.refreshes;
  issued(Command::kRefresh, group, now, nullptr);
  return true;
}

uint64_t Lpddr5Channel::next_bank_refresh(uint64_t now) const {
  if (cfg_.t.refi == 0) {
    return kNever;
  }
  const uint32_t owed = owed_at(now);
  const uint64_t next_due = next_due_after(now);
  if (owed == 0) {
    return next_due;
  }
  const uint32_t forced = forced_group(owed);
  if (forced != 0) {
    return std::max(group_ready(forced - 1), now);
  }
  // An idle group's refresh, or the moment the debt forces one.
  const uint64_t forced_at = next_due + (kMaxOwedRefreshes - owed - 1) * group_interval_;
  return std::max(std::min(forced_at, idle_group_ready()), now);
}

uint64_t Lpddr5Channel::next_event(uint64_t now) const {
  if (now < busy_until_) {
    return busy_until_;
  }
  if (per_bank()) {
    const uint64_t refresh =
        owed_ == 0 && now < refresh_due_ ? refresh_due_ : next_bank_refresh(now);
    return std::max(std::min(refresh, earliest_command()), now);
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
