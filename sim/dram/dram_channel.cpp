#include <sim/dram/dram_channel.h>

#include <algorithm>

#include <sim/dram/refresh/refresh_policies.h>

namespace anesim {

DramChannel::DramChannel(const DramConfig& cfg)
    : cfg_(cfg),
      refresh_(make_refresh_policy(cfg)),
      blocked_(cfg.banks, 0),
      row_reads_(cfg.banks, 0),
      when_(cfg.queue_depth),
      cmd_(cfg.queue_depth) {
  state_.banks.resize(cfg.banks);
  queue_.reserve(cfg.queue_depth);
}

DramChannel::DramChannel(const DramChannel& other)
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

DramChannel& DramChannel::operator=(const DramChannel& other) {
  if (this != &other) {
    *this = DramChannel(other);
  }
  return *this;
}

DramChannel::~DramChannel() = default;

void DramChannel::enqueue(const LineRequest& req, const DramCoord& where, uint64_t now) {
  queue_.push_back(Pending{req, where, now});
  const DramBank& b = state_.banks[where.bank];
  bool others_changed = false;
  if (where.row == b.row) {
    // The first read to an open row holds back its bank's precharges.
    others_changed = b.open && row_reads_[where.bank] == 0;
    ++row_reads_[where.bank];
  }
  refresh_->queued(where.bank);
  refresh_->changed();
  if (!earliest_valid_ || others_changed) {
    earliest_valid_ = false;
    return;
  }
  // Nothing a queued request's command depends on changed: the cache
  // takes the new one alone.
  fit_cache();
  cache_command(queue_.size() - 1, act_floor());
}

void DramChannel::recount() const {
  earliest_ = kNever;
  earliest_read_ = kNever;
  fit_cache();
  const uint64_t floor = act_floor();
  for (size_t i = 0; i < queue_.size(); ++i) {
    cache_command(i, floor);
  }
  earliest_valid_ = true;
}

void DramChannel::recount_after_read(size_t served, uint32_t bank) {
  // A RD moves rd_ok_ later, which every other RD waits for (it was <= now,
  // it is now + tCCD: the later of the two is the new one), and changes
  // its own bank (tRTP, the row's reads, an auto-precharge). Nothing else
  // a command depends on, so only that bank's requests are asked again.
  earliest_ = kNever;
  earliest_read_ = kNever;
  const uint64_t floor = act_floor();
  for (size_t i = 0; i < queue_.size(); ++i) {
    const size_t was = i < served ? i : i + 1;  // queue_ has lost `served`
    if (queue_[i].at.bank == bank) {
      when_[i] = next_command(queue_[i].at, floor, &cmd_[i]);
    } else {
      cmd_[i] = cmd_[was];
      when_[i] = cmd_[i] == Cmd::kRead ? std::max(when_[was], rd_ok_) : when_[was];
    }
    earliest_ = std::min(earliest_, when_[i]);
    if (cmd_[i] == Cmd::kRead) {
      earliest_read_ = std::min(earliest_read_, when_[i]);
    }
  }
  earliest_valid_ = true;
}

void DramChannel::count_row_reads(uint32_t bank) {
  const uint32_t row = state_.banks[bank].row;
  row_reads_[bank] =
      static_cast<uint32_t>(std::count_if(queue_.begin(), queue_.end(), [&](const Pending& q) {
        return q.at.bank == bank && q.at.row == row;
      }));
}

void DramChannel::reblock() {
  any_blocked_ = false;
  for (uint32_t bank = 0; bank < blocked_.size(); ++bank) {
    blocked_[bank] = refresh_->blocks(bank) ? 1 : 0;
    any_blocked_ = any_blocked_ || blocked_[bank] != 0;
  }
}

bool DramChannel::refreshed_instead(uint64_t now) {
  if (!refresh_->owing() || !refresh_->refresh_instead(now, state_)) {
    return false;
  }
  reblock();
  issued(Command::kRefresh, refresh_->refreshed(), now, nullptr);
  return true;
}

uint64_t DramChannel::next_event(uint64_t now) const {
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
