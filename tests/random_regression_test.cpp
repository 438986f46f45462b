// Seeded randomized regression : at least 10,000 transfers across
// the bug and fix rings, with random lengths (mostly short, some near and
// across lap boundaries, a few of several laps), random start addresses,
// random back-pressure and consumer latency, back-to-back tasks; then
// few-core Clusters with random splits, core counts and bases through the
// whole memory path. Asserts that no line is lost, duplicated or reordered
// and that the RTL assertions stay silent (VerilatedContext::gotError()).
//
// Reproducible: the seed is fixed (override with ANESIM_RANDOM_SEED=N) and
// only std::mt19937_64's raw output is used (its sequence is fixed by the
// standard; the std distributions are not). A failure prints the seed and
// the transfer to replay.
#include <verilated.h>
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <random>

#include <anesim/machine/machine_config_reader.h>
#include <sim/ring/geometry.h>
#include <sim/ring/prefetch_ring.h>
#include <sim/ring/ring_variant.h>
#include "test_support.h"

namespace anesim {
namespace {

uint64_t seed() {
  const char* s = std::getenv("ANESIM_RANDOM_SEED");
  return s != nullptr ? std::strtoull(s, nullptr, 0) : 20260401;
}

class Rng {
 public:
  explicit Rng(uint64_t s) : g_(s) {}
  uint64_t below(uint64_t n) { return g_() % n; }  // n <= 2^32: bias negligible
  uint32_t u32() { return static_cast<uint32_t>(g_()); }
  bool chance(unsigned percent) { return below(100) < percent; }

 private:
  std::mt19937_64 g_;
};

// Mostly short; the lap boundaries, where the erratum lives, often.
uint32_t random_length(Rng& rng) {
  const uint64_t p = rng.below(100);
  if (p < 80) {
    return static_cast<uint32_t>(1 + rng.below(256));
  }
  if (p < 93) {
    return static_cast<uint32_t>(257 + rng.below(2048));
  }
  if (p < 98) {  // k laps +- up to 300 lines (k = 1, 2)
    const int64_t k = 1 + static_cast<int64_t>(rng.below(2));
    const int64_t x = static_cast<int64_t>(rng.below(601)) - 300;
    return static_cast<uint32_t>(k * kRingLines + x);
  }
  return static_cast<uint32_t>(1 + rng.below(3 * kRingLines));  // up to three laps
}

struct RingTally {
  uint64_t transfers = 0;
  uint64_t lines = 0;
  uint64_t cycles = 0;
};

// One task through `ring`, loaded while the ring is idle (no reset between
// tasks): requests are accepted with random back-pressure and retired in
// order after a random consumer latency. Returns false (after recording
// Catch failures) when a line went missing, duplicated or out of order.
void run_one(PrefetchRing& ring, RingVariant v, Rng& rng, uint32_t start, uint32_t lines,
             RingTally& tally) {
  INFO(variant_name(v) << " start " << start << " lines " << lines);
  const unsigned stall = static_cast<unsigned>(rng.below(40));  // % of cycles refusing a request
  const uint64_t max_latency = 1 + rng.below(24);
  RingInputs load;
  load.task_valid = true;
  load.task_start_line = start;
  load.task_lines = lines;
  REQUIRE_FALSE(ring.outputs().busy);
  ring.clock(load);
  const uint32_t grant = ring.outputs().prefetch_credit;
  std::deque<uint64_t> ready_at;  // per issued, unretired line: when the consumer may drain it
  uint32_t expect = start;
  uint64_t issued = 0, prefetched = 0, out_of_order = 0;
  const uint64_t limit = uint64_t{lines} * (max_latency + 4) * 3 + 1000;
  uint64_t cycle = 1;
  for (; ring.outputs().busy && cycle < limit; ++cycle) {
    const RingOutputs& o = ring.outputs();
    RingInputs in;
    in.line_retired = !ready_at.empty() && ready_at.front() <= cycle;
    if (in.line_retired) {
      ready_at.pop_front();
    }
    in.req_ready = o.req_valid && !rng.chance(stall);
    if (in.req_ready) {
      out_of_order += o.req_line != expect;
      ++expect;
      ++issued;
      prefetched += o.req_prefetch;
      ready_at.push_back(
          std::max(ready_at.empty() ? 0 : ready_at.back(), cycle + 1 + rng.below(max_latency)));
    }
    ring.clock(in);
  }
  tally.transfers += 1;
  tally.lines += lines;
  tally.cycles += cycle;
  REQUIRE_FALSE(ring.outputs().busy);  // finished within the bound: no hang
  REQUIRE(issued == lines);
  REQUIRE(out_of_order == 0);
  REQUIRE(ring.outputs().lines_retired == lines);
  REQUIRE(ready_at.empty());
  if (v == RingVariant::kFix) {
    REQUIRE(prefetched == lines);  // the fix never falls back to stop-and-go
  }
  REQUIRE(grant <= kPageLines);
}

TEST_CASE("randomized regression: 10,000+ ring transfers lose no line, assertions silent",
          "[random][regression]") {
  const uint64_t s = seed();
  INFO("seed " << s << " (set ANESIM_RANDOM_SEED to replay another)");
  Rng rng(s);
  const auto t0 = std::chrono::steady_clock::now();
  RingTally total;
  for (RingVariant v : {RingVariant::kBug, RingVariant::kFix}) {
    VerilatedContext context;
    context.fatalOnError(false);
    auto ring = make_ring(v, &context, variant_name(v));
    ring->reset();
    RingTally t;
    for (int i = 0; i < 5200; ++i) {
      run_one(*ring, v, rng, rng.u32(), random_length(rng), t);
      REQUIRE_FALSE(context.gotError());
      if (rng.chance(5)) {
        ring->reset();  // now and then from reset, as a new program would
      }
    }
    total.transfers += t.transfers;
    total.lines += t.lines;
    total.cycles += t.cycles;
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf(
      "random ring regression: seed %llu, %llu transfers, %llu lines, %llu cycles, "
      "%.1f s\n",
      static_cast<unsigned long long>(s), static_cast<unsigned long long>(total.transfers),
      static_cast<unsigned long long>(total.lines), static_cast<unsigned long long>(total.cycles),
      secs);
  CHECK(total.transfers >= 10000);
}

TEST_CASE("randomized regression: few-core clusters lose no line through the memory path",
          "[random][regression]") {
  const uint64_t s = seed() + 1;
  INFO("seed " << s - 1 << " (set ANESIM_RANDOM_SEED to replay another)");
  Rng rng(s);
  const MachineConfig cfg = builtin_config();
  const auto t0 = std::chrono::steady_clock::now();
  uint64_t runs = 0, tasks = 0, lines = 0;
  for (int i = 0; i < 160; ++i) {
    Workload w;
    w.cores = static_cast<uint32_t>(rng.chance(70) ? 1 + rng.below(2) : 1 + rng.below(16));
    w.lines_per_core = random_length(rng);
    if (w.cores > 4 && w.lines_per_core > 4096) {
      w.lines_per_core = static_cast<uint32_t>(1 + rng.below(4096));  // keep wide runs short
    }
    w.split = static_cast<uint32_t>(1 + rng.below(std::min<uint32_t>(w.lines_per_core, 8)));
    w.base_line = rng.u32();
    for (RingVariant v : {RingVariant::kBug, RingVariant::kFix}) {
      INFO(variant_name(v) << " cores " << w.cores << " lines " << w.lines_per_core << " split "
                           << w.split << " base " << w.base_line);
      const RunResult r = test::run_cluster(cfg, v, w);
      REQUIRE_FALSE(r.rtl_assertion_failed);
      REQUIRE(r.lines_lost == 0);
      REQUIRE(r.scoreboard_error.empty());
      REQUIRE(r.lines_total == uint64_t{w.cores} * w.lines_per_core);
      REQUIRE(r.lines_prefetched + r.lines_demand == r.lines_total);
      ++runs;
      tasks += uint64_t{w.cores} * w.split;
      lines += r.lines_total;
    }
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf(
      "random cluster regression: seed %llu, %llu runs, %llu transfers (tasks), %llu "
      "lines, %.1f s\n",
      static_cast<unsigned long long>(s - 1), static_cast<unsigned long long>(runs),
      static_cast<unsigned long long>(tasks), static_cast<unsigned long long>(lines), secs);
}

}  // namespace
}  // namespace anesim
