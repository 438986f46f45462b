// LPDDR5 channel checks against analytic figures: exact unloaded latency,
// and peak bandwidth within a stated tolerance.
#include <catch2/catch.hpp>

#include <vector>

#include "sim/dram_address_map.h"
#include "sim/lpddr5_channel.h"
#include "src/config/machine_config_reader.h"

namespace anesim {
namespace {

uint64_t single_read_latency(const DramConfig& d, Lpddr5Channel& ch, const DramCoord& at,
                             uint64_t start) {
  ch.enqueue(LineRequest{0, 0, 0, false, nullptr}, at, start);
  uint64_t done = 0;
  for (uint64_t t = start; done == 0 && t < start + 1000; ++t) {
    ch.tick(t, [&](const LineRequest&, uint64_t when) { done = when; });
  }
  (void)d;
  return done - start;
}

TEST_CASE("unloaded read latency is tRCD + RL + burst from a closed bank", "[dram]") {
  DramConfig d = builtin_config().dram;
  d.t.refi = 0;
  Lpddr5Channel ch(d);
  const uint64_t closed = single_read_latency(d, ch, DramCoord{0, 3, 7, 0}, 0);
  CHECK(closed == d.t.rcd + d.t.rl + d.t.burst);
  // At 800 MHz that is 36 CK = 45 ns for the LPDDR5-6400 preset.
  CHECK(closed * 1000.0 / d.clock_mhz == Approx(45.0).margin(0.01));
}

TEST_CASE("an open-page row hit costs RL + burst", "[dram]") {
  DramConfig d = builtin_config().dram;
  d.t.refi = 0;
  d.close_page = false;
  Lpddr5Channel ch(d);
  single_read_latency(d, ch, DramCoord{0, 1, 9, 0}, 0);
  CHECK(single_read_latency(d, ch, DramCoord{0, 1, 9, 1}, 200) == d.t.rl + d.t.burst);
  // A conflict pays tRP + tRCD on top.
  CHECK(single_read_latency(d, ch, DramCoord{0, 1, 10, 1}, 400) ==
        d.t.rp + d.t.rcd + d.t.rl + d.t.burst);
}

// Streams consecutive lines into every channel, keeping the queues full, and
// returns the delivered bandwidth in GB/s.
double streamed_gbps(const DramConfig& d, uint64_t cycles) {
  DramAddressMap map(d);
  std::vector<Lpddr5Channel> channels(d.channels, Lpddr5Channel(d));
  uint32_t next_line = 0;
  uint64_t lines_done = 0;
  std::vector<std::vector<uint32_t>> backlog(d.channels);
  for (uint64_t t = 0; t < cycles; ++t) {
    for (int i = 0; i < 8; ++i, ++next_line) {
      backlog[map.map(next_line).channel].push_back(next_line);
    }
    for (uint32_t c = 0; c < d.channels; ++c) {
      auto& b = backlog[c];
      size_t taken = 0;
      while (taken < b.size() && channels[c].can_accept()) {
        channels[c].enqueue(LineRequest{b[taken], 0, 0, true, nullptr}, map.map(b[taken]), t);
        ++taken;
      }
      b.erase(b.begin(), b.begin() + static_cast<std::ptrdiff_t>(taken));
      channels[c].tick(t, [&](const LineRequest&, uint64_t) { ++lines_done; });
    }
  }
  return lines_done * 64.0 / (cycles * 1000.0 / d.clock_mhz);
}

TEST_CASE("peak bandwidth is 102.4 GB/s, less refresh", "[dram]") {
  DramConfig d = builtin_config().dram;
  const double peak = d.channels * d.channel_bytes_per_cycle * d.clock_mhz / 1000.0;
  CHECK(peak == Approx(102.4));
  SECTION("without refresh, streaming reaches the peak within 2 %") {
    d.t.refi = 0;
    CHECK(streamed_gbps(d, 200000) == Approx(peak).epsilon(0.02));
  }
  SECTION("with refresh, the peak less (tRP + tRFC) / tREFI, within 2 %") {
    const double expected = peak * (1.0 - double(d.t.rp + d.t.rfc) / d.t.refi);
    CHECK(streamed_gbps(d, 200000) == Approx(expected).epsilon(0.02));
  }
}

TEST_CASE("the address map spreads consecutive lines over all channels", "[dram]") {
  const DramConfig d = builtin_config().dram;
  DramAddressMap map(d);
  std::vector<int> hits(d.channels, 0);
  for (uint32_t line = 0; line < 8 * d.channels; ++line) {
    ++hits[map.map(line).channel];
  }
  for (int h : hits) {
    CHECK(h == 8);
  }
  // 32 consecutive lines of one channel share a 2 KiB row.
  CHECK(map.map(0).row == map.map(8 * 31).row);
  CHECK(map.map(0).bank == map.map(8 * 31).bank);
}

}  // namespace
}  // namespace anesim
