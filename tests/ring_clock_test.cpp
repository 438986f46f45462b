// The cycle loop clocks a ring with one Verilator eval per cycle
// (PrefetchRing::clock); the waveform dump clocks it as two halves (fall,
// then rise). Both must be the same machine: two rings of every variant,
// one clocked each way, take the same random legal inputs (loads of random
// lengths around whole laps, back-pressure, retires, demand depths) and
// must agree on every output after every cycle.
#include <verilated.h>
#include <catch2/catch.hpp>

#include <random>

#include <sim/ring/geometry.h>
#include <sim/ring/prefetch_ring.h>
#include <sim/ring/ring_variant.h>

namespace anesim {
namespace {

bool same(const RingOutputs& a, const RingOutputs& b) {
  return a.task_ready == b.task_ready && a.req_valid == b.req_valid &&
         a.req_prefetch == b.req_prefetch && a.req_line == b.req_line && a.busy == b.busy &&
         a.prefetch_credit == b.prefetch_credit && a.page_credit == b.page_credit &&
         a.lookahead_open == b.lookahead_open && a.lines_issued == b.lines_issued &&
         a.lines_retired == b.lines_retired;
}

TEST_CASE("one eval per clock is the two-halves clock, cycle for cycle, in every variant",
          "[ring][clock]") {
  for (const RingVariantInfo& info : ring_variants()) {
    const RingVariant v = info.id;
    INFO("variant " << variant_name(v));
    VerilatedContext context;
    context.fatalOnError(false);
    auto one_eval = make_ring(v, &context, "one_eval");
    auto halves = make_ring(v, &context, "halves");
    std::mt19937 rng(20261202u + static_cast<uint32_t>(v));
    uint64_t cycles = 0, mismatches = 0, lines = 0;
    for (int transfer = 0; transfer < 6 && mismatches == 0; ++transfer) {
      one_eval->reset();
      halves->reset();
      // Lengths on and around whole laps, where the variants differ.
      const uint32_t laps = 1 + rng() % 2;
      const int32_t off = static_cast<int32_t>(rng() % 513) - 256;
      const uint32_t length = static_cast<uint32_t>(static_cast<int32_t>(laps * kRingLines) + off);
      RingInputs in;
      in.demand_depth = 1 + rng() % 3;
      in.task_valid = true;
      in.task_start_line = (rng() % 4) * (kRingLines / 4);
      in.task_lines = length;
      one_eval->clock(in);  // the load
      halves->fall(in);
      halves->rise();
      mismatches += same(one_eval->outputs(), halves->outputs()) ? 0 : 1;
      in.task_valid = false;
      uint64_t issued = 0, retired = 0;
      while (retired < length && cycles < 4'000'000 && mismatches == 0) {
        in.timebase = static_cast<uint32_t>(cycles);
        in.req_ready = rng() % 4 != 0;  // back-pressure one cycle in four
        in.line_retired = issued > retired && rng() % 3 != 0;
        one_eval->clock(in);
        halves->fall(in);
        halves->rise();
        ++cycles;
        mismatches += same(one_eval->outputs(), halves->outputs()) ? 0 : 1;
        issued = halves->outputs().lines_issued;
        retired += in.line_retired ? 1 : 0;
      }
      lines += retired;
      CHECK(retired == length);
    }
    INFO(cycles << " cycles, " << lines << " lines");
    CHECK(lines > 6 * uint64_t{kRingLines} / 2);  // the transfers ran
    CHECK(mismatches == 0);
    CHECK_FALSE(context.gotError());
  }
}

}  // namespace
}  // namespace anesim
