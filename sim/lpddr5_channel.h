// One LPDDR5 x16 channel: a read queue, an FR-FCFS open-page controller and
// per-bank row-buffer state, honouring the JEDEC-style timings of the config,
// with all-bank or per-bank refresh. Kernel DMA only reads, so there is no
// write path.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <vector>

#include <anesim/sim/dram_address_map.h>
#include <anesim/sim/line_request.h>
#include <anesim/sim/machine_config.h>

namespace anesim {

constexpr uint64_t kNever = std::numeric_limits<uint64_t>::max();

struct DramStats {
  uint64_t reads = 0;
  uint64_t row_hits = 0;
  uint64_t activates = 0;
  uint64_t precharges = 0;
  uint64_t refreshes = 0;
};

class Lpddr5Channel {
 public:
  explicit Lpddr5Channel(const DramConfig& cfg);

  bool can_accept() const { return queue_.size() < cfg_.queue_depth; }
  void enqueue(const LineRequest& req, const DramCoord& where, uint64_t now);
  bool idle() const { return queue_.empty(); }

  // Issues at most one command at cycle `now`. A read's data completes at the
  // returned cycle; `done` receives the request and that cycle.
  template <typename Done>
  void tick(uint64_t now, Done&& done);

  // The earliest cycle >= now at which tick() may issue a command.
  uint64_t next_event(uint64_t now) const;

  const DramStats& stats() const { return stats_; }

  // What the waveform dump shows of the channel (sim/path_tracer.h); the
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
  // For the progress watchdog's diagnosis (sim/progress_watchdog.h).
  uint32_t oldest_bank() const { return queue_.empty() ? 0 : queue_.front().at.bank; }
  bool refreshing(uint64_t now) const { return now < busy_until_; }
  uint32_t refreshes_owed(uint64_t now) const {
    return per_bank() && refresh_pending(now) ? owed_at(now) : 0;
  }
  // The open row of `bank`, or kClosedRow.
  static constexpr uint32_t kClosedRow = 0xffffffffu;
  uint32_t open_row(uint32_t bank) const {
    return banks_[bank].open ? banks_[bank].row : kClosedRow;
  }

 private:
  struct Bank {
    bool open = false;
    uint32_t row = 0;
    uint64_t act_ok = 0;  // earliest ACT
    uint64_t rd_ok = 0;   // earliest RD (tRCD after ACT)
    uint64_t pre_ok = 0;  // earliest PRE (tRAS after ACT, tRTP after RD)
  };
  struct Pending {
    LineRequest req;
    DramCoord at;
    uint64_t arrival;
    bool commanded = false;  // a command was issued on its behalf
  };
  enum class Cmd { kNone, kRead, kActivate, kPrecharge };

  uint64_t act_allowed(const Bank& b) const;
  // The earliest cycle any queued request's next command is legal: a
  // function of the banks and the queue only, so it is cached until either
  // changes (most cycles of a busy channel can issue nothing).
  uint64_t earliest_command() const;
  void changed() {
    earliest_valid_ = false;
    idle_group_valid_ = false;
  }
  // A queued read targets this open row.
  bool row_wanted(const DramCoord& at) const;
  Cmd next_command(const Pending& p, uint64_t* when) const;
  bool per_bank() const { return cfg_.refresh == RefreshMode::kPerBank; }
  bool refresh_pending(uint64_t now) const { return cfg_.t.refi != 0 && now >= refresh_due_; }
  bool try_refresh(uint64_t now);

  // Per-bank refresh. One REFpb falls due every refi / groups cycles; each
  // round refreshes every group once, in the order the controller likes: it
  // takes a group no queued read needs, so the refresh hides behind other
  // banks' work. JEDEC lets it owe up to kMaxOwedRefreshes; then the
  // lowest-numbered group not yet refreshed in this round is refreshed even
  // if reads wait for it ("forced"). A group is the banks b, b + groups, ...
  // (a bank pair in LPDDR5's 16-bank mode).
  static constexpr uint32_t kMaxOwedRefreshes = 8;
  uint32_t group_of(uint32_t bank) const { return bank % groups_; }
  uint32_t owed_at(uint64_t now) const;
  // The first REFpb due time after `now` (>= refresh_due_).
  uint64_t next_due_after(uint64_t now) const {
    return now < refresh_due_
               ? refresh_due_
               : refresh_due_ + (1 + (now - refresh_due_) / group_interval_) * group_interval_;
  }
  uint32_t forced_group(uint32_t owed) const;
  bool group_queued(uint32_t group) const { return queued_in_group_[group] != 0; }
  uint64_t group_ready(uint32_t group) const;  // earliest REFpb by the group's banks
  // The earliest REFpb to a group no queued read needs and not yet refreshed
  // in this round; like earliest_command(), cached until the state changes.
  uint64_t idle_group_ready() const;
  bool blocked(uint32_t bank) const { return forced_ != 0 && group_of(bank) + 1 == forced_; }
  void settle_refresh(uint64_t now);
  bool try_bank_refresh(uint64_t now);
  uint64_t next_bank_refresh(uint64_t now) const;

  DramConfig cfg_;
  std::vector<Bank> banks_;
  std::vector<Pending> queue_;           // arrival order
  uint64_t rd_ok_ = 0;                   // tCCD
  uint64_t act_ok_ = 0;                  // tRRD
  std::array<uint64_t, 4> last_acts_{};  // tFAW window, oldest first
  uint64_t refresh_due_;
  uint64_t busy_until_ = 0;                    // refresh in progress
  uint32_t groups_;                            // per-bank refresh groups (8, or fewer banks)
  uint64_t group_interval_;                    // refi / groups_
  uint32_t owed_ = 0;                          // REFpb due and not issued
  uint32_t refreshed_mask_ = 0;                // groups refreshed in this round
  uint64_t pbr_ok_ = 0;                        // tPBR2PBR
  uint32_t forced_ = 0;                        // 1 + the group being forced, or 0
  std::array<uint32_t, 8> queued_in_group_{};  // queued reads per refresh group
  mutable uint64_t idle_group_ready_ = kNever;
  mutable bool idle_group_valid_ = false;
  DramStats stats_;
  Command last_cmd_ = Command::kNone;
  uint64_t last_cmd_cycle_ = kNever;
  uint32_t last_cmd_bank_ = 0;
  uint32_t last_cmd_core_ = 0;
  uint32_t last_cmd_line_ = 0;
  mutable uint64_t earliest_ = kNever;
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
void Lpddr5Channel::tick(uint64_t now, Done&& done) {
  if (now < busy_until_) {
    return;
  }
  if (per_bank()) {
    if (refresh_pending(now)) {
      settle_refresh(now);
    }
  } else if (refresh_pending(now)) {
    try_refresh(now);
    return;
  }
  if (earliest_command() > now) {
    if (owed_ != 0) {
      try_bank_refresh(now);
    }
    return;  // no request can take a command yet
  }
  // First ready: the oldest request whose row is open and whose RD is legal.
  for (size_t i = 0; i < queue_.size(); ++i) {
    uint64_t when;
    if (next_command(queue_[i], &when) == Cmd::kRead && when <= now) {
      issued(Command::kRead, queue_[i].at.bank, now, &queue_[i]);
      Pending p = queue_[i];
      queue_.erase(queue_.begin() + static_cast<std::ptrdiff_t>(i));
      --queued_in_group_[group_of(p.at.bank)];
      Bank& b = banks_[p.at.bank];
      rd_ok_ = now + cfg_.t.ccd;
      b.pre_ok = std::max(b.pre_ok, now + cfg_.t.rtp);
      ++stats_.reads;
      if (cfg_.close_page && !row_wanted(p.at)) {
        // Auto-precharge: the row closes as soon as tRAS and tRTP allow.
        b.open = false;
        b.act_ok = b.pre_ok + cfg_.t.rp;
        ++stats_.precharges;
      }
      done(p.req, now + cfg_.t.rl + cfg_.t.burst);
      return;
    }
  }
  // A refresh owed goes before opening rows: it takes a group no queued
  // read needs (or the forced one, which reads already wait for).
  if (owed_ != 0 && try_bank_refresh(now)) {
    return;
  }
  // Then first come: open or close a row for the oldest request that can
  // make progress now.
  for (Pending& p : queue_) {
    uint64_t when;
    const Cmd cmd = next_command(p, &when);
    if (when > now) {
      continue;
    }
    Bank& b = banks_[p.at.bank];
    if (cmd == Cmd::kActivate) {
      b.open = true;
      b.row = p.at.row;
      b.rd_ok = now + cfg_.t.rcd;
      b.pre_ok = now + cfg_.t.ras;
      act_ok_ = now + cfg_.t.rrd;
      for (size_t k = 0; k + 1 < last_acts_.size(); ++k) {
        last_acts_[k] = last_acts_[k + 1];
      }
      last_acts_.back() = now;
      ++stats_.activates;
      issued(Command::kActivate, p.at.bank, now, &p);
      return;
    }
    if (cmd == Cmd::kPrecharge) {
      b.open = false;
      b.act_ok = now + cfg_.t.rp;
      ++stats_.precharges;
      issued(Command::kPrecharge, p.at.bank, now, &p);
      return;
    }
  }
}

}  // namespace anesim
