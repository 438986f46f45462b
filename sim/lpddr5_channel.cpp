#include <anesim/sim/lpddr5_channel.h>

#include <algorithm>

namespace anesim {

Lpddr5Channel::Lpddr5Channel(const DramConfig& cfg)
    : cfg_(cfg),
      refresh_(make_refresh_policy(cfg)),
      blocked_(cfg.banks, 0),
      row_reads_(cfg.banks, 0) {
  state_.banks.resize(cfg.banks);
  queue_.reserve(cfg.queue_depth);
}

Lpddr5Channel::Lpddr5Channel(const Lpddr5Channel& other)
    : cfg_(other.cfg_),
      state_(other.state_),
      refresh_(other.refresh_->clone()),
      blocked_(other.blocked_),
      any_blocked_(other.any_blocked_),
      queue_(other.queue_),
      row_reads_(other.row_reads_),
      rd_ok_(other.rd_ok_),
      last_acts_(other.last_acts_),
      last_cmd_(other.last_cmd_),
      last_cmd_cycle_(other.last_cmd_cycle_),
      last_cmd_bank_(other.last_cmd_bank_),
      last_cmd_core_(other.last_cmd_core_),
      last_cmd_line_(other.last_cmd_line_),
      when_(other.when_),
      cmd_(other.cmd_),
      earliest_(other.earliest_),
      earliest_read_(other.earliest_read_),
      earliest_valid_(other.earliest_valid_) {
  queue_.reserve(cfg_.queue_depth);
}

Lpddr5Channel& Lpddr5Channel::operator=(const Lpddr5Channel& other) {
  if (this != &other) {
    *this = Lpddr5Channel(other);
  }
  return *this;
}

Lpddr5Channel::~Lpddr5Channel() = default;

void Lpddr5Channel::enqueue(const LineRequest& req, const DramCoord& where, uint64_t now) {
  queue_.push_back(Pending{req, where, now});
  if (where.row == state_.banks[where.bank].row) {
    ++row_reads_[where.bank];
  }
  refresh_->queued(where.bank);
  changed();
}

uint64_t Lpddr5Channel::earliest_command() const {
  if (!earliest_valid_) {
    earliest_ = kNever;
    earliest_read_ = kNever;
    when_.resize(queue_.size());
    cmd_.resize(queue_.size());
    for (size_t i = 0; i < queue_.size(); ++i) {
      cmd_[i] = next_command(queue_[i], &when_[i]);
      earliest_ = std::min(earliest_, when_[i]);
      if (cmd_[i] == Cmd::kRead) {
        earliest_read_ = std::min(earliest_read_, when_[i]);
      }
    }
    earliest_valid_ = true;
  }
  return earliest_;
}

uint64_t Lpddr5Channel::act_allowed(const DramBank& b) const {
  // tFAW: the fifth ACT waits until the oldest of the last four is a window old.
  const uint64_t faw_ok =
      state_.stats.activates < last_acts_.size() ? 0 : last_acts_.front() + cfg_.t.faw;
  return std::max({b.act_ok, state_.act_ok, faw_ok});
}

Lpddr5Channel::Cmd Lpddr5Channel::next_command(const Pending& p, uint64_t* when) const {
  if (any_blocked_ && blocked_[p.at.bank] != 0) {
    *when = kNever;  // its refresh group is being refreshed by force
    return Cmd::kNone;
  }
  const DramBank& b = state_.banks[p.at.bank];
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
  if (row_wanted(p.at.bank)) {
    *when = kNever;
    return Cmd::kNone;
  }
  *when = b.pre_ok;
  return Cmd::kPrecharge;
}

void Lpddr5Channel::count_row_reads(uint32_t bank) {
  const uint32_t row = state_.banks[bank].row;
  row_reads_[bank] =
      static_cast<uint32_t>(std::count_if(queue_.begin(), queue_.end(), [&](const Pending& q) {
        return q.at.bank == bank && q.at.row == row;
      }));
}

void Lpddr5Channel::reblock() {
  any_blocked_ = false;
  for (uint32_t bank = 0; bank < blocked_.size(); ++bank) {
    blocked_[bank] = refresh_->blocks(bank) ? 1 : 0;
    any_blocked_ = any_blocked_ || blocked_[bank] != 0;
  }
}

bool Lpddr5Channel::refreshed_instead(uint64_t now) {
  if (!refresh_->owing() || !refresh_->refresh_instead(now, state_)) {
    return false;
  }
  reblock();
  issued(Command::kRefresh, refresh_->refreshed(), now, nullptr);
  return true;
}

uint64_t Lpddr5Channel::next_event(uint64_t now) const {
  uint64_t refresh;
  if (refresh_->quiet(now) && !refresh_->owing()) {
    refresh = refresh_->quiet_until();
  } else if (refresh_->holds(now)) {
    return refresh_->next_event(now, state_);
  } else {
    refresh = refresh_->next_event(now, state_);
  }
  return std::max(std::min(refresh, earliest_command()), now);
}

}  // namespace anesim
