#include <anesim/analysis/run/run_report.h>

#include <algorithm>

#include <fmt/format.h>

#include <anesim/analysis/run/latency_report.h>
#include <anesim/io/text_functions.h>
#include <sim/ring/geometry.h>
#include <sim/ring/ring_variant.h>

namespace anesim {

namespace {

std::string tasks_text(const std::vector<uint32_t>& lengths) {
  std::string s;
  for (size_t i = 0; i < lengths.size();) {
    size_t j = i;
    while (j < lengths.size() && lengths[j] == lengths[i]) {
      ++j;
    }
    s += fmt::format("{}{} x {} (0x{:x}) lines", s.empty() ? "" : " + ", j - i, lengths[i],
                     lengths[i]);
    i = j;
  }
  return s;
}

// The clock the run saw: one frequency, or the start clock until the
// performance-state boost and the nominal one after it.
std::string clock_text(const MachineConfig& cfg, uint64_t cycles) {
  if (cfg.power.boost_after_cycles == 0 || cfg.power.start_clock_mhz == cfg.dram.clock_mhz) {
    return fmt::format("at {:.0f} MHz", cfg.dram.clock_mhz);
  }
  if (cycles <= cfg.power.boost_after_cycles) {
    return fmt::format("at {:.0f} MHz, before the boost", cfg.power.start_clock_mhz);
  }
  return fmt::format("at {:.0f} MHz for the first {}, then {:.0f} MHz", cfg.power.start_clock_mhz,
                     cfg.power.boost_after_cycles, cfg.dram.clock_mhz);
}

}  // namespace

bool in_notch(const RunReport& r) {
  const std::vector<uint32_t> lengths = task_lengths(r.workload);
  for (size_t i = 0; i < r.result.task_credit.size() && i < lengths.size(); ++i) {
    if (r.result.task_credit[i] < std::min<uint32_t>(lengths[i], kPageLines)) {
      return true;
    }
  }
  return false;
}

std::string format_text(const RunReport& r) {
  const RunResult& res = r.result;
  const MachineConfig& cfg = *r.config;
  const LapPosition lap = lap_position(r.workload.lines_per_core);
  const std::vector<uint32_t> lengths = task_lengths(r.workload);
  std::string credits;
  for (uint32_t c : res.task_credit) {
    credits += fmt::format("{}{}", credits.empty() ? "" : ", ", c);
  }
  const double total = static_cast<double>(std::max<uint64_t>(res.lines_total, 1));
  std::string out;
  out += fmt::format("anesim: kernel-DMA prefetch ring, variant {} ({})\n", variant_name(r.variant),
                     variant_info(r.variant).summary);
  out += fmt::format("  config           {} ({}, {} x16 channels, {:.1f} GB/s peak)\n",
                     printable_whole(cfg.source), printable_whole(cfg.dram.preset),
                     cfg.dram.channels, cfg.peak_gbps());
  out += fmt::format("  cores            {} active\n", r.workload.cores);
  out += fmt::format("  lines per core   {} (0x{:x}) = {:.3f} MiB: k = {} laps, x = {:+d} lines\n",
                     r.workload.lines_per_core, r.workload.lines_per_core,
                     r.workload.lines_per_core * double{kLineBytes} / (1 << 20), lap.k, lap.x);
  out += fmt::format("  tasks per core   {}\n", tasks_text(lengths));
  // How the ring spends its grant (docs/ring-mechanism.md, section 2).
  out += fmt::format(
      "  lookahead grant  {} of {} ({}; core 0, per task)\n", credits, kPageLines,
      variant_info(r.variant).time_share ? "the lookahead's share of time" : "lines per page");
  out +=
      fmt::format("  notch            {}\n",
                  in_notch(r) ? "yes: the ring granted less lookahead than the task needs" : "no");
  out += fmt::format("  simulated time   {:.2f} us ({} cycles {})\n", res.time_us, res.sim_cycles,
                     clock_text(cfg, res.sim_cycles));
  out +=
      fmt::format("  DRAM throughput  {:.2f} GB/s (all cores' bytes / simulated time)\n", res.gbps);
  out += fmt::format("  per core         {:.3f} GB/s mean (min {:.3f}, max {:.3f})\n",
                     res.core_gbps_mean, res.core_gbps_min, res.core_gbps_max);
  out += fmt::format("  prefetch path    {} lines ({:.1f} %)\n", res.lines_prefetched,
                     100.0 * res.lines_prefetched / total);
  out +=
      fmt::format("  demand path      {} lines ({:.1f} %), stop-and-go with {} read{} in flight\n",
                  res.lines_demand, 100.0 * res.lines_demand / total, cfg.ane.demand_depth,
                  cfg.ane.demand_depth == 1 ? "" : "s");
  out += fmt::format("  DRAM             {} reads, {} row hits ({:.1f} %), {} refreshes\n",
                     res.dram.reads, res.dram.row_hits,
                     100.0 * res.dram.row_hits / std::max<uint64_t>(res.dram.reads, 1),
                     res.dram.refreshes);
  out += latency_table(res.latency);
  if (res.lines_lost == 0) {
    out += fmt::format(
        "  scoreboard       all {} lines delivered once, in order, at the right "
        "address\n",
        res.lines_total);
  } else {
    out += fmt::format("  scoreboard       {} lines lost, duplicated or out of order; first: {}\n",
                       res.lines_lost, res.scoreboard_error);
  }
  return out;
}

Json run_json(const RunReport& r) {
  const RunResult& res = r.result;
  const LapPosition lap = lap_position(r.workload.lines_per_core);
  const std::vector<uint32_t> lengths = task_lengths(r.workload);
  Json j;
  // Each key as run_json_keys.def declares it, in its order.
#define ANESIM_RESULT_KEY(key, type, when, value, ...) \
  if (when) j[#key] = value;
#include <anesim/analysis/run/run_json_keys.def>
#undef ANESIM_RESULT_KEY
  return j;
}

}  // namespace anesim
