// The repairs a ring may make of its aliased grant (the M4's readings,
// docs/ring-mechanism.md section 6): which laps of a transfer go
// stop-and-go, and that every line is still requested once and in order.
#include <verilated.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include <sim/ring/geometry.h>
#include <sim/ring/prefetch_ring.h>

#include "tests/ring_transfer.h"
#include "tests/variant_by_name.h"

namespace anesim {
namespace {

// Off a lap boundary by one page, a transfer of whole laps never meets its
// end pointer at a wrap: the repair stays unarmed and the whole transfer
// goes stop-and-go, as on the M3's ring.
void check_shifted_as_bug(PrefetchRing& ring, PrefetchRing& bug, uint32_t lines) {
  const TransferCount shifted = run_transfer(ring, 3 * kRingLines + kPageLines, lines);
  const TransferCount b = run_transfer(bug, 3 * kRingLines + kPageLines, lines);
  CHECK(shifted.out_of_order == 0);
  CHECK(shifted.demand == lines);
  CHECK(shifted.path == b.path);
}

// A transfer that is not a whole number of laps loads a grant that does not
// alias, so nothing is armed: it keeps the bug's V.
void check_keeps_bugs_v(PrefetchRing& ring, PrefetchRing& bug, uint32_t laps) {
  for (int32_t x : {-100, 100, -300, 300}) {
    const uint32_t lines = static_cast<uint32_t>(int64_t{laps} * kRingLines + x);
    const TransferCount r = run_transfer(ring, 0, lines);
    const TransferCount b = run_transfer(bug, 0, lines);
    INFO("x " << x);
    CHECK(r.grant == b.grant);
    CHECK(r.path == b.path);
    CHECK(r.out_of_order == 0);
    CHECK(r.prefetched + r.demand == lines);
  }
}

TEST_CASE("relatch: the load grant aliases, every lap after a wrap streams", "[rtl][transfer]") {
  // The M4 hypothesis (configs/chips/m4.yaml): the grant latched at load is the
  // erratum's, and each wrap of the request pointer re-derives it from the
  // exact count of lines left, so only the lines before the first wrap can
  // go stop-and-go.
  VerilatedContext context;
  context.fatalOnError(false);
  auto relatch = make_ring(test::variant("relatch"), &context, "relatch");
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
  // The M4 reading (configs/chips/m4.yaml): the grant is re-derived only at a wrap
  // where the 14-bit pointers alias, and then from pointers with one epoch
  // bit. A transfer of k whole laps that ends on a lap boundary goes
  // stop-and-go in lap 0 and in every lap that starts with an even number of
  // laps left; one that does not end on a lap boundary never recovers.
  VerilatedContext context;
  context.fatalOnError(false);
  auto ring = make_ring(test::variant("relatch_epoch1"), &context, "relatch_epoch1");
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
    check_shifted_as_bug(*ring, *bug, lines);
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
  check_keeps_bugs_v(*ring, *bug, 2);
  CHECK_FALSE(context.gotError());
}

TEST_CASE(
    "relatch_midpoint: lap-aligned transfers stream from their midpoint, others never recover",
    "[rtl][transfer]") {
  // The alternative M4 reading: armed as relatch_epoch1, the repair takes
  // effect at the first page boundary where a lap has been issued and no
  // more lines are left than issued. So a transfer of k whole laps that
  // starts on a lap boundary goes stop-and-go for max(1, k/2) laps.
  VerilatedContext context;
  context.fatalOnError(false);
  auto ring = make_ring(test::variant("relatch_midpoint"), &context, "relatch_midpoint");
  auto bug = make_ring(RingVariant::kBug, &context, "bug");
  for (uint32_t k = 1; k <= 5; ++k) {
    const uint32_t lines = k * kRingLines;
    INFO("k " << k);
    const TransferCount aligned = run_transfer(*ring, 3 * kRingLines, lines);
    CHECK(aligned.prefetched + aligned.demand == lines);
    CHECK(aligned.out_of_order == 0);
    CHECK(aligned.grant == 0);
    const size_t stalled = std::max(kRingLines, lines / 2);
    CHECK(demand_in(aligned, 0, stalled) == stalled);
    CHECK(demand_in(aligned, stalled, lines) == 0);
    check_shifted_as_bug(*ring, *bug, lines);
  }
  check_keeps_bugs_v(*ring, *bug, 3);
  CHECK_FALSE(context.gotError());
}

}  // namespace
}  // namespace anesim
