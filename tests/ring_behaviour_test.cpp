// Whole transfers through one Verilated ring with a minimal environment:
// which lines go on the prefetch path and which stop-and-go, per residue,
// and that every line is requested exactly once, in order, in every variant.
#include <verilated.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include <sim/ring/geometry.h>
#include <sim/ring/prefetch_ring.h>
#include <sim/ring/ring_variant.h>

#include "tests/ring_transfer.h"
#include "tests/variant_by_name.h"

namespace anesim {
namespace {

// Lines of each page beyond the grant go stop-and-go.
uint64_t expected_demand(uint32_t start, uint32_t lines, uint32_t grant) {
  uint64_t demand = 0;
  uint64_t line = start;
  const uint64_t end = uint64_t{start} + lines;
  while (line < end) {
    const uint64_t page_end = std::min(end, (line / kPageLines + 1) * kPageLines);
    const uint64_t n = page_end - line;
    demand += n > grant ? n - grant : 0;
    line = page_end;
  }
  return demand;
}

TEST_CASE("every line is requested once and in order, in every variant", "[rtl][transfer]") {
  VerilatedContext context;
  context.fatalOnError(false);
  std::mt19937 rng(3);
  for (const RingVariantInfo& info : ring_variants()) {
    const RingVariant v = info.id;
    auto ring = make_ring(v, &context, "ring");
    for (int i = 0; i < 24; ++i) {
      const uint32_t lines = i < 4 ? 1 + i : 1 + rng() % (3 * kRingLines);
      const uint32_t start = rng();
      const uint32_t depth = 1 + static_cast<uint32_t>(i % 3);
      const TransferCount n = run_transfer(*ring, start, lines, 4, depth);
      INFO(variant_name(v) << " start " << start << " lines " << lines << " demand depth "
                           << depth);
      CHECK_FALSE(ring->outputs().busy);
      CHECK(n.prefetched + n.demand == lines);
      CHECK(n.out_of_order == 0);
      CHECK(ring->outputs().lines_retired == lines);
    }
    CHECK_FALSE(context.gotError());
  }
}

TEST_CASE("demand depth: stop-and-go keeps that many reads in flight", "[rtl][transfer]") {
  VerilatedContext context;
  context.fatalOnError(false);
  const uint32_t latency = 12;
  for (const RingVariant v : {RingVariant::kBug, test::variant("relatch"), RingVariant::kFix}) {
    auto ring = make_ring(v, &context, "ring");
    for (const uint32_t lines : {kRingLines, 2 * kRingLines}) {
      uint64_t cycles_depth1 = 0;
      for (uint32_t depth = 1; depth <= 3; ++depth) {
        INFO(variant_name(v) << " lines " << lines << " demand depth " << depth);
        const TransferCount n = run_transfer(*ring, 0, lines, latency, depth);
        CHECK(n.prefetched + n.demand == lines);
        CHECK(n.out_of_order == 0);
        CHECK(ring->outputs().lines_retired == lines);
        if (v == RingVariant::kFix) {
          // The lookahead never shuts: the demand path and its depth are unused.
          CHECK(n.demand == 0);
          CHECK(n.max_demand_in_flight == 0);
          if (depth == 1) {
            cycles_depth1 = n.cycles;
          }
          CHECK(n.cycles == cycles_depth1);
          continue;
        }
        // At the notch the whole first lap goes stop-and-go, at exactly
        // `depth` reads in flight: the lap takes latency / depth per line.
        CHECK(n.demand >= kRingLines);
        CHECK(n.max_demand_in_flight == depth);
        if (depth == 1) {
          cycles_depth1 = n.cycles;
        } else {
          const double ratio = static_cast<double>(n.cycles) / static_cast<double>(cycles_depth1);
          CHECK(ratio < 1.0 / depth + 0.1);
          CHECK(ratio > 1.0 / depth - 0.1);
        }
      }
    }
  }
  CHECK_FALSE(context.gotError());
}

TEST_CASE("stop-and-go lines per residue follow the page grant", "[rtl][transfer]") {
  // The page-budget reading of the grant (variant page_budget).
  VerilatedContext context;
  context.fatalOnError(false);
  auto bug = make_ring(test::variant("page_budget"), &context, "page_budget");
  auto fix = make_ring(RingVariant::kFix, &context, "fix");
  std::mt19937 rng(5);
  std::vector<int32_t> offsets = {0, 1, -1, 2, -2, 100, -100, 255, -255, 256, -256, 257, -257};
  for (int i = 0; i < 12; ++i) {
    offsets.push_back(static_cast<int32_t>(rng() % 0x4000) - 0x2000);
  }
  for (uint32_t k = 1; k <= 2; ++k) {
    for (int32_t x : offsets) {
      const uint32_t lines = static_cast<uint32_t>(int64_t{k} * kRingLines + x);
      const uint32_t start = (rng() % 64) * kPageLines + (x % 2 == 0 ? 0 : rng() % kPageLines);
      INFO("k " << k << " x " << x << " start " << start);
      const TransferCount b = run_transfer(*bug, start, lines);
      const uint32_t abs_x = static_cast<uint32_t>(x < 0 ? -x : x);
      CHECK(b.grant == std::min<uint32_t>(abs_x, kPageLines));
      CHECK(b.demand == expected_demand(start, lines, b.grant));
      const TransferCount f = run_transfer(*fix, start, lines);
      CHECK(f.grant == kPageLines);
      CHECK(f.demand == 0);
      // Stop-and-go is slower: the bug never beats the fix.
      CHECK(b.cycles >= f.cycles);
    }
  }
  CHECK_FALSE(context.gotError());
}

TEST_CASE("time share: the lookahead runs in the grant's share of time, V-shaped",
          "[rtl][transfer]") {
  // The shipped reading of the grant: each request takes the prefetch path
  // exactly when the grant's share of the timebase is open, so a grant of c
  // lines gives the lookahead c/256 of the time.
  VerilatedContext context;
  context.fatalOnError(false);
  auto bug = make_ring(RingVariant::kBug, &context, "bug");
  auto fix = make_ring(RingVariant::kFix, &context, "fix");
  REQUIRE(bug->time_share());
  std::mt19937 rng(13);
  for (uint32_t k = 1; k <= 2; ++k) {
    double last_prefetch_share = -1;
    for (int32_t x : {0, 16, 64, 128, 192, 255, 256}) {
      for (int32_t sign : {1, -1}) {
        const uint32_t lines = static_cast<uint32_t>(int64_t{k} * kRingLines + sign * x);
        const uint32_t start = rng();
        INFO("k " << k << " x " << sign * x << " start " << start);
        const TransferCount b = run_transfer(*bug, start, lines, 40);
        CHECK(b.grant == std::min<uint32_t>(static_cast<uint32_t>(x), kPageLines));
        CHECK(b.share_mismatch == 0);
        CHECK(b.prefetched + b.demand == lines);
        CHECK(b.out_of_order == 0);
        if (x == 0) {
          CHECK(b.prefetched == 0);  // the notch: no lookahead at all
        }
        if (x == 256) {
          CHECK(b.demand == 0);  // one page off the lap: nominal
        }
        const TransferCount f = run_transfer(*fix, start, lines, 40);
        CHECK(f.demand == 0);
        CHECK(b.cycles >= f.cycles);
      }
      // More grant, more of the transfer on the lookahead path (near a full
      // grant the shut part of the period is shorter than a round trip, and
      // everything already streams).
      const TransferCount b = run_transfer(*bug, 0, k * kRingLines + x, 40);
      const double prefetch_share = double(b.prefetched) / (k * kRingLines + x);
      CHECK(prefetch_share >= last_prefetch_share);
      if (x <= 192) {
        CHECK(prefetch_share > last_prefetch_share);
      }
      last_prefetch_share = prefetch_share;
    }
  }
  CHECK_FALSE(context.gotError());
}

}  // namespace
}  // namespace anesim
