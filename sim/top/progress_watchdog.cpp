#include <sim/top/progress_watchdog.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include <sim/dram/dram_channel.h>
#include <sim/fabric/credit_fabric.h>
#include <sim/memory/memory_system.h>

namespace anesim {

uint64_t progress_bound(const MachineConfig& cfg, uint32_t cores, uint64_t longest_wait) {
  const long double ahead =
      static_cast<long double>(std::max<uint32_t>(cores, 1)) * cfg.fabric.credits_per_core +
      cfg.dram.queue_depth;
  // What the memory system answers as its bound (sim/memory/memory_system.h).
  const long double memory = memory_progress_cycles(cfg, ahead);
  const long double wait = std::max(
      static_cast<long double>(cfg.ane.launch_overhead_cycles) + cfg.ane.task_dispatch_cycles,
      static_cast<long double>(longest_wait));
  const long double round_trip =
      wait + cfg.fabric.request_latency + cfg.fabric.response_latency +
      std::ceil(static_cast<long double>(cfg.fabric.port_cycles_per_line)) * ahead + memory + 64;
  const long double bound = 8.0L * round_trip;
  constexpr auto kMax = std::numeric_limits<uint64_t>::max();
  return bound >= static_cast<long double>(kMax) ? kMax : static_cast<uint64_t>(bound);
}

bool ProgressWatchdog::check(uint64_t now, uint64_t progress) {
  if (progress != last_progress_) {
    last_progress_ = progress;
    since_ = now;
    deadline_ = now > std::numeric_limits<uint64_t>::max() - bound_
                    ? std::numeric_limits<uint64_t>::max()
                    : now + bound_;
    return false;
  }
  fired_ = true;
  fired_at_ = now;
  return true;
}

void ProgressWatchdog::explain(const std::string& holder) {
  message_ = fmt::format(
      "the progress watchdog stopped the run at cycle {}: no line reached a consumer between "
      "cycle {} and cycle {} (this machine's bound is {} cycles); {}",
      fired_at_, since_, fired_at_, bound_, holder);
}

std::string describe_holder(const CreditFabric& fabric, uint64_t now, uint64_t outstanding) {
  if (fabric.requests_on_wire() != 0 || fabric.responses_on_wire() != 0) {
    return fmt::format("the fabric holds them ({} requests and {} responses in flight)",
                       fabric.requests_on_wire(), fabric.responses_on_wire());
  }
  const auto& channels = fabric.memory().dram_channels();
  for (uint32_t ch = 0; ch < channels.size(); ++ch) {
    const DramChannel& c = channels[ch];
    if (c.refreshing(now) || c.refreshes_owed(now) != 0) {
      return fmt::format(
          "refresh holds them: channel {} is {} ({} refreshes owed, {} reads queued)", ch,
          c.refreshing(now) ? "refreshing" : "waiting to refresh", c.refreshes_owed(now),
          c.queue_depth());
    }
    if (fabric.ingress_depth(ch) != 0 || c.queue_depth() != 0) {
      return fmt::format(
          "DRAM channel {} holds them ({} reads queued, {} in its ingress FIFO; the oldest "
          "waits for bank {})",
          ch, c.queue_depth(), fabric.ingress_depth(ch), c.oldest_bank());
    }
  }
  return fmt::format(
      "no request is in the memory path, so the cores' rings hold the {} lines still owed",
      outstanding);
}

}  // namespace anesim
