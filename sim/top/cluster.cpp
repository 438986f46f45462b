#include <sim/top/cluster.h>

#include <verilated.h>
#include <verilated_vcd_c.h>

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include <sim/dram/dram_channel.h>
#include <sim/top/path_tracer.h>

namespace anesim {

uint64_t minimum_cycles(const MachineConfig& cfg, const RunSpec& spec) {
  uint64_t busiest = 0;
  for (const auto& tasks : spec.tasks) {
    uint64_t cycles = 0;
    for (size_t i = 0; i < tasks.size(); ++i) {
      cycles += cycles_before_dispatch(cfg.ane, tasks[i], i == 0) +
                static_cast<uint64_t>(std::floor(tasks[i].lines * cfg.fabric.port_cycles_per_line));
    }
    busiest = std::max(busiest, cycles);
  }
  return busiest;
}

// The longest a core waits before one of its tasks' dispatch: a decode
// step's ops before a task can outlast any memory round trip.
static uint64_t longest_wait(const AneConfig& ane, const std::vector<std::vector<Task>>& tasks) {
  uint64_t longest = 0;
  for (const std::vector<Task>& core : tasks) {
    for (size_t i = 0; i < core.size(); ++i) {
      longest = std::max(longest, cycles_before_dispatch(ane, core[i], i == 0));
    }
  }
  return longest;
}

Cluster::Cluster(const MachineConfig& cfg, const RunSpec& spec)
    : cfg_(cfg),
      context_(std::make_unique<VerilatedContext>()),
      variant_(spec.variant),
      tasks_(spec.tasks),
      scoreboard_(tasks_),
      fabric_(cfg, static_cast<uint32_t>(spec.tasks.size()), spec.memory, spec.tlm_observer),
      skip_idle_(spec.skip_idle),
      core_done_(spec.tasks.size(), 0),
      wake_(spec.tasks.size(), 0),
      watchdog_(cfg, static_cast<uint32_t>(spec.tasks.size()), longest_wait(cfg.ane, spec.tasks)) {
  // A failed RTL assertion must end the run with an error, not abort().
  context_->fatalOnError(false);
  context_->traceEverOn(true);
  for (uint32_t c = 0; c < tasks_.size(); ++c) {
    cores_.push_back(std::make_unique<CoreHarness>(
        c, make_ring(spec.variant, context_.get(), fmt::format("core{:02d}", c)), cfg, tasks_[c],
        scoreboard_));
    cores_.back()->log_lines(spec.line_log);
  }
}

Cluster::~Cluster() = default;

void Cluster::trace_to(VerilatedVcdC* vcd, uint64_t from, uint64_t to) {
  vcd_ = vcd;
  // step_traced() dumps picoseconds; Verilator would otherwise label the
  // file with the default context's time unit (1 s), not the rings' context.
  vcd->set_time_unit("1ps");
  vcd->set_time_resolution("1ps");
  trace_from_ = from;
  trace_to_ = to;
  for (auto& core : cores_) {
    core->ring().trace(vcd);
  }
  path_tracer_ = std::make_unique<PathTracer>(cfg_, static_cast<uint32_t>(cores_.size()),
                                              banks_touched(cfg_, tasks_));
  path_tracer_->attach(vcd);
}

bool Cluster::assertion_failed() const { return context_->gotError(); }

uint64_t Cluster::next_event() const {
  uint64_t next = kNever;
  if (event_driven()) {
    // Each core's next event is kept current as it steps or receives a line.
    next = earliest_wake_;
    if (next <= now_) {
      return now_;
    }
  } else {
    // Ask the cheap cores first and stop as soon as one can act now, before
    // scanning the channel queues.
    for (const auto& core : cores_) {
      next = std::min(next, core->next_event(fabric_));
      if (next <= now_) {
        return now_;
      }
    }
  }
  return std::max(std::min(next, fabric_.next_event(now_)), now_);
}

void Cluster::step_woken() {
  fabric_.tick(now_, [this](const LineRequest& req) {
    cores_[req.core]->deliver(req);
    wake_[req.core] = now_;  // it may retire, and send again, this cycle
  });
  // A core's step can change nothing before its next event (its own sends,
  // retires and dispatches, or a line delivered to it), so only the cores
  // due now are stepped: with 16 streaming cores most cycles wake one or two.
  uint64_t earliest = kNever;
  for (size_t c = 0; c < cores_.size(); ++c) {
    if (wake_[c] > now_) {
      earliest = std::min(earliest, wake_[c]);
      continue;
    }
    CoreHarness& core = *cores_[c];
    core.step(now_, fabric_, false);
    wake_[c] = std::max(core.next_event(fabric_), now_ + 1);
    earliest = std::min(earliest, wake_[c]);
    note_if_done(c);
  }
  earliest_wake_ = earliest;
}

void Cluster::step_traced() {
  // Every ring is clocked; the dump shows the inputs while clk_i is low and
  // the registers from its rise.
  traced_inputs_.resize(cores_.size());
  for (size_t c = 0; c < cores_.size(); ++c) {
    cores_[c]->prepare(now_, fabric_, &traced_inputs_[c]);
    cores_[c]->ring().fall(traced_inputs_[c]);
  }
  path_tracer_->sample(now_, fabric_, cores_);
  const uint64_t start_ps = std::llround(cfg_.cycles_to_ns(now_) * 1000.0);
  const uint64_t period_ps = std::llround(cfg_.cycle_ns_at(now_) * 1000.0);
  vcd_->dump(start_ps);
  for (size_t c = 0; c < cores_.size(); ++c) {
    cores_[c]->ring().rise();
    cores_[c]->finish(now_, traced_inputs_[c]);
  }
  vcd_->dump(start_ps + period_ps / 2);
}

void Cluster::run_until(uint64_t until) {
  while (now_ < until && !finished()) {
    if (event_driven()) {
      step_woken();
    } else {
      fabric_.tick(now_, [this](const LineRequest& req) { cores_[req.core]->deliver(req); });
      if (tracing()) {
        step_traced();
      } else {
        for (auto& core : cores_) {
          core->step(now_, fabric_, !skip_idle_);
        }
      }
      for (size_t c = 0; c < cores_.size(); ++c) {
        note_if_done(c);
      }
    }
    ++now_;
    if (skip_idle_ && !tracing()) {
      uint64_t next = std::min(next_event(), until);
      if (vcd_ != nullptr && now_ < trace_from_) {
        next = std::min(next, trace_from_);
      }
      now_ = std::max(now_, next);
    }
    if (watchdog_.stalled(now_, scoreboard_.lines_consumed())) {
      watchdog_.explain(describe_holder(
          fabric_, now_, scoreboard_.lines_expected() - scoreboard_.lines_consumed()));
    }
  }
}

RunResult Cluster::result() const {
  RunResult r;
  double core_gbps_sum = 0;
  r.core_gbps_min = INFINITY;
  for (size_t c = 0; c < cores_.size(); ++c) {
    const CoreStats& s = cores_[c]->stats();
    uint64_t lines = 0;
    for (const Task& t : tasks_[c]) {
      lines += t.lines;
    }
    r.lines_total += lines;
    r.lines_prefetched += s.lines_prefetched;
    r.lines_demand += s.lines_demand;
    r.sim_cycles = std::max(r.sim_cycles, s.finish_cycle);
    const double gbps =
        s.finish_cycle == 0 ? 0.0 : lines * double{kLineBytes} / cfg_.cycles_to_ns(s.finish_cycle);
    core_gbps_sum += gbps;
    r.core_gbps_min = std::min(r.core_gbps_min, gbps);
    r.core_gbps_max = std::max(r.core_gbps_max, gbps);
  }
  r.core_gbps_mean = cores_.empty() ? 0.0 : core_gbps_sum / cores_.size();
  if (cores_done_ != cores_.size()) {
    r.sim_cycles = std::max(r.sim_cycles, now_);  // stopped early: how far it got
  }
  const double time_ns = cfg_.cycles_to_ns(r.sim_cycles);
  r.time_us = time_ns / 1000.0;
  r.gbps = r.sim_cycles == 0 ? 0.0 : r.lines_total * double{kLineBytes} / time_ns;
  r.lines_lost = scoreboard_.lines_lost();
  r.scoreboard_error = scoreboard_.first_error();
  r.watchdog_error = watchdog_.message();
  if (!cores_.empty()) {
    r.task_credit = cores_[0]->stats().task_credit;
    r.task_dispatch = cores_[0]->stats().task_dispatch;
    r.task_finish = cores_[0]->stats().task_finish;
  }
  for (const auto& core : cores_) {
    r.latency.merge(core->stats().latency);
    r.line_log.insert(r.line_log.end(), core->line_log().begin(), core->line_log().end());
  }
  std::stable_sort(
      r.line_log.begin(), r.line_log.end(), [](const LineRecord& a, const LineRecord& b) {
        return a.stamps.requested != b.stamps.requested ? a.stamps.requested < b.stamps.requested
                                                        : a.core < b.core;
      });
  for (const DramChannel& ch : fabric_.memory().dram_channels()) {
    const DramStats& d = ch.stats();
    r.dram.reads += d.reads;
    r.dram.activates += d.activates;
    r.dram.precharges += d.precharges;
    r.dram.refreshes += d.refreshes;
  }
  // Every read that did not need its own ACT hit an open row.
  r.dram.row_hits = r.dram.reads >= r.dram.activates ? r.dram.reads - r.dram.activates : 0;
  r.rtl_assertion_failed = assertion_failed();
  return r;
}

}  // namespace anesim
