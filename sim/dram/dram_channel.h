// One LPDDR5 x16 channel: a read queue, an FR-FCFS open-page controller and
// per-bank row-buffer state, honouring the JEDEC-style timings of the config,
// refreshed by its RefreshPolicy (sim/dram/refresh/refresh_policy.h). Kernel DMA only
// reads, so there is no write path.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include <sim/base/line_request.h>
#include <sim/base/machine_config.h>
#include <sim/base/never_cycle.h>
#include <sim/dram/dram_address_map.h>
#include <sim/dram/refresh/dram_bank_state.h>
#include <sim/dram/refresh/refresh_policy.h>

namespace anesim {

class DramChannel {
 public:
  explicit DramChannel(const DramConfig& cfg);
  DramChannel(const DramChannel& other);
  DramChannel& operator=(const DramChannel& other);
  DramChannel(DramChannel&&) = default;
  DramChannel& operator=(DramChannel&&) = default;
  ~DramChannel();

  bool can_accept() const { return queue_.size() < cfg_.queue_depth; }
  void enqueue(const LineRequest& req, const DramCoord& where, uint64_t now);
  bool idle() const { return queue_.empty(); }

  // Issues at most one command at cycle `now`. A read's data completes at the
  // returned cycle; `done` receives the request and that cycle.
  template <typename Done>
  void tick(uint64_t now, Done&& done);

  // The earliest cycle >= now at which tick() may issue a command.
  uint64_t next_event(uint64_t now) const;

  const DramStats& stats() const { return state_.stats; }

  // What the waveform dump shows of the channel (sim/top/path_tracer.h); the
  // values are kept as commands issue, so reading them costs the model
  // nothing when no dump is open.
  enum class Command : uint8_t {
    kNone = 0,
    kActivate = 1,
    kRead = 2,
    kPrecharge = 3,
    kRefresh = 4
  };
  Command command_at(uint64_t now) const {
    return last_cmd_cycle_ == now ? last_cmd_ : Command::kNone;
  }
  uint32_t command_bank() const { return last_cmd_bank_; }
  // The request the last command was issued for (REF: none, line 0).
  uint32_t command_core() const { return last_cmd_core_; }
  uint32_t command_line() const { return last_cmd_line_; }
  size_t queue_depth() const { return queue_.size(); }
  // For the progress watchdog's diagnosis (sim/top/progress_watchdog.h).
  uint32_t oldest_bank() const { return queue_.empty() ? 0 : queue_.front().at.bank; }
  bool refreshing(uint64_t now) const { return refresh_->holds(now); }
  uint32_t refreshes_owed(uint64_t now) const { return refresh_->owed(now); }
  // The open row of `bank`, or kClosedRow.
  static constexpr uint32_t kClosedRow = 0xffffffffu;
  uint32_t open_row(uint32_t bank) const {
    return state_.banks[bank].open ? state_.banks[bank].row : kClosedRow;
  }

 private:
  struct Pending {
    LineRequest req;
    DramCoord at;
    uint64_t arrival;
    bool commanded = false;  // a command was issued on its behalf
  };
  enum class Cmd { kNone, kRead, kActivate, kPrecharge };

  // tFAW: the fifth ACT waits until the oldest of the last four is a window
  // old; with tRRD, the earliest ACT to any bank.
  uint64_t act_floor() const {
    const uint64_t faw_ok =
        state_.stats.activates < last_acts_.size() ? 0 : last_acts_.front() + cfg_.t.faw;
    return std::max(state_.act_ok, faw_ok);
  }
  // The earliest cycle any queued request's next command is legal: a
  // function of the banks and the queue only, so it is cached until either
  // changes (most cycles of a busy channel can issue nothing).
  uint64_t earliest_command() const {
    if (!earliest_valid_) {
      recount();
    }
    return earliest_;
  }
  void recount() const;
  // After the RD of the request that was queue_[served], to `bank`.
  void recount_after_read(size_t served, uint32_t bank);
  void fit_cache() const {
    if (when_.size() < queue_.size()) {
      when_.resize(queue_.size());
      cmd_.resize(queue_.size());
    }
  }
  // Caches the command of queue_[i] in cmd_[i] and when_[i].
  void cache_command(size_t i, uint64_t floor) const {
    when_[i] = next_command(queue_[i].at, floor, &cmd_[i]);
    earliest_ = std::min(earliest_, when_[i]);
    if (cmd_[i] == Cmd::kRead) {
      earliest_read_ = std::min(earliest_read_, when_[i]);
    }
  }
  void changed() {
    earliest_valid_ = false;
    refresh_->changed();
  }
  // A queued read targets the row `bank` has open (or had open last).
  bool row_wanted(uint32_t bank) const { return row_reads_[bank] != 0; }
  // Recounts row_reads_[bank] after an ACT changed its row.
  void count_row_reads(uint32_t bank);
  // The next command for a request at `at` (into *cmd) and the cycle it is
  // legal; `floor` is act_floor().
  uint64_t next_command(const DramCoord& at, uint64_t floor, Cmd* cmd) const {
    if (any_blocked_ && blocked_[at.bank] != 0) {
      *cmd = Cmd::kNone;  // its refresh group is being refreshed by force
      return kNever;
    }
    const DramBank& b = state_.banks[at.bank];
    if (!b.open) {
      *cmd = Cmd::kActivate;
      return std::max(b.act_ok, floor);
    }
    if (b.row == at.row) {
      *cmd = Cmd::kRead;
      return std::max(b.rd_ok, rd_ok_);
    }
    // Row conflict: close the row, unless a queued request still hits it
    // (FR-FCFS serves hits first, so closing now would only thrash).
    if (row_wanted(at.bank)) {
      *cmd = Cmd::kNone;
      return kNever;
    }
    *cmd = Cmd::kPrecharge;
    return b.pre_ok;
  }
  // Copies the refresh policy's blocks() (it changes only when a refresh
  // starts or issues; next_command() asks it for every queued read).
  void reblock();
  // A refresh issued in place of an ACT or PRE.
  bool refreshed_instead(uint64_t now);

  DramConfig cfg_;
  DramBankState state_;
  std::unique_ptr<RefreshPolicy> refresh_;
  std::vector<uint8_t> blocked_;  // per bank: reads wait for its refresh
  bool any_blocked_ = false;
  std::vector<Pending> queue_;  // arrival order
  // Per bank: queued reads to its DramBank::row, so that FR-FCFS's "does a
  // queued read still hit this row" is one load, not a scan of the queue.
  std::vector<uint32_t> row_reads_;
  uint64_t rd_ok_ = 0;                   // tCCD
  std::array<uint64_t, 4> last_acts_{};  // tFAW window, oldest first
  Command last_cmd_ = Command::kNone;
  uint64_t last_cmd_cycle_ = kNever;
  uint32_t last_cmd_bank_ = 0;
  uint32_t last_cmd_core_ = 0;
  uint32_t last_cmd_line_ = 0;
  // earliest_command()'s cache: per queued request (the first
  // queue_.size() entries) its next command and the cycle it is legal, the
  // earliest of all and of the RDs.
  mutable std::vector<uint64_t> when_;
  mutable std::vector<Cmd> cmd_;
  mutable uint64_t earliest_ = kNever;
  mutable uint64_t earliest_read_ = kNever;
  mutable bool earliest_valid_ = true;

  void issued(Command cmd, uint32_t bank, uint64_t now, Pending* p) {
    changed();
    last_cmd_ = cmd;
    last_cmd_cycle_ = now;
    last_cmd_bank_ = bank;
    last_cmd_core_ = p != nullptr ? p->req.core : 0;
    last_cmd_line_ = p != nullptr ? p->req.line : 0;
    if (p != nullptr && !p->commanded) {
      p->commanded = true;
      if (p->req.stamps != nullptr) {
        p->req.stamps->command = now;
      }
    }
  }
};

template <typename Done>
void DramChannel::tick(uint64_t now, Done&& done) {
  switch (refresh_->quiet(now) ? RefreshPolicy::Start::kFree : refresh_->start(now, state_)) {
    case RefreshPolicy::Start::kTaken:
      return;
    case RefreshPolicy::Start::kRefreshed:
      issued(Command::kRefresh, refresh_->refreshed(), now, nullptr);
      return;
    case RefreshPolicy::Start::kReblocked:
      reblock();
      changed();  // the blocked group's reads now wait
      break;
    case RefreshPolicy::Start::kFree:
      break;
  }
  if (earliest_command() > now) {
    refreshed_instead(now);
    return;  // no request can take a command yet
  }
  // First ready: the oldest request whose row is open and whose RD is legal.
  // (Until a command issues, the cached commands of earliest_command() hold.)
  for (size_t i = 0; earliest_read_ <= now && i < queue_.size(); ++i) {
    if (cmd_[i] == Cmd::kRead && when_[i] <= now) {
      issued(Command::kRead, queue_[i].at.bank, now, &queue_[i]);
      Pending p = queue_[i];
      queue_.erase(queue_.begin() + static_cast<std::ptrdiff_t>(i));
      refresh_->served(p.at.bank);
      DramBank& b = state_.banks[p.at.bank];
      rd_ok_ = now + cfg_.t.ccd;
      b.pre_ok = std::max(b.pre_ok, now + cfg_.t.rtp);
      ++state_.stats.reads;
      --row_reads_[p.at.bank];  // a read hits the open row
      if (cfg_.close_page && !row_wanted(p.at.bank)) {
        // Auto-precharge: the row closes as soon as tRAS and tRTP allow.
        b.open = false;
        b.act_ok = b.pre_ok + cfg_.t.rp;
        ++state_.stats.precharges;
      }
      recount_after_read(i, p.at.bank);
      done(p.req, now + cfg_.t.rl + cfg_.t.burst);
      return;
    }
  }
  // A refresh owed goes before opening rows: it takes a group no queued
  // read needs (or the forced one, which reads already wait for).
  if (refreshed_instead(now)) {
    return;
  }
  // Then first come: open or close a row for the oldest request that can
  // make progress now.
  for (size_t i = 0; i < queue_.size(); ++i) {
    if (when_[i] > now) {
      continue;
    }
    Pending& p = queue_[i];
    const Cmd cmd = cmd_[i];
    DramBank& b = state_.banks[p.at.bank];
    if (cmd == Cmd::kActivate) {
      b.open = true;
      b.row = p.at.row;
      count_row_reads(p.at.bank);
      b.rd_ok = now + cfg_.t.rcd;
      b.pre_ok = now + cfg_.t.ras;
      state_.act_ok = now + cfg_.t.rrd;
      for (size_t k = 0; k + 1 < last_acts_.size(); ++k) {
        last_acts_[k] = last_acts_[k + 1];
      }
      last_acts_.back() = now;
      ++state_.stats.activates;
      issued(Command::kActivate, p.at.bank, now, &p);
      return;
    }
    if (cmd == Cmd::kPrecharge) {
      b.open = false;
      b.act_ok = now + cfg_.t.rp;
      ++state_.stats.precharges;
      issued(Command::kPrecharge, p.at.bank, now, &p);
      return;
    }
  }
}

}  // namespace anesim
