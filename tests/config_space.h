// Random machine descriptions drawn from the documented range of every key
// (docs/configuration.md; the loader's own limits), and random short
// workloads: the inputs of the config-space property test. Seeded: the same
// seed gives the same YAML text and workload.
#pragma once

#include <cstdint>
#include <random>
#include <string>

#include <fmt/format.h>

#include <sim/core/workload.h>
#include <sim/ring/ring_variant.h>

namespace anesim::test {

struct ConfigSample {
  std::string yaml;
  Workload workload;
  RingVariant variant = RingVariant::kBug;
};

class ConfigSpace {
 public:
  // `max_cycles_cap`: the largest simulation.max_cycles drawn. The cycle
  // loop steps at most once per cycle, so this bounds a run's wall time.
  explicit ConfigSpace(uint64_t seed, uint64_t max_cycles_cap) : rng_(seed), cap_(max_cycles_cap) {}

  ConfigSample draw() {
    ConfigSample s;
    const uint32_t banks = pow2(0, 8);
    const bool per_bank = coin();
    const uint32_t cores = static_cast<uint32_t>(uniform(1, 16));
    // Any structure, not only a JEDEC standard's: the test-only standard
    // any_structure (tests/memory/any_structure_standard.cpp) takes it.
    std::string y = "dram:\n  standard: any_structure\n  preset: \"random\"\n";
    const uint64_t clock_khz = log_uniform(1000, 100000000);  // 1 MHz .. 100 GHz
    y += fmt::format("  clock_mhz: {}\n", khz_as_mhz(clock_khz));
    y += fmt::format("  channels: {}\n  channel_bytes_per_cycle: {}\n", pow2(0, 6), timing());
    y += fmt::format("  banks: {}\n  row_bytes: {}\n", banks, pow2(6, 20));
    y += fmt::format("  queue_depth: {}\n", log_uniform(1, 65536));
    y += fmt::format("  bank_xor_hash: {}\n  close_page: {}\n", coin(), coin());
    y += fmt::format("  refresh: {}\n  timings:\n", per_bank ? "per_bank" : "all_bank");
    for (const char* key : {"rl", "burst", "rcd", "rp", "ras", "rtp", "ccd", "rrd", "faw"}) {
      y += fmt::format("    {}: {}\n", key, timing());
    }
    y += fmt::format("    refi: {}\n    rfc: {}\n", one_in(5) ? 0 : log_uniform(1, 1u << 16),
                     timing());
    if (per_bank) {
      y += fmt::format("    rfcpb: {}\n    pbr2pbr: {}\n    pbr2act: {}\n", timing(), timing(),
                       log_uniform(0, 64));
    }
    y += fmt::format(
        "fabric:\n  request_latency: {}\n  response_latency: {}\n  credits_per_core: {}\n"
        "  port_cycles_per_line: {}\n",
        timing(), timing(), log_uniform(1, 64), real(1, 64));
    y += fmt::format(
        "ane:\n  cores: {}\n  kmem_lines: 1024\n  task_dispatch_cycles: {}\n"
        "  launch_overhead_cycles: {}\n  demand_depth: {}\n",
        cores, log_uniform(0, 4096), log_uniform(0, 1u << 16), uniform(1, 15));
    // The start clock lies between 1 MHz and dram.clock_mhz.
    y += fmt::format("power:\n  start_clock_mhz: {}\n  boost_after_cycles: {}\n",
                     khz_as_mhz(uniform(1000, clock_khz)), log_uniform(0, 1u << 20));
    // Mostly long enough to finish; sometimes short enough to stop a run.
    const uint64_t max_cycles = one_in(5) ? log_uniform(1, cap_) : log_uniform(cap_ / 4, cap_);
    y += fmt::format("simulation:\n  max_cycles: {}\n  quantum_cycles: {}\n", max_cycles,
                     log_uniform(1, 1u << 16));
    s.yaml = y;
    s.workload.cores = static_cast<uint32_t>(uniform(1, std::min<uint32_t>(cores, 2)));
    s.workload.lines_per_core = static_cast<uint32_t>(log_uniform(1, 1500));
    // No empty task: the command line refuses a split above the length.
    s.workload.split =
        static_cast<uint32_t>(uniform(1, std::min<uint32_t>(3, s.workload.lines_per_core)));
    s.workload.base_line = static_cast<uint32_t>(uniform(0, 1u << 20));
    const auto& variants = ring_variants();
    s.variant = variants[static_cast<size_t>(uniform(0, variants.size() - 1))].id;
    return s;
  }

 private:
  uint64_t uniform(uint64_t lo, uint64_t hi) {
    return std::uniform_int_distribution<uint64_t>(lo, hi)(rng_);
  }
  bool coin() { return uniform(0, 1) == 1; }
  bool one_in(uint64_t n) { return uniform(1, n) == 1; }
  // Spread evenly over the orders of magnitude, so that small and huge
  // values are both drawn.
  uint64_t log_uniform(uint64_t lo, uint64_t hi) {
    const auto bit_length = [](uint64_t v) {
      return v == 0 ? 0 : 64 - static_cast<uint64_t>(__builtin_clzll(v));
    };
    const uint64_t bits = uniform(bit_length(lo), bit_length(hi));  // of the value drawn
    const uint64_t low = bits == 0 ? 0 : uint64_t{1} << (bits - 1);
    const uint64_t top = bits == 64 ? UINT64_MAX : (uint64_t{1} << bits) - 1;
    return uniform(std::max(lo, low), std::min(hi, top));
  }
  uint32_t pow2(uint32_t lo_bits, uint32_t hi_bits) {
    return uint32_t{1} << uniform(lo_bits, hi_bits);
  }
  // A timing in CK: mostly DRAM-like, sometimes anywhere up to 2^32 - 1.
  uint64_t timing() { return one_in(100) ? log_uniform(1, UINT32_MAX) : log_uniform(1, 256); }
  std::string real(double lo, double hi) {
    return fmt::format("{:.3f}", std::uniform_real_distribution<double>(lo, hi)(rng_));
  }
  static std::string khz_as_mhz(uint64_t khz) {
    return fmt::format("{}.{:03d}", khz / 1000, khz % 1000);
  }

  std::mt19937_64 rng_;
  uint64_t cap_;
};

}  // namespace anesim::test
