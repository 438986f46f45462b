// Whole transfers through one Verilated ring with a minimal environment:
// which lines go on the prefetch path and which stop-and-go, per residue,
// and that every line is requested exactly once, in order, in every variant.
#include <verilated.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <deque>
#include <random>

#include <anesim/sim/geometry.h>
#include <anesim/sim/lookahead_share.h>
#include <anesim/sim/prefetch_ring.h>

namespace anesim {
namespace {

struct TransferCount {
  uint64_t prefetched = 0;
  uint64_t demand = 0;
  std::vector<uint8_t> path;    // per line in request order: 1 prefetch, 0 demand
  uint64_t share_mismatch = 0;  // requests whose path disagrees with the time share
  uint64_t out_of_order = 0;
  uint64_t cycles = 0;
  uint32_t grant = 0;
  size_t max_demand_in_flight = 0;  // lines outstanding when a demand read issued, itself included
};

// Accepts every request at once and retires each line `latency` cycles later.
// The timebase counts the transfer's cycles from 0 at the load.
TransferCount run_transfer(PrefetchRing& ring, uint32_t start, uint32_t lines, uint32_t latency = 4,
                           uint32_t demand_depth = 1) {
  ring.reset();
  TransferCount n;
  RingInputs load;
  load.demand_depth = demand_depth;
  load.task_valid = true;
  load.task_start_line = start;
  load.task_lines = lines;
  ring.clock(load);
  n.grant = ring.outputs().prefetch_credit;
  std::deque<uint64_t> in_flight;  // issue cycles
  uint32_t expect = start;
  const uint64_t limit = uint64_t{lines} * (latency + 4) + 100;
  for (uint64_t cycle = 1; ring.outputs().busy && cycle < limit; ++cycle) {
    const RingOutputs& o = ring.outputs();
    RingInputs in;
    in.line_retired = !in_flight.empty() && in_flight.front() + latency <= cycle;
    if (in.line_retired) {
      in_flight.pop_front();
    }
    in.timebase = static_cast<uint32_t>(cycle);
    in.demand_depth = demand_depth;
    in.req_ready = o.req_valid;
    if (o.req_valid) {
      n.out_of_order += o.req_line != expect;
      const uint32_t left = lines - (expect - start);
      ++expect;
      ++(o.req_prefetch ? n.prefetched : n.demand);
      n.path.push_back(o.req_prefetch ? 1 : 0);
      // A time-shared grant opens the lookahead in its share of the
      // timebase, or for good once what is left fits in the grant.
      const bool open = share_open(cycle, n.grant) || left <= n.grant;
      n.share_mismatch += ring.time_share() && (o.req_prefetch != open);
      in_flight.push_back(cycle);
      if (!o.req_prefetch) {
        n.max_demand_in_flight = std::max(n.max_demand_in_flight, in_flight.size());
      }
    }
    ring.clock(in);
    n.cycles = cycle;
  }
  return n;
}

// Requests in [from, to) of a transfer that went stop-and-go.
uint64_t demand_in(const TransferCount& t, size_t from, size_t to) {
  return static_cast<uint64_t>(std::count(t.path.begin() + from, t.path.begin() + to, 0));
}

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
  for (const RingVariant v : {RingVariant::kBug, RingVariant::kRelatch, RingVariant::kFix}) {
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
  auto bug = make_ring(RingVariant::kPageBudget, &context, "page_budget");
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

TEST_CASE("relatch: the load grant aliases, every lap after a wrap streams", "[rtl][transfer]") {
  // The M4 hypothesis (configs/m4.yaml): the grant latched at load is the
  // erratum's, and each wrap of the request pointer re-derives it from the
  // exact count of lines left, so only the lines before the first wrap can
  // go stop-and-go.
  VerilatedContext context;
  context.fatalOnError(false);
  auto relatch = make_ring(RingVariant::kRelatch, &context, "relatch");
  auto bug = make_ring(RingVariant::kBug, &context, "bug");
  std::mt19937 rng(11);
  for (uint32_t k = 1; k <= 3; ++k) {
    for (int32_t x : {0, 1, -1, 100, -100, 255, -255, 256, -256}) {
      const uint32_t lines = static_cast<uint32_t>(int64_t{k} * kRingLines + x);
      const uint32_t start = (rng() % 64) * kRingLines + (x % 2 == 0 ? 0 : rng() % kRingLines);
      INFO("k " << k << " x " << x << " start " << start);
      const TransferCount r = run_transfer(*relatch, start, lines);
      const TransferCount b = run_transfer(*bug, start, lines);
      CHECK(r.prefetched + r.demand == lines);
      CHECK(r.out_of_order == 0);
      CHECK(r.grant == b.grant);  // the same grant at load
      // Up to the first wrap as the bug; after it, only the short grant of
      // the transfer's last lap can leave lines to the demand path.
      // Up to the first wrap the two rings are the same machine; after it
      // the relatched grant leaves at most a page's lines to the demand path.
      const size_t first_lap = std::min<size_t>(lines, kRingLines - start % kRingLines);
      CHECK(demand_in(r, 0, first_lap) == demand_in(b, 0, first_lap));
      CHECK(demand_in(r, first_lap, lines) <= kPageLines);
      if (k >= 2 && x == 0) {
        CHECK(r.demand == kRingLines);      // the first lap, stop-and-go
        CHECK(b.demand == k * kRingLines);  // the bug: every lap
      }
    }
  }
  CHECK_FALSE(context.gotError());
}

TEST_CASE("relatch_epoch1: lap-aligned transfers stream every other lap, others never recover",
          "[rtl][transfer]") {
  // The M4 reading (configs/m4.yaml): the grant is re-derived only at a wrap
  // where the 14-bit pointers alias, and then from pointers with one epoch
  // bit. A transfer of k whole laps that ends on a lap boundary goes
  // stop-and-go in lap 0 and in every lap that starts with an even number of
  // laps left; one that does not end on a lap boundary never recovers.
  VerilatedContext context;
  context.fatalOnError(false);
  auto ring = make_ring(RingVariant::kRelatchEpoch1, &context, "relatch_epoch1");
  auto bug = make_ring(RingVariant::kBug, &context, "bug");
  for (uint32_t k = 1; k <= 5; ++k) {
    const uint32_t lines = k * kRingLines;
    INFO("k " << k);
    const TransferCount aligned = run_transfer(*ring, 3 * kRingLines, lines);
    CHECK(aligned.prefetched + aligned.demand == lines);
    CHECK(aligned.out_of_order == 0);
    CHECK(aligned.grant == 0);
    uint64_t stalled_laps = 0;
    for (uint32_t lap = 0; lap < k; ++lap) {
      const bool stalls = lap == 0 || (k - lap) % 2 == 0;
      INFO("lap " << lap);
      CHECK(demand_in(aligned, size_t{lap} * kRingLines, size_t{lap + 1} * kRingLines) ==
            (stalls ? kRingLines : 0));
      stalled_laps += stalls ? 1 : 0;
    }
    CHECK(stalled_laps == 1 + (k - 1) / 2);
    // Off a lap boundary by one page: the pointers never meet at a wrap, so
    // the whole transfer goes stop-and-go, as on the M3's ring.
    const TransferCount shifted = run_transfer(*ring, 3 * kRingLines + kPageLines, lines);
    const TransferCount b = run_transfer(*bug, 3 * kRingLines + kPageLines, lines);
    CHECK(shifted.out_of_order == 0);
    CHECK(shifted.demand == lines);
    CHECK(shifted.path == b.path);
  }
  // A transfer that is not a whole number of laps loads a grant that does
  // not alias, so nothing is armed: even when it ends on a lap boundary with
  // an even number of laps left at a wrap, it runs as on the bug's ring
  // (3.5 laps from half a lap in: a chunk of a 2-way split of 7 MiB).
  {
    const uint32_t start = kRingLines / 2, lines = 3 * kRingLines + kRingLines / 2;
    const TransferCount r = run_transfer(*ring, start, lines);
    const TransferCount b = run_transfer(*bug, start, lines);
    CHECK(r.grant == kPageLines);
    CHECK(r.path == b.path);
    CHECK(r.demand == 0);
  }
  // A transfer that is not a whole number of laps keeps the bug's V.
  for (int32_t x : {-100, 100, -300, 300}) {
    const uint32_t lines = static_cast<uint32_t>(int64_t{2} * kRingLines + x);
    const TransferCount r = run_transfer(*ring, 0, lines);
    const TransferCount b = run_transfer(*bug, 0, lines);
    INFO("x " << x);
    CHECK(r.grant == b.grant);
    CHECK(r.path == b.path);
    CHECK(r.out_of_order == 0);
    CHECK(r.prefetched + r.demand == lines);
  }
  CHECK_FALSE(context.gotError());
}

}  // namespace
}  // namespace anesim
