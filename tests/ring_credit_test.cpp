// The ring's lookahead grant, exhaustively over the 0x4000 residues of the
// length for laps k = 1..8, in every variant, straight from the Verilated RTL.
#include <verilated.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include <sim/ring/geometry.h>
#include <sim/ring/prefetch_ring.h>
#include <sim/ring/ring_variant.h>

#include "tests/variant_by_name.h"

namespace anesim {
namespace {

// Loads one descriptor into an idle ring and returns the grant it latched.
uint32_t grant_for(PrefetchRing& ring, uint32_t start, uint32_t lines) {
  ring.reset();
  RingInputs in;
  in.task_valid = true;
  in.task_start_line = start;
  in.task_lines = lines;
  ring.clock(in);
  REQUIRE(ring.outputs().busy);
  return ring.outputs().prefetch_credit;
}

// The grant each variant is designed to give (docs/ring-mechanism.md),
// from its parameters in the variant table: min(count, space, 256) on
// pointers of 14 + EpochBits bits, count alone without the space guard.
uint32_t expected_grant(const RingVariantInfo& v, uint64_t lines) {
  const uint64_t wrap = uint64_t{1} << (kRingIndexBits + v.epoch_bits);
  const uint64_t count = lines % wrap;
  const uint64_t space = (wrap - count) % wrap;
  const uint64_t limit = v.space_guard ? std::min(count, space) : count;
  return static_cast<uint32_t>(std::min<uint64_t>(limit, kPageLines));
}

TEST_CASE("lookahead grant over every residue of laps 1..8", "[rtl][credit]") {
  VerilatedContext context;
  context.fatalOnError(false);
  std::mt19937 rng(7);
  for (const RingVariantInfo& v : ring_variants()) {
    auto ring = make_ring(v.id, &context, "ring");
    uint64_t mismatches = 0;
    for (uint32_t k = 1; k <= 8; ++k) {
      for (uint32_t r = 0; r < kRingLines; ++r) {
        const uint32_t lines = k * kRingLines + r;
        const uint32_t start = rng();  // the grant must not depend on the start
        if (grant_for(*ring, start, lines) != expected_grant(v, lines)) {
          ++mismatches;
        }
      }
    }
    INFO("variant " << v.name);
    CHECK(mismatches == 0);
    CHECK_FALSE(context.gotError());
  }
}

TEST_CASE("the bug's grant is a V of width 256 around every lap", "[rtl][credit]") {
  VerilatedContext context;
  auto ring = make_ring(RingVariant::kBug, &context, "ring");
  for (uint32_t k = 1; k <= 8; ++k) {
    const uint32_t lap = k * kRingLines;
    CHECK(grant_for(*ring, 0, lap) == 0);
    for (uint32_t x : {1u, 17u, 128u, 255u}) {
      CHECK(grant_for(*ring, 0, lap + x) == x);
      CHECK(grant_for(*ring, 0, lap - x) == x);
    }
    CHECK(grant_for(*ring, 0, lap + 256) == 256);
    CHECK(grant_for(*ring, 0, lap - 256) == 256);
  }
  // Far below the first lap nothing is throttled.
  CHECK(grant_for(*ring, 0, 0x2000) == 256);
  CHECK(grant_for(*ring, 0, 0x3eff) == 256);
  CHECK(grant_for(*ring, 0, 100) == 100);
}

TEST_CASE("the fix grants full lookahead for any length 1..2^32-1", "[rtl][credit]") {
  VerilatedContext context;
  auto ring = make_ring(RingVariant::kFix, &context, "ring");
  std::mt19937 rng(11);
  for (uint32_t lines = 1; lines <= 1024; ++lines) {
    REQUIRE(grant_for(*ring, rng(), lines) == std::min<uint32_t>(lines, 256));
  }
  for (uint64_t lines : {0xffffffffull, 0xffffff00ull, 0xfffffeffull, 0x80000000ull, 0x7fffffffull,
                         0xffffc000ull, 0x100000ull * 0x400 - 1}) {
    INFO("lines " << lines);
    CHECK(grant_for(*ring, rng(), static_cast<uint32_t>(lines)) == 256);
  }
  for (int i = 0; i < 20000; ++i) {
    const uint32_t lines = std::max<uint32_t>(rng(), 256);
    REQUIRE(grant_for(*ring, rng(), lines) == 256);
  }
}

TEST_CASE("one epoch bit is not enough: it aliases on an even number of laps", "[rtl][credit]") {
  VerilatedContext context;
  auto ring = make_ring(test::variant("epoch1"), &context, "ring");
  CHECK(grant_for(*ring, 0, 1 * kRingLines) == 256);
  CHECK(grant_for(*ring, 0, 2 * kRingLines) == 0);
  CHECK(grant_for(*ring, 0, 3 * kRingLines) == 256);
  CHECK(grant_for(*ring, 0, 4 * kRingLines) == 0);
  CHECK(grant_for(*ring, 0, 2 * kRingLines - 10) == 10);
}

}  // namespace
}  // namespace anesim
